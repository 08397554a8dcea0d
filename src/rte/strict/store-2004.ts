/**
 * Our own SCORM 2004 run-time data store (RTE book, section 4). It holds what the strict front has
 * already checked for existence, access and value space, and answers for the collections (counts,
 * order of records, identifiers that must come first and stay unique) and the LMS-computed values
 * (completion and success status from thresholds, total time). What runs per call keeps to
 * ../../core/intrinsics.ts: in the player page it shares its realm with the course.
 */
import { hasOwn } from '../../core/intrinsics.js';
import { collectionLevels, TOP_COLLECTIONS, type CollectionLevel } from './collections.js';
import { durationSeconds, formatDuration } from './duration.js';
import { toPattern } from './names.js';
import type { Outcome } from './shared-data.js';

const ok = (value: string): Outcome => ({ ok: true, value });
const err = (code: string, diagnostic: string): Outcome => ({ ok: false, code, diagnostic });

/** Values an element has before anything sets it (RTE book defaults); absent elements answer 403. */
const DEFAULTS: Readonly<Record<string, string>> = {
  'cmi._version': '1.0',
  'cmi.completion_status': 'unknown',
  'cmi.success_status': 'unknown',
  'cmi.credit': 'credit',
  'cmi.mode': 'normal',
  'cmi.entry': 'ab-initio',
  'cmi.total_time': 'PT0S',
  'cmi.time_limit_action': 'continue,no message',
  'cmi.learner_preference.audio_level': '1',
  'cmi.learner_preference.language': '',
  'cmi.learner_preference.delivery_speed': '1',
  'cmi.learner_preference.audio_captioning': '0',
  'cmi.objectives.n.success_status': 'unknown',
  'cmi.objectives.n.completion_status': 'unknown',
};

function defaultOf(pattern: string): string | undefined {
  return hasOwn(DEFAULTS, pattern) ? DEFAULTS[pattern] : undefined;
}

const SINGLE_PATTERN = new Set(['true-false', 'likert', 'numeric', 'other']);
/** Types whose correct-response patterns must differ from each other. */
const DISTINCT_PATTERNS = new Set(['choice', 'sequencing']);

export class DataStore2004 {
  private readonly values = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  /** Elements the content set itself (not loaded by the LMS), e.g. a status it set to "unknown". */
  private readonly written = new Set<string>();

  /** Values the LMS loads before Initialize (launch data, restored attempt). Not checked. */
  load(initial: Readonly<Record<string, string>>): void {
    for (const name of Object.keys(initial)) {
      const levels = collectionLevels(name);
      for (let i = 0; i < levels.length; i++) {
        const level = levels[i] as CollectionLevel;
        this.counts.set(level.path, Math.max(this.count(level.path), level.index + 1));
      }
      this.values.set(name, initial[name] as string);
    }
  }

  count(path: string): number {
    return this.counts.get(path) ?? 0;
  }

  get(name: string): Outcome {
    const levels = collectionLevels(name);
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i] as CollectionLevel;
      if (!level.canonical || level.index >= this.count(level.path)) {
        return err(
          '301',
          `${level.path} has ${this.count(level.path)} records; index ${level.index} does not exist yet`,
        );
      }
    }
    if (name === 'cmi.completion_status') return ok(this.completionStatus());
    if (name === 'cmi.success_status') return ok(this.successStatus());
    const value = this.values.get(name) ?? defaultOf(toPattern(name));
    return value === undefined ? err('403', `${name} has not been set`) : ok(value);
  }

  /** Reads a stored value with no error semantics (for checks that depend on other elements). */
  peek(name: string): string | undefined {
    return this.values.get(name);
  }

  /**
   * Where a SetValue lands, checked before its value: the record must exist or be the next one, a
   * new objective or interaction starts with its id, and a correct response must have room.
   */
  checkPosition(name: string, value: string): Outcome {
    const levels = collectionLevels(name);
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i] as CollectionLevel;
      const count = this.count(level.path);
      if (!level.canonical)
        return err('351', `${level.path}.${level.field}: write the index without leading zeros`);
      if (level.index > count) {
        return err('351', `${level.path} has ${count} records: set index ${count} next, not ${level.index}`);
      }
      if (level.index === count && level.keyed && level.field !== 'id') {
        return err('408', `set ${level.path}.${level.index}.id before its other elements`);
      }
    }
    const innermost = levels[levels.length - 1];
    if (innermost && innermost.field === 'id' && innermost.path !== 'cmi.interactions') {
      const clash = this.idProblem(innermost.path, innermost.index, value, innermost.keyed);
      if (clash) return err('351', clash);
    }
    if (innermost && innermost.path.endsWith('.correct_responses')) {
      const full = this.correctResponseProblem(innermost.path, innermost.index, value);
      if (full) return err('351', full);
    }
    return ok('true');
  }

  /** Stores a value whose position and value space were checked. */
  set(name: string, value: string): Outcome {
    const position = this.checkPosition(name, value);
    if (!position.ok) return position;
    const levels = collectionLevels(name);
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i] as CollectionLevel;
      if (level.index === this.count(level.path)) this.counts.set(level.path, level.index + 1);
    }
    this.values.set(name, value);
    this.written.add(name);
    return ok('true');
  }

  /** The elements the content has set since this store was loaded. */
  setByContent(): ReadonlySet<string> {
    const out = new Set<string>();
    this.written.forEach((name) => out.add(name));
    return out;
  }

  /** Identifiers are unique within their collection, and an objective keeps the id it was given. */
  private idProblem(path: string, index: number, value: string, keyed: boolean): string | undefined {
    const own = this.values.get(`${path}.${index}.id`);
    if (path === 'cmi.objectives' && own !== undefined && own !== value) {
      return `${path}.${index}.id is already "${own}"; an objective's identifier cannot change`;
    }
    for (let i = 0; i < this.count(path); i++) {
      if (i !== index && this.values.get(`${path}.${i}.id`) === value) {
        return `"${value}" is already the id of ${path}.${i}${keyed ? '' : ' (identifiers must be unique)'}`;
      }
    }
    return undefined;
  }

  /** RTE 4.2.9.1: one correct response for some types; distinct patterns for choice and sequencing. */
  private correctResponseProblem(path: string, index: number, value: string): string | undefined {
    const type = this.values.get(`${path.slice(0, -'.correct_responses'.length)}.type`) ?? '';
    if (SINGLE_PATTERN.has(type) && index > 0)
      return `a ${type} interaction has exactly one correct response`;
    if (!DISTINCT_PATTERNS.has(type)) return undefined;
    for (let i = 0; i < this.count(path); i++) {
      if (i !== index && this.values.get(`${path}.${i}.pattern`) === value) {
        return `${path}.${i}.pattern is already ${JSON.stringify(value.slice(0, 40))}; patterns must differ`;
      }
    }
    return undefined;
  }

  /** RTE 4.2.4: with a completion threshold, completion follows cmi.progress_measure. */
  private completionStatus(): string {
    const threshold = this.values.get('cmi.completion_threshold');
    const stored = this.values.get('cmi.completion_status') ?? 'unknown';
    if (threshold === undefined) return stored;
    const progress = this.values.get('cmi.progress_measure');
    if (progress === undefined) return 'unknown';
    return Number(progress) >= Number(threshold) ? 'completed' : 'incomplete';
  }

  /** RTE 4.2.22: with a scaled passing score, success follows cmi.score.scaled. */
  private successStatus(): string {
    const passing = this.values.get('cmi.scaled_passing_score');
    const stored = this.values.get('cmi.success_status') ?? 'unknown';
    if (passing === undefined) return stored;
    const scaled = this.values.get('cmi.score.scaled');
    if (scaled === undefined) return 'unknown';
    return Number(scaled) >= Number(passing) ? 'passed' : 'failed';
  }

  /** At Terminate: the session's time joins the total. */
  accumulateSessionTime(): void {
    const reported = this.values.get('cmi.session_time');
    if (reported === undefined) return;
    const session = durationSeconds(reported) ?? 0;
    const total = durationSeconds(this.values.get('cmi.total_time') ?? 'PT0S') ?? 0;
    this.values.set('cmi.total_time', formatDuration(total + session));
  }

  /** Every stored value, for saving the attempt. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.values);
  }

  /**
   * The data model for display and for comparing with the record: the stored values, the default of
   * each top-level element not set, and the `_count` of every collection. Statuses are as stored
   * (GetValue evaluates them against thresholds when asked).
   */
  view(): Record<string, string> {
    // Built with a null prototype and indexed loops: it runs at Initialize, Commit and Terminate, in
    // the course's realm (see ../../core/intrinsics.ts).
    const out = Object.create(null) as Record<string, string>;
    this.values.forEach((value, name) => (out[name] = value));
    const patterns = Object.keys(DEFAULTS);
    for (let i = 0; i < patterns.length; i++) {
      const pattern = patterns[i] as string;
      if (!pattern.includes('.n.') && !pattern.includes('._') && !hasOwn(out, pattern)) {
        out[pattern] = DEFAULTS[pattern] as string;
      }
    }
    for (let i = 0; i < TOP_COLLECTIONS.length; i++) {
      const path = TOP_COLLECTIONS[i] as string;
      out[`${path}._count`] = String(this.count(path));
    }
    this.counts.forEach((count, path) => (out[`${path}._count`] = String(count)));
    return out;
  }
}
