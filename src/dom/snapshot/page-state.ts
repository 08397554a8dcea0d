/**
 * scorm_get_page_state: the page as an agent needs it after an action, from one page read: where the SCO
 * is (frames, URLs, title), what it says (headings, a clipped text summary, the accessibility snapshot
 * as YAML), what can be done (controls, compact), what has focus, which dialogs are open, and where the
 * learner stands in SCORM terms.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { renderSnapshotYaml, subtreeText, walkNodes, type AriaNode } from './aria.js';
import { buildInteractiveElements, type InteractiveElement } from './interactive.js';
import { readPage } from './read-page.js';

export interface PageStateOptions {
  includeSnapshot: boolean;
  /** Characters of snapshot YAML kept. */
  maxChars: number;
}

const TEXT_SUMMARY_CHARS = 2_000;
const MAX_CONTROLS = 200;

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
  const roots: AriaNode[] = read.snapshot ?? [];
  const headings: Array<{ level: number | null; text: string; ref: string | null }> = [];
  const dialogs: Array<{ role: string; name: string; ref: string | null; text: string }> = [];
  walkNodes(roots, (node) => {
    if (node.role === 'heading') {
      headings.push({
        level: node.level ?? null,
        text: node.name || subtreeText(node, 200),
        ref: node.ref ?? null,
      });
    } else if (node.role === 'dialog' || node.role === 'alertdialog' || node.role === 'alert') {
      dialogs.push({
        role: node.role,
        name: node.name ?? '',
        ref: node.ref ?? null,
        text: subtreeText(node, 500),
      });
    }
  });
  const summary = roots
    .map((r) => subtreeText(r, TEXT_SUMMARY_CHARS))
    .join(' ')
    .slice(0, TEXT_SUMMARY_CHARS);
  const focused =
    found.interactive_elements.find((e) => e.state.focused) ??
    read.frames.map((f) => f.scan?.focused).find((f): f is string => typeof f === 'string') ??
    null;
  const top = found.frames[0];
  const state: Record<string, unknown> = {
    sco_url: top?.url ?? null,
    title: top?.title ?? '',
    frames: found.frames,
    headings: headings.slice(0, 50),
    text_summary: summary,
    text_truncated: summary.length >= TEXT_SUMMARY_CHARS,
    interactive_elements: found.interactive_elements.map(compact),
    interactive_count: found.counts.interactive_elements,
    focused: focused && typeof focused === 'object' ? compact(focused) : focused,
    dialogs,
    scorm: await scormStatus(runtime),
    notes: found.notes,
  };
  if (opts.includeSnapshot) {
    const { yaml, truncated } =
      roots.length > 0 ? renderSnapshotYaml(roots, opts.maxChars) : { yaml: '', truncated: false };
    state.snapshot = yaml;
    state.snapshot_truncated = truncated || read.snapshotError !== null;
    if (truncated) {
      (state.notes as string[]).push(
        `The snapshot was clipped at ${opts.maxChars} characters (max_chars); scorm_dom_find_interactive_elements lists every control.`,
      );
    }
  }
  return state;
}

function compact(e: InteractiveElement): Record<string, unknown> {
  return {
    ref: e.ref,
    selector: e.selector,
    frame: e.frame,
    role: e.role,
    name: e.name,
    purpose: e.purpose,
    state: e.state,
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
