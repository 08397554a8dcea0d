/**
 * Layout problems measured on the rendered SCO, in the DOM tools' isolated world (control-world.ts): the
 * course shares the DOM with that world but none of its globals, so a course that replaces
 * getBoundingClientRect, the scrollWidth/clientWidth getters or getComputedStyle changes nothing measured.
 * The call is bounded like every page read of the DOM tools.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { Viewport } from '../../runtime/viewport.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import { LAYOUT_PROBE, type LayoutProbeOptions } from './layout-probe.js';

export type LayoutIssueType =
  | 'content_wider_than_frame'
  | 'tap_target_too_small'
  | 'text_too_small'
  | 'content_cut_off'
  | 'off_screen'
  | 'fixed_size_too_large';

export interface LayoutIssue {
  type: LayoutIssueType;
  severity: 'error' | 'warning';
  /** CSS selector of the element, within the SCO document. */
  selector: string;
  description: string;
  fix_suggestion: string;
  rect: { x: number; y: number; width: number; height: number } | null;
  details: Record<string, unknown>;
}

export interface LayoutReport {
  /** The SCO frame's inner size in CSS px. */
  frame: { width: number; height: number };
  document: { scrollWidth: number; scrollHeight: number };
  touch: boolean;
  issues: LayoutIssue[];
  /** Issues found per type (issues[] keeps at most maxPerType of each). */
  counts: Partial<Record<LayoutIssueType, number>>;
  viewport: Viewport;
}

export const LAYOUT_DEFAULTS: LayoutProbeOptions = {
  touch: false,
  minTapPx: 44,
  minFontPx: 12,
  maxPerType: 20,
};

/** Layout problems of the SCO at the runtime's current viewport. */
export async function analyzeLayout(
  runtime: CourseRuntime,
  options: Partial<LayoutProbeOptions> = {},
): Promise<LayoutReport> {
  const viewport = runtime.viewport;
  const opts = { ...LAYOUT_DEFAULTS, touch: viewport.touch, ...options };
  const frame = await runtime.actingFrame();
  const raw = await ControlWorlds.of(runtime).call<
    LayoutProbeOptions,
    Omit<LayoutReport, 'touch' | 'viewport'>
  >(frame, 'The layout analysis', runtime.timeoutMs, LAYOUT_PROBE.trim(), opts);
  return {
    frame: raw.frame,
    document: raw.document,
    touch: opts.touch,
    issues: raw.issues,
    counts: raw.counts,
    viewport,
  };
}
