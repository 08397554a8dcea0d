/**
 * What a DOM tool acts on: a CSS selector searched in every SCO frame (Playwright's CSS, so extensions
 * such as :has-text() and :visible work), or an element ref (refs.ts). The target must match
 * exactly one element; otherwise the error says how many matched where, with the first candidates.
 */
import type { Frame, Locator } from 'playwright-core';
import { fail, ScormTesterError } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { capData, CourseTextFields } from './course-text-fields.js';
import { scoFrames, type ScoFrame } from './frames.js';
import { isRef, resolveRef } from './refs.js';
import { ControlWorlds } from './snapshot/control-world.js';
import type * as Controls from './snapshot/page/controls.js';

/** The page script's exports, as the bundled script leaves them on its world's global object. */
interface ControlsGlobal {
  scormTesterControls: typeof Controls;
}

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
  /** null when only Playwright's isolated world could read the element. */
  tag: string | null;
  id: string | null;
  classes: string | null;
  text: string;
  role: string | null;
  name: string | null;
}

const MAX_CANDIDATES = 5;
const DESCRIBE_TIMEOUT_MS = 2_000;
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
      'INVALID_ARGUMENT',
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
          ...(await describeElements(runtime, hit.frame, target, 0, MAX_CANDIDATES - candidates.length)),
        );
      }
      const quoted = new CourseTextFields();
      const labels = hits.map((h) => h.frame.label);
      const counts = hits.map((h, i) => `${h.count} in ${quoted.frameOf('frames', labels, i)}`);
      fail(
        'DOM_MULTIPLE_MATCHES',
        `"${clip(target)}" matches ${total} elements (${counts.join(', ')}). ` +
          (hits.length > 1
            ? 'To act in one frame, add the frame parameter (one of details.frames); otherwise make'
            : 'Make') +
          ' the selector specific (an id, an attribute, :nth-match(), :has-text()) or use a ref from scorm_dom_find_interactive_elements.',
        {
          selector: target,
          match_count: total,
          frames: labels,
          candidates,
          ...quoted.details(),
        },
      );
    }
    if (Date.now() >= deadline) {
      const quoted = new CourseTextFields();
      const labels = frames.map((f) => f.label);
      fail(
        'DOM_ELEMENT_NOT_FOUND',
        `"${clip(target)}" matches no element in the SCO's frames (${quoted.frames('frames_searched', labels)})` +
          (opts.waitMs > 0 ? ` after waiting ${opts.waitMs} ms` : '') +
          '. Check the selector against scorm_dom_find_interactive_elements, or wait for the page with scorm_dom_wait_for.',
        { selector: target, frames_searched: labels, ...quoted.details() },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Short descriptions of the elements `selector` matches in `frame`, from the `from`th (0-based), at most
 * `max`: read in the DOM tools' isolated world, never in the course's, so the texts in our errors and
 * results are the page's real ones. When that world cannot match the selector as Playwright did (a
 * Playwright extension, an element in a shadow root), they come from Playwright's own isolated world, which
 * does not give the tag.
 */
export async function describeElements(
  runtime: CourseRuntime,
  frame: ScoFrame,
  selector: string,
  from: number,
  max: number,
): Promise<ElementSummary[]> {
  const locator = frame.frame.locator(selector);
  const [count, ours] = await Promise.all([
    locator.count().catch(() => -1),
    ControlWorlds.of(runtime)
      .call(
        frame.frame,
        'describing elements',
        DESCRIBE_TIMEOUT_MS,
        (a: { selector: string; from: number; max: number }) =>
          (globalThis as unknown as ControlsGlobal).scormTesterControls.briefsOfSelector(
            a.selector,
            a.from,
            a.max,
          ),
        { selector, from, max },
      )
      .catch(() => null),
  ]);
  if (ours && ours.count === count)
    return ours.briefs.map((b) => cappedSummary({ frame: frame.label, ...b }));
  const out: ElementSummary[] = [];
  for (let i = from; i < from + max && i < count; i++) {
    const brief = await briefOutsideTheCourse(locator.nth(i)).catch(() => null);
    if (brief) out.push(cappedSummary({ frame: frame.label, ...brief }));
  }
  return out;
}

/** An element's id, classes, text and name are the course's words kept as data: capped like the others. */
function cappedSummary(summary: ElementSummary): ElementSummary {
  const cap = (v: string | null): string | null => (v === null ? null : capData(v));
  return {
    ...summary,
    id: cap(summary.id),
    classes: cap(summary.classes),
    text: capData(summary.text),
    name: cap(summary.name),
  };
}

async function briefOutsideTheCourse(el: Locator): Promise<Omit<ElementSummary, 'frame'>> {
  const attr = (name: string): Promise<string | null> =>
    el.getAttribute(name, { timeout: DESCRIBE_TIMEOUT_MS });
  const classes = await attr('class');
  return {
    tag: null,
    id: (await attr('id')) || null,
    classes: classes ? classes.slice(0, 80) : null,
    text: ((await el.textContent({ timeout: DESCRIBE_TIMEOUT_MS })) ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80),
    role: await attr('role'),
    name: (await attr('aria-label')) ?? (await attr('name')),
  };
}

export async function framesToSearch(runtime: CourseRuntime, label: string | undefined): Promise<ScoFrame[]> {
  const frames = await scoFrames(runtime);
  if (label === undefined) return frames;
  const found = frames.filter((f) => f.label === label);
  if (found.length === 0) {
    const quoted = new CourseTextFields();
    const now = quoted.frames(
      'frames',
      frames.map((f) => f.label),
    );
    fail('INVALID_ARGUMENT', `No SCO frame is labelled "${clip(label)}". Frames now: ${now}.`, {
      frames: frames.map((f) => f.label),
      ...quoted.details(),
    });
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

/**
 * How our sentence names the target: a ref as it is (refs are ours); a selector only through
 * `details.selector`, since the selectors scorm_dom_find_interactive_elements suggests are built from the
 * course's ids.
 */
export function targetInSentence(target: Pick<ResolvedTarget, 'by' | 'target'>): string {
  return target.by === 'ref' ? `"${target.target}"` : 'the target (selector in `details.selector`)';
}

/** targetInSentence at the start of a sentence. */
export function targetStartingSentence(target: Pick<ResolvedTarget, 'by' | 'target'>): string {
  const name = targetInSentence(target);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A selector or text shortened for messages. */
export function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
