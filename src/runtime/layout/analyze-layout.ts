import type { Frame } from 'playwright-core';
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
}

export const LAYOUT_DEFAULTS: LayoutProbeOptions = {
  touch: false,
  minTapPx: 44,
  minFontPx: 12,
  maxPerType: 20,
};

/** Evaluates the probe in `frame`; callers add the timeout. */
export async function measureLayout(
  frame: Frame,
  options: Partial<LayoutProbeOptions>,
): Promise<LayoutReport> {
  const opts = { ...LAYOUT_DEFAULTS, ...options };
  const raw = (await frame.evaluate(`(${LAYOUT_PROBE})(${JSON.stringify(opts)})`)) as Omit<
    LayoutReport,
    'touch'
  >;
  return {
    frame: raw.frame,
    document: raw.document,
    touch: opts.touch,
    issues: raw.issues,
    counts: raw.counts,
  };
}
