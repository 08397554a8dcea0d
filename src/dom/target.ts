/**
 * What a DOM tool acts on: a CSS selector searched in every SCO frame (Playwright's CSS, so extensions
 * such as :has-text() and :visible work), or an element ref (refs.ts). The target must match
 * exactly one element; otherwise the error says how many matched where, with the first candidates.
 */
import type { Frame, Locator } from 'playwright-core';
import { fail, ScormTesterError } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { scoFrames, type ScoFrame } from './frames.js';
import { isRef, resolveRef } from './refs.js';

export interface TargetSpec {
  /** CSS selector, or a ref ("f1e7") given where a selector is expected. */
  selector?: string | undefined;
  ref?: string | undefined;
  /** Only search the frame with this label ("sco", "sco > iframe#content"). */
  frame?: string | undefined;
}

export interface ResolvedTarget {
  frame: ScoFrame;
  locator: Locator;
  by: 'selector' | 'ref';
  /** The selector or ref as given. */
  target: string;
  /** A selector matching the element in its frame: the one given, or for a ref the element's own unique one. */
  selector: string;
}

export interface ElementSummary {
  frame: string;
  tag: string;
  id: string | null;
  classes: string | null;
  text: string;
  role: string | null;
  name: string | null;
}

const MAX_CANDIDATES = 5;
const POLL_MS = 100;

/** Resolves a target to exactly one element, waiting up to `waitMs` for a selector to match anything. */
export async function resolveTarget(
  runtime: CourseRuntime,
  spec: TargetSpec,
  opts: { waitMs: number },
): Promise<ResolvedTarget> {
  const given = [spec.selector, spec.ref].filter((v) => typeof v === 'string' && v.length > 0) as string[];
  if (given.length !== 1) {
    fail(
      'MCP_INVALID_PARAMS',
      'Give exactly one target: a CSS selector, or a ref from scorm_dom_find_interactive_elements or scorm_get_page_state.',
    );
  }
  const target = given[0] as string;
  if (spec.ref !== undefined || isRef(target)) {
    const { frame, locator, selector } = await resolveRef(runtime, target);
    return { frame, locator, by: 'ref', target, selector };
  }
  const deadline = Date.now() + Math.max(0, opts.waitMs);
  for (;;) {
    const frames = await framesToSearch(runtime, spec.frame);
    const hits: Array<{ frame: ScoFrame; locator: Locator; count: number }> = [];
    for (const frame of frames) {
      const locator = frame.frame.locator(target);
      const count = await countIn(frame.frame, locator, target);
      if (count > 0) hits.push({ frame, locator, count });
    }
    const total = hits.reduce((n, h) => n + h.count, 0);
    if (total === 1) {
      const hit = hits[0] as (typeof hits)[number];
      return { frame: hit.frame, locator: hit.locator, by: 'selector', target, selector: target };
    }
    if (total > 1) {
      const candidates: ElementSummary[] = [];
      for (const hit of hits) {
        if (candidates.length >= MAX_CANDIDATES) break;
        candidates.push(
          ...(await describeElements(hit.frame, hit.locator, MAX_CANDIDATES - candidates.length)),
        );
      }
      fail(
        'DOM_MULTIPLE_MATCHES',
        `"${clip(target)}" matches ${total} elements (${hits.map((h) => `${h.count} in ${h.frame.label}`).join(', ')}). ` +
          (hits.length > 1
            ? `To act in one frame, add the frame parameter (${hits.map((h) => `"${h.frame.label}"`).join(' or ')}); otherwise make`
            : 'Make') +
          ' the selector specific (an id, an attribute, :nth-match(), :has-text()) or use a ref from scorm_dom_find_interactive_elements.',
        { selector: target, match_count: total, frames: hits.map((h) => h.frame.label), candidates },
      );
    }
    if (Date.now() >= deadline) {
      fail(
        'DOM_ELEMENT_NOT_FOUND',
        `"${clip(target)}" matches no element in the SCO's frames (${frames.map((f) => f.label).join(', ')})` +
          (opts.waitMs > 0 ? ` after waiting ${opts.waitMs} ms` : '') +
          '. Check the selector against scorm_dom_find_interactive_elements, or wait for the page with scorm_dom_wait_for.',
        { selector: target, frames_searched: frames.map((f) => f.label) },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Short descriptions of the first `max` elements a locator matches, for error messages and results. */
export async function describeElements(
  frame: ScoFrame,
  locator: Locator,
  max: number,
): Promise<ElementSummary[]> {
  const summaries = await locator
    .evaluateAll(
      (elements, limit) =>
        elements.slice(0, limit).map((el) => ({
          tag: el.tagName.toLowerCase(),
          id: el.id || null,
          classes: typeof el.className === 'string' && el.className ? el.className.slice(0, 80) : null,
          text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
          role: el.getAttribute('role'),
          name: el.getAttribute('aria-label') ?? el.getAttribute('name'),
        })),
      max,
    )
    .catch(() => []);
  return summaries.map((s) => ({ frame: frame.label, ...s }));
}

export async function framesToSearch(runtime: CourseRuntime, label: string | undefined): Promise<ScoFrame[]> {
  const frames = await scoFrames(runtime);
  if (label === undefined) return frames;
  const found = frames.filter((f) => f.label === label);
  if (found.length === 0) {
    fail(
      'MCP_INVALID_PARAMS',
      `No SCO frame is labelled "${clip(label)}". Frames now: ${frames.map((f) => f.label).join(', ')}.`,
    );
  }
  return found;
}

export async function countIn(frame: Frame, locator: Locator, selector: string): Promise<number> {
  try {
    return await locator.count();
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    if (frame.isDetached() || /detached|Execution context was destroyed|navigat/i.test(msg)) return 0;
    if (/selector|parsing|Unexpected token|Unknown engine/i.test(msg)) {
      throw new ScormTesterError(
        'DOM_INVALID_SELECTOR',
        `"${clip(selector)}" is not a valid selector: ${(msg.split('\n')[0] ?? msg).replace(/^locator\.count: /, '')}`,
        { selector },
      );
    }
    throw err;
  }
}

/** A selector or text shortened for messages. */
export function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
