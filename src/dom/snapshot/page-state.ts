/**
 * scorm_get_page_state: the page as an agent needs it after an action, from one page read: where the SCO
 * is (frames, URLs, title), what it says (headings, a clipped text summary, the accessibility snapshot
 * as YAML), what can be done (controls, compact), what has focus, which dialogs are open, and where the
 * learner stands in SCORM terms.
 */
import { CourseTextFields } from '../course-text-fields.js';
import { SCO_FRAME } from '../frames.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { packageRelative } from '../../runtime/package-relative-url.js';
import { buildInteractiveElements, type InteractiveElement } from './interactive.js';
import { fitPageStateParts } from './page-state-budget.js';
import type { ScanHeading } from './page/types.js';
import { ANSWER_BUDGET_BYTES, jsonBytes } from '../../output/answer-budget.js';
import { readPage } from './read-page.js';
import { snapshotYaml } from './snapshot-yaml.js';

export interface PageStateOptions {
  includeSnapshot: boolean;
  /** Characters of snapshot YAML kept. */
  maxChars: number;
}

/** Characters of snapshot YAML kept when max_chars is not given. */
export const DEFAULT_SNAPSHOT_CHARS = 8_000;
const TEXT_SUMMARY_CHARS = 2_000;
const MAX_CONTROLS = 200;
const MAX_HEADINGS = 50;
const SNAPSHOT_TIMEOUT_MS = 8_000;

/** The data-model elements that say where the learner stands, per version. */
const STATUS_ELEMENTS = {
  '1.2': {
    lesson_status: 'cmi.core.lesson_status',
    location: 'cmi.core.lesson_location',
    score_raw: 'cmi.core.score.raw',
    exit: 'cmi.core.exit',
  },
  '2004': {
    completion_status: 'cmi.completion_status',
    success_status: 'cmi.success_status',
    location: 'cmi.location',
    score_scaled: 'cmi.score.scaled',
    score_raw: 'cmi.score.raw',
    progress_measure: 'cmi.progress_measure',
    exit: 'cmi.exit',
  },
} as const;

export async function readPageState(
  runtime: CourseRuntime,
  opts: PageStateOptions,
): Promise<Record<string, unknown>> {
  const read = await readPage(runtime);
  const found = buildInteractiveElements(read, { includeHidden: false, maxElements: MAX_CONTROLS });
  const scans = read.frames.map((f) => f.scan).filter((s) => s !== null);
  const headings = scans.flatMap((s) => s.headings);
  const dialogs = scans.flatMap((s) => s.dialogs);
  const summary = scans
    .map((s) => s.text)
    .filter((t) => t)
    .join(' ')
    .slice(0, TEXT_SUMMARY_CHARS);
  const focused =
    found.interactive_elements.find((e) => e.state.focused) ??
    read.frames.map((f) => f.scan?.focused).find((f): f is string => typeof f === 'string') ??
    null;
  const top = found.frames[0];
  const state: Record<string, unknown> = {
    sco_url: top ? packageRelative(runtime, top.url) : null,
    title: top?.title ?? '',
    frames: found.frames,
    headings: headings.slice(0, MAX_HEADINGS),
    interactive_elements: [],
    interactive_count: found.counts.interactive_elements,
    focused,
    dialogs,
    scorm: await scormStatus(runtime),
    notes: found.notes,
  };
  let snap: Snapshot | null = null;
  if (opts.includeSnapshot) {
    const { yaml, truncated, note } = await snapshotYaml(runtime, read, opts.maxChars, SNAPSHOT_TIMEOUT_MS);
    snap = {
      yaml,
      truncated,
      note:
        note ??
        (truncated
          ? `The snapshot was clipped at ${opts.maxChars} characters (max_chars); scorm_dom_find_interactive_elements lists every control.`
          : null),
    };
  }
  const parts = { state, controls: found.interactive_elements, focused, summary };
  let answer = assemble(parts, snap);
  // A max_chars larger than the answer budget holds gives the largest snapshot that fits, never a cut by
  // the MCP guard (which would leave snapshot_truncated unset): whole lines, said in a note.
  for (let tries = 0; snap && snap.yaml !== '' && tries < 3; tries++) {
    const over = jsonBytes(answer) - PAGE_STATE_BYTES;
    if (over <= 0) break;
    // Never less than the default's snapshot, which fits with the rest by the parts' shares.
    const fitted = leadingLines(snap.yaml, jsonBytes(snap.yaml) - over);
    const floor = leadingChars(snap.yaml, Math.min(opts.maxChars, DEFAULT_SNAPSHOT_CHARS));
    const yaml = fitted.length >= floor.length ? fitted : floor;
    if (yaml === snap.yaml) break;
    snap = {
      yaml,
      truncated: true,
      note: `max_chars asked for ${opts.maxChars} characters of snapshot; ${yaml.length} were given, the most that fits the ${ANSWER_BUDGET_BYTES}-byte answer budget with the rest of the page state. scorm_dom_query reads any part of the page; scorm_dom_find_interactive_elements lists every control.`,
    };
    answer = assemble(parts, snap);
  }
  return answer;
}

/** The JSON bytes a page state may take: the answer budget, less room for the MCP result around it. */
const PAGE_STATE_BYTES = ANSWER_BUDGET_BYTES - 1_000;

interface Snapshot {
  yaml: string;
  truncated: boolean;
  note: string | null;
}

interface PageParts {
  state: Record<string, unknown>;
  controls: InteractiveElement[];
  focused: InteractiveElement | string | null;
  summary: string;
}

/** The leading whole lines of `yaml` within `chars` characters (as renderSnapshotYaml clips). */
function leadingChars(yaml: string, chars: number): string {
  let size = 0;
  const kept: string[] = [];
  for (const line of yaml.split('\n')) {
    if (size + line.length + 1 > chars) break;
    kept.push(line);
    size += line.length + 1;
  }
  return kept.join('\n');
}

/** The leading whole lines of `yaml` whose JSON takes at most `bytes`. */
function leadingLines(yaml: string, bytes: number): string {
  const lines = yaml.split('\n');
  const kept: string[] = [];
  let size = 2;
  // Each line costs its escaped text plus the escaped newline (2 bytes), as much as its own quotes.
  for (const line of lines) {
    size += jsonBytes(line);
    if (size > bytes) break;
    kept.push(line);
  }
  return kept.join('\n');
}

/** The answer from the page read and a snapshot (or none). */
function assemble({ state: read, controls, focused, summary }: PageParts, snap: Snapshot | null) {
  const state: Record<string, unknown> = { ...read, notes: [...(read.notes as string[])] };
  let wholeSnapshot = false;
  if (snap) {
    state.snapshot = snap.yaml;
    state.snapshot_truncated = snap.truncated;
    wholeSnapshot = !snap.truncated && !snap.note;
    if (snap.note) (state.notes as string[]).push(snap.note);
  }
  // A control on a line of the snapshot has its role and name there, and its ref to act on it by; its
  // selector is for scorm_dom_find_interactive_elements, which lists it under the same ref.
  const snapshot = typeof state.snapshot === 'string' ? state.snapshot : '';
  const onLine = (ref: string | null): boolean => ref !== null && snapshot.includes(`[ref=${ref}]`);
  const lineOf = (e: InteractiveElement): string | null => {
    if (!onLine(e.ref)) return null;
    const at = snapshot.indexOf(`[ref=${e.ref}]`);
    return snapshot.slice(snapshot.lastIndexOf('\n', at) + 1, at);
  };
  const fitted = fitPageStateParts({
    title: state.title as string,
    headings: (state.headings as ScanHeading[]).filter((h) => !onLine(h.ref)),
    controls: controls.map((e) => compact(e, lineOf(e))),
  });
  state.title = fitted.title;
  state.headings = fitted.headings;
  const { byPurpose, others } = groupByPurpose(fitted.controls);
  state.interactive_elements = others;
  state.controls_by_purpose = byPurpose;
  (state.notes as string[]).push(...fitted.notes);
  if (focused && typeof focused === 'object') state.focused = compact(focused, lineOf(focused));
  // A whole snapshot already holds the page's text; the summary is for answers without one.
  if (!wholeSnapshot) {
    state.text_summary = summary;
    state.text_truncated = summary.length >= TEXT_SUMMARY_CHARS;
  }
  const fields = new CourseTextFields();
  state.notes = (state.notes as string[]).map((n) => fields.sentence(n));
  return leaveOutDefaults({ ...state, ...fields.details() });
}

const LEFT_OUT_EMPTY = new Set(['dialogs', 'notes', 'headings', 'interactive_elements']);

/**
 * A control whose snapshot line says all but its purpose is named there; the answer only groups its ref
 * under that purpose (one of "next", "answer_option"… as find_interactive_elements assigns them). One
 * whose purpose is its role is said by its line alone.
 */
function groupByPurpose(controls: Array<Record<string, unknown>>): {
  byPurpose: Record<string, string[]>;
  others: Array<Record<string, unknown>>;
} {
  const byPurpose: Record<string, string[]> = {};
  const others: Array<Record<string, unknown>> = [];
  for (const c of controls) {
    const keys = Object.keys(c);
    const lineSaysAll = typeof c.ref === 'string' && keys.every((k) => k === 'ref' || k === 'purpose');
    if (!lineSaysAll) others.push(c);
    else if (typeof c.purpose === 'string') (byPurpose[c.purpose] ??= []).push(c.ref as string);
  }
  return { byPurpose, others };
}

/**
 * An agent reads the page state after every action, so it says nothing twice and no defaults (issue 22):
 * frames[0] is the SCO document, whose url and title are sco_url and title (so the SCO document alone is
 * no list); no focus, no dialog, no note,
 * a whole snapshot and SCORM values the course has not set are left out.
 */
function leaveOutDefaults(state: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (value === null && key === 'focused') continue;
    if (Array.isArray(value) && value.length === 0 && LEFT_OUT_EMPTY.has(key)) continue;
    if (key === 'controls_by_purpose' && Object.keys(value as object).length === 0) continue;
    if (value === false && (key === 'snapshot_truncated' || key === 'text_truncated')) continue;
    out[key] = value;
  }
  const frames = state.frames as Array<Record<string, unknown>>;
  const [sco, ...others] = frames;
  if (sco && others.length > 0) {
    const { url: _url, title: _title, ...rest } = sco;
    out.frames = [rest, ...others];
  } else delete out.frames;
  out.scorm = Object.fromEntries(
    Object.entries(state.scorm as Record<string, unknown>).filter(([, v]) => v !== null),
  );
  return out;
}

/**
 * What the snapshot line of a control (`line`, up to its ref; null: not on one) does not say: its
 * purpose, frame and facts that are not the defaults.
 */
function compact(e: InteractiveElement, line: string | null): Record<string, unknown> {
  const { disabled, visible, focused: _focused, checked, ...rest } = e.state;
  const onSnapshotLine = line !== null;
  const state: Record<string, unknown> = {
    ...(disabled && !line?.includes('[disabled]') ? { disabled } : {}),
    ...(visible ? {} : { visible }),
    ...(checked === false || checked === undefined || line?.includes('[checked') ? {} : { checked }),
    ...rest,
  };
  return {
    ref: e.ref,
    ...(onSnapshotLine ? {} : { selector: e.selector }),
    ...(e.frame === SCO_FRAME ? {} : { frame: e.frame }),
    ...(onSnapshotLine ? {} : { role: e.role, name: e.name }),
    ...(e.purpose === e.role ? {} : { purpose: e.purpose }),
    ...(Object.keys(state).length > 0 ? { state } : {}),
  };
}

async function scormStatus(runtime: CourseRuntime): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    version: runtime.version,
    initialize_state: runtime.initializeState,
  };
  try {
    const model = await runtime.getDataModel();
    for (const [key, element] of Object.entries(STATUS_ELEMENTS[runtime.version])) {
      out[key] = model[element] ?? null;
    }
  } catch (err) {
    out.data_model_error = err instanceof Error ? err.message.split('\n')[0] : String(err);
  }
  return out;
}
