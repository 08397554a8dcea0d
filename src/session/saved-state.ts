/**
 * Saved learner state, as the persistence flow describes, keyed by course, learner and activity: one
 * file per (namespace, course id, learner id) holds the data model of each activity (SCO) saved so far,
 * plus the sequencing state of the whole course. Closing a SCO rewrites its activity only; the next
 * launch of that SCO resumes when its own saved exit is "suspend" and the attempt holds learner data
 * (RTE: cmi.entry is "resume" after a suspended session), unless a new attempt is forced. A new attempt
 * over saved data keeps that data as the activity's previous attempt. Files are written atomically;
 * the ids stored in a file are checked on every load.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../core/errors.js';
import { DEFAULT_LEARNER_ID } from '../rte/adapter/rte-init.js';
import { writeFileAtomic } from './atomic-write.js';
import { dataDir } from './data-dir.js';
import { learnerDataElements } from './learner-data.js';
import type { PackageFingerprint } from './package-fingerprint.js';

export const SAVED_STATE_FORMAT = 'scorm-tester/saved-state@2';
/** The one-activity format written before activities were keyed; migrated once when its course id matches. */
export const LEGACY_SAVED_STATE_FORMAT = 'scorm-tester/saved-state@1';
export const DEFAULT_NAMESPACE = 'mcp';

export type ScormVersion = '1.2' | '2004';

/** Whose state a file holds. */
export interface StateKey {
  courseId: string;
  /** Default: the learner id every launch gets when none is given (DEFAULT_LEARNER_ID). */
  learnerId?: string;
  namespace?: string;
  /** The package open now: what it saves is marked as written by it (not part of the key). */
  writer?: PackageFingerprint;
}

export interface SavedActivity {
  /** Manifest item identifier of the SCO. */
  sco_id: string;
  scorm_version: ScormVersion;
  saved_at: string;
  /** Flat data model (element -> value), as the engine holds it at Terminate. */
  data: Record<string, string>;
  /** Attempts this one replaced after they ended (or were set aside by a new attempt), newest first. */
  previous_attempts?: PreviousAttempt[];
  /**
   * The SCORM attempt this data belongs to (1 for the first): a resumed attempt keeps it, a new attempt
   * over learner data takes the next. Absent in files written before it was kept: 1 + previous_attempts.
   */
  attempt?: number;
  /** The package whose save wrote this data; absent in files written before writers were recorded. */
  written_by?: PackageFingerprint;
}

/** An earlier attempt on an activity, kept when a new attempt was saved over it. */
export interface PreviousAttempt {
  saved_at: string;
  data: Record<string, string>;
}

/** How many ended attempts an activity keeps. */
export const PREVIOUS_ATTEMPTS_KEPT = 5;

export interface SavedState {
  format: typeof SAVED_STATE_FORMAT;
  course_id: string;
  learner_id: string;
  namespace: string;
  saved_at: string;
  activities: SavedActivity[];
  /** Tracking state of the whole activity tree, saved after every sequencing step; null if never sequenced. */
  sequencing: Record<string, unknown> | null;
  /** The package whose save wrote the sequencing section; absent before writers were recorded. */
  sequencing_written_by?: PackageFingerprint;
}

/**
 * Why a launch did not resume: a new attempt was asked for, nothing is saved for this SCO, it was saved
 * under the other SCORM version, its attempt ended (saved exit not "suspend"), or it was suspended
 * without any learner data in it.
 */
export type FreshStartReason =
  'new_attempt' | 'no_saved_state' | 'scorm_version_changed' | 'exit_not_suspend' | 'suspended_without_data';

export const FRESH_START_REASONS = [
  'new_attempt',
  'no_saved_state',
  'scorm_version_changed',
  'exit_not_suspend',
  'suspended_without_data',
] as const satisfies readonly FreshStartReason[];

/** The saved attempt a fresh start did not resume: kept as a previous attempt when the new one is saved. */
export interface SetAsideAttempt {
  saved_at: string;
  exit: string;
  learner_data: string[];
}

/** `attempt`: the SCORM attempt the launch resumes, or the new one it begins. */
export type ResumeDecision =
  | { resume: true; activity: SavedActivity; path: string; learnerData: string[]; attempt: number }
  | {
      resume: false;
      reason: FreshStartReason;
      path: string;
      exit?: string;
      setAside?: SetAsideAttempt;
      attempt: number;
    };

export interface SaveRequest extends StateKey {
  scoId: string;
  scormVersion: ScormVersion;
  data: Record<string, string>;
  /** This data is a new attempt: the saved one, if it holds learner data, becomes a previous attempt. */
  newAttempt?: boolean;
}

export interface CourseSave {
  scormVersion: ScormVersion;
  /** Data model of each activity to replace, by SCO (activity) id. */
  activities: Record<string, Record<string, string>>;
  /** The sequencing section to write; undefined keeps the saved one. */
  sequencing?: Record<string, unknown> | null;
  /** Activities whose data is a new attempt (see SaveRequest.newAttempt). */
  newAttempts?: ReadonlySet<string>;
}

/** A readable, file-name-safe form of a course id; not unique (the file name adds a hash for that). */
export function sanitizeCourseId(courseId: string): string {
  const cleaned = courseId
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120);
  return cleaned || 'unknown_course';
}

function fullKey(key: StateKey): Required<Omit<StateKey, 'writer'>> {
  return {
    courseId: key.courseId,
    learnerId: key.learnerId ?? DEFAULT_LEARNER_ID,
    namespace: key.namespace ?? DEFAULT_NAMESPACE,
  };
}

export class SavedStateStore {
  /** Saves of one file run one after another (each is a read-modify-write of the whole file). */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string = join(dataDir(), 'scorm-sessions')) {}

  /** `<namespace>_<readable course id>_<hash of the exact course id and learner id>.json` */
  pathFor(key: StateKey): string {
    const k = fullKey(key);
    const hash = createHash('sha256')
      .update(JSON.stringify([k.courseId, k.learnerId]))
      .digest('hex')
      .slice(0, 32);
    return join(this.dir, `${k.namespace}_${sanitizeCourseId(k.courseId).slice(0, 60)}_${hash}.json`);
  }

  /** Where the first format kept a course's state (`mcp_<sanitized course id>.json`, no learner). */
  legacyPathFor(key: StateKey): string | null {
    const k = fullKey(key);
    if (k.learnerId !== DEFAULT_LEARNER_ID || k.namespace !== DEFAULT_NAMESPACE) return null;
    return join(this.dir, `${k.namespace}_${sanitizeCourseId(k.courseId)}.json`);
  }

  /** The saved state of this course and learner, or null; SESSION_STATE_CORRUPT when unreadable or not theirs. */
  async load(key: StateKey): Promise<SavedState | null> {
    const path = this.pathFor(key);
    const text = await readIfExists(path);
    if (text === null) return this.migrateLegacy(key);
    return checkState(parseJson(path, text), fullKey(key), path);
  }

  async decide(
    key: StateKey,
    launch: { scoId: string; scormVersion: ScormVersion; newAttempt: boolean },
  ): Promise<ResumeDecision> {
    const path = this.pathFor(key);
    const state = await this.load(key).catch((error: unknown) => {
      // A new attempt does not need the saved state: an unreadable file is replaced when it is saved.
      if (launch.newAttempt) return null;
      throw error;
    });
    const activity = state?.activities.find((a) => a.sco_id === launch.scoId);
    if (!activity) {
      return {
        resume: false,
        reason: launch.newAttempt ? 'new_attempt' : 'no_saved_state',
        path,
        attempt: 1,
      };
    }
    const verdict = resumability(activity);
    const setAside = (exit: string): SetAsideAttempt | undefined =>
      verdict.learnerData.length > 0
        ? { saved_at: activity.saved_at, exit, learner_data: verdict.learnerData }
        : undefined;
    const fresh = (reason: FreshStartReason, exit: string): ResumeDecision => {
      const aside = setAside(exit);
      return {
        resume: false,
        reason,
        path,
        exit,
        ...(aside ? { setAside: aside } : {}),
        attempt: nextAttemptNumber(activity),
      };
    };
    if (launch.newAttempt) return fresh('new_attempt', verdict.exit);
    if (activity.scorm_version !== launch.scormVersion) return fresh('scorm_version_changed', verdict.exit);
    if (verdict.exit !== 'suspend') return fresh('exit_not_suspend', verdict.exit);
    if (verdict.learnerData.length === 0) return fresh('suspended_without_data', verdict.exit);
    return {
      resume: true,
      activity,
      path,
      learnerData: verdict.learnerData,
      attempt: attemptNumber(activity),
    };
  }

  /**
   * The activity a learner left suspended most recently (among `scoIds`), the one an LMS returns them
   * to when they open the course again; null when none would resume, or when sequencing ran on the
   * course (its saved state decides where the learner resumes).
   */
  async lastSuspended(key: StateKey, scoIds: ReadonlySet<string>): Promise<SavedActivity | null> {
    const state = await this.load(key);
    if (state?.sequencing) return null;
    let last: SavedActivity | null = null;
    for (const activity of state?.activities ?? []) {
      if (!scoIds.has(activity.sco_id)) continue;
      const verdict = resumability(activity);
      if (verdict.exit !== 'suspend' || verdict.learnerData.length === 0) continue;
      if (!last || activity.saved_at > last.saved_at) last = activity;
    }
    return last;
  }

  /**
   * Replaces the saved data model of one activity, keeping the others. A file that cannot be read as
   * this course's state is replaced: opening reports it (SESSION_STATE_CORRUPT) and saving is only
   * reached after the caller chose a new attempt.
   */
  async save(request: SaveRequest): Promise<string> {
    return this.saveCourse(request, {
      scormVersion: request.scormVersion,
      activities: { [request.scoId]: request.data },
      ...(request.newAttempt ? { newAttempts: new Set([request.scoId]) } : {}),
    });
  }

  /**
   * Replaces the saved data model of the given activities (keeping the others) and, when given, the
   * sequencing section (the whole tracking state of a sequenced course).
   */
  async saveCourse(key: StateKey, update: CourseSave): Promise<string> {
    const path = this.pathFor(key);
    return this.serialized(path, async () => {
      const k = fullKey(key);
      const existing = await this.load(key).catch(() => null);
      const now = new Date().toISOString();
      const changed = Object.entries(update.activities).map(([scoId, data]): SavedActivity => {
        const before = existing?.activities.find((a) => a.sco_id === scoId);
        const fresh = update.newAttempts?.has(scoId) === true;
        const previous = fresh ? setAsideAttempt(before) : (before?.previous_attempts ?? []);
        return {
          sco_id: scoId,
          scorm_version: update.scormVersion,
          saved_at: now,
          data,
          ...(previous.length > 0 ? { previous_attempts: previous } : {}),
          attempt: !before ? 1 : fresh ? nextAttemptNumber(before) : attemptNumber(before),
          ...(key.writer ? { written_by: key.writer } : {}),
        };
      });
      const state: SavedState = {
        format: SAVED_STATE_FORMAT,
        course_id: k.courseId,
        learner_id: k.learnerId,
        namespace: k.namespace,
        saved_at: now,
        activities: [
          ...(existing?.activities ?? []).filter((a) => !Object.hasOwn(update.activities, a.sco_id)),
          ...changed,
        ],
        sequencing: update.sequencing === undefined ? (existing?.sequencing ?? null) : update.sequencing,
      };
      const sequencingWriter =
        update.sequencing === undefined ? existing?.sequencing_written_by : (key.writer ?? undefined);
      if (state.sequencing !== null && sequencingWriter) state.sequencing_written_by = sequencingWriter;
      await writeFileAtomic(path, JSON.stringify(state, null, 2) + '\n');
      return path;
    });
  }

  /** Deletes the saved state of this course and learner (and a legacy file that belongs to it). */
  async clear(key: StateKey): Promise<{ path: string; deleted: boolean }> {
    const path = this.pathFor(key);
    return this.serialized(path, async () => {
      const legacy = await this.ownLegacyFile(key);
      if (legacy) await rm(legacy.path, { force: true });
      try {
        await rm(path);
        return { path, deleted: true };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path, deleted: legacy !== null };
        throw error;
      }
    });
  }

  private async serialized<T>(path: string, task: () => Promise<T>): Promise<T> {
    const previous = this.writing.get(path) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.writing.set(path, next);
    try {
      return await next;
    } finally {
      if (this.writing.get(path) === next) this.writing.delete(path);
    }
  }

  /**
   * A first-format file counts only when it names exactly this course (the old file name mapped course
   * ids differing in "/", ":" or "_" to one file); any other is ignored and left alone.
   */
  private async ownLegacyFile(key: StateKey): Promise<{ path: string; activity: SavedActivity } | null> {
    const path = this.legacyPathFor(key);
    if (!path) return null;
    const text = await readIfExists(path).catch(() => null);
    if (text === null) return null;
    let old: Record<string, unknown>;
    try {
      old = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (
      old?.format !== LEGACY_SAVED_STATE_FORMAT ||
      old.course_id !== key.courseId ||
      typeof old.sco_id !== 'string' ||
      (old.scorm_version !== '1.2' && old.scorm_version !== '2004') ||
      !isStringMap(old.data)
    ) {
      return null;
    }
    return {
      path,
      activity: {
        sco_id: old.sco_id,
        scorm_version: old.scorm_version,
        saved_at: typeof old.saved_at === 'string' ? old.saved_at : new Date(0).toISOString(),
        data: old.data,
      },
    };
  }

  /** One-time move of this course's first-format file into the keyed format. */
  private async migrateLegacy(key: StateKey): Promise<SavedState | null> {
    const legacy = await this.ownLegacyFile(key);
    if (!legacy) return null;
    const k = fullKey(key);
    const state: SavedState = {
      format: SAVED_STATE_FORMAT,
      course_id: k.courseId,
      learner_id: k.learnerId,
      namespace: k.namespace,
      saved_at: legacy.activity.saved_at,
      activities: [legacy.activity],
      sequencing: null,
    };
    try {
      await writeFileAtomic(this.pathFor(key), JSON.stringify(state, null, 2) + '\n');
      await rm(legacy.path, { force: true });
    } catch {
      // A read-only data dir: resume from the old file now; the next save that succeeds moves it.
    }
    return state;
  }
}

/** The saved exit of an activity and the elements of its data that hold learner data. */
function resumability(activity: SavedActivity): { exit: string; learnerData: string[] } {
  const is12 = activity.scorm_version === '1.2';
  return {
    exit: activity.data[is12 ? 'cmi.core.exit' : 'cmi.exit'] ?? '',
    learnerData: learnerDataElements(activity.data, activity.scorm_version),
  };
}

/** The previous attempts of an activity once a new attempt replaces it (an attempt without data is not kept). */
/** The SCORM attempt a saved activity's data belongs to. */
export function attemptNumber(activity: SavedActivity): number {
  const n = activity.attempt;
  return Number.isSafeInteger(n) && (n as number) > 0
    ? (n as number)
    : 1 + (activity.previous_attempts?.length ?? 0);
}

/** The number of a new attempt over a saved one: the next, unless the saved one holds no learner data (it is replaced, as setAsideAttempt drops it). */
function nextAttemptNumber(before: SavedActivity): number {
  const kept = learnerDataElements(before.data, before.scorm_version).length > 0;
  return attemptNumber(before) + (kept ? 1 : 0);
}

function setAsideAttempt(before: SavedActivity | undefined): PreviousAttempt[] {
  if (!before) return [];
  const older = before.previous_attempts ?? [];
  if (learnerDataElements(before.data, before.scorm_version).length === 0) return older;
  return [{ saved_at: before.saved_at, data: before.data }, ...older].slice(0, PREVIOUS_ATTEMPTS_KEPT);
}

/** The file's text; null when it does not exist (ENOTDIR: a parent is not a directory, so it cannot). */
async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    return corrupt(path, `it cannot be read (${(error as Error).message})`);
  }
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return corrupt(path, `it is not valid JSON (${(error as Error).message})`);
  }
}

function isStringMap(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string');
}

function checkState(value: unknown, key: Required<Omit<StateKey, 'writer'>>, path: string): SavedState {
  const state = value as Partial<SavedState> | null;
  if (typeof state !== 'object' || state === null || state.format !== SAVED_STATE_FORMAT) {
    return corrupt(path, `it is not a ${SAVED_STATE_FORMAT} file`);
  }
  for (const [field, expected] of [
    ['course_id', key.courseId],
    ['learner_id', key.learnerId],
    ['namespace', key.namespace],
  ] as const) {
    if (state[field] !== expected) {
      return corrupt(
        path,
        `it holds the state of ${field} ${JSON.stringify(state[field])}, not ${JSON.stringify(expected)}`,
      );
    }
  }
  if (!Array.isArray(state.activities)) return corrupt(path, 'it has no activities list');
  const seen = new Set<string>();
  for (const activity of state.activities as unknown[]) {
    const a = activity as Partial<SavedActivity> | null;
    if (
      typeof a !== 'object' ||
      a === null ||
      typeof a.sco_id !== 'string' ||
      (a.scorm_version !== '1.2' && a.scorm_version !== '2004')
    ) {
      return corrupt(path, 'an activity lacks its sco_id or scorm_version');
    }
    if (seen.has(a.sco_id)) return corrupt(path, `activity ${JSON.stringify(a.sco_id)} appears twice`);
    seen.add(a.sco_id);
    if (!isStringMap(a.data)) {
      return corrupt(path, `the data of activity ${JSON.stringify(a.sco_id)} is not a map of strings`);
    }
    const previous = a.previous_attempts;
    if (
      previous !== undefined &&
      (!Array.isArray(previous) ||
        !previous.every(
          (p: Partial<PreviousAttempt> | null) => typeof p?.saved_at === 'string' && isStringMap(p.data),
        ))
    ) {
      return corrupt(path, `the previous attempts of activity ${JSON.stringify(a.sco_id)} are not readable`);
    }
  }
  const sequencing = state.sequencing ?? null;
  if (sequencing !== null && (typeof sequencing !== 'object' || Array.isArray(sequencing))) {
    return corrupt(path, 'its sequencing section is not an object');
  }
  return { ...(state as SavedState), sequencing };
}

/** SESSION_STATE_CORRUPT for the saved state at `path`, with both ways out. */
export function corrupt(path: string, why: string): never {
  fail(
    'SESSION_STATE_CORRUPT',
    `The saved learner state at ${path} is unreadable: ${why}. Open with new_attempt: true (or force_new: true) to start fresh, or call scorm_clear_saved_data to delete it.`,
    { path },
  );
}
