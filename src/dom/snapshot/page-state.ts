/**
 * scorm_get_page_state: the page as an agent needs it after an action, from one page read: where the SCO
 * is (frames, URLs, title), what it says (headings, a clipped text summary, the accessibility snapshot
 * as YAML), what can be done (controls, compact), what has focus, which dialogs are open, and where the
 * learner stands in SCORM terms.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { packageRelative } from '../../runtime/package-relative-url.js';
import { buildInteractiveElements } from './interactive.js';
import { fitPageState } from './page-state-answer.js';
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
    headings: [],
    interactive_elements: [],
    interactive_count: found.counts.interactive_elements,
    focused,
    dialogs,
    scorm: await scormStatus(runtime),
    notes: found.notes,
  };
  const snapshot = opts.includeSnapshot
    ? await snapshotYaml(runtime, read, opts.maxChars, SNAPSHOT_TIMEOUT_MS)
    : null;
  return fitPageState({
    state,
    headings: headings.slice(0, MAX_HEADINGS),
    controls: found.interactive_elements,
    focused,
    summary,
    summaryTruncated: summary.length >= TEXT_SUMMARY_CHARS,
    snapshot,
    maxChars: opts.maxChars,
    floorChars: DEFAULT_SNAPSHOT_CHARS,
  });
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
