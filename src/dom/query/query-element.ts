/**
 * scorm_dom_query: the state of one element of the SCO (text, attributes, visibility, a useful subset of
 * computed styles, form value). Nothing matching is an answer (found: false), not an error; several
 * matches report the first in document order (SCO frame first) with match_count.
 */
import type { Locator } from 'playwright-core';
import { isScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { ScoFrame } from '../frames.js';
import { isRef } from '../refs.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import type * as Controls from '../snapshot/page/controls.js';
import type { ElementFacts, FactsOptions } from '../snapshot/page/element-facts.js';
import { framesToSearch, resolveTarget, type TargetSpec } from '../target.js';

export type QueryType = 'all' | 'text' | 'attributes' | 'visibility' | 'styles' | 'value';

export interface QueryResult {
  found: boolean;
  /** The selector given, or for a ref the element's own unique selector in its frame. */
  selector: string;
  /** The ref given. */
  ref?: string;
  frame?: string;
  match_count: number;
  tagName?: string;
  textContent?: string;
  attributes?: Record<string, string>;
  visible?: boolean;
  computedStyles?: Record<string, string>;
  value?: string | boolean | string[] | null;
  frames_searched?: string[];
  notes?: string[];
}

/** Styles that explain whether and how an element shows and takes input. */
const STYLE_SUBSET = [
  'display',
  'visibility',
  'opacity',
  'position',
  'z-index',
  'left',
  'top',
  'width',
  'height',
  'overflow',
  'clip',
  'clip-path',
  'transform',
  'pointer-events',
  'cursor',
  'color',
  'background-color',
  'font-size',
  'font-weight',
];
const MAX_TEXT = 10_000;
const PAGE_TIMEOUT_MS = 5_000;

export async function queryElement(
  runtime: CourseRuntime,
  spec: TargetSpec,
  queryType: QueryType,
): Promise<QueryResult> {
  const given = spec.selector ?? spec.ref ?? '';
  const hit = await firstMatch(runtime, spec);
  if (!hit)
    return { found: false, selector: given, match_count: 0, frames_searched: await labels(runtime, spec) };
  const { frame, locator, count, selector } = hit;
  const wants = (t: QueryType): boolean => queryType === 'all' || queryType === t;
  const opts: FactsOptions = {
    attributes: wants('attributes'),
    styles: wants('styles') ? STYLE_SUBSET : null,
    value: wants('value'),
  };
  const facts = await factsOf(runtime, hit, spec.ref !== undefined || isRef(given) ? given : null, opts);
  const result: QueryResult = {
    found: true,
    selector,
    ...(spec.ref !== undefined || selector !== given ? { ref: given } : {}),
    frame: frame.label,
    match_count: count,
    ...(facts ? { tagName: facts.tag } : {}),
  };
  // Text and visibility come from Playwright's isolated world: course code cannot fake them.
  if (wants('text')) {
    const text = (await locator.textContent({ timeout: PAGE_TIMEOUT_MS })) ?? '';
    result.textContent = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  }
  if (facts?.attributes) result.attributes = facts.attributes;
  if (wants('visibility')) result.visible = await locator.isVisible();
  if (facts?.styles) result.computedStyles = facts.styles;
  if (wants('value')) result.value = facts ? (facts.value ?? null) : await valueOutsideTheCourse(locator);
  if (!facts && (opts.attributes || opts.styles)) {
    result.notes = [
      `The selector given is not plain CSS our own page reader can match (a Playwright extension, or an element ` +
        "inside a shadow root), so the tag, attributes and computed styles are not given: the course's " +
        'own world could fake them. Query by ref (scorm_dom_find_interactive_elements) or a plain CSS selector.',
    ];
  }
  return result;
}

interface Match {
  frame: ScoFrame;
  locator: Locator;
  /** Matches in all frames searched. */
  count: number;
  /** Matches in the frame of the first. */
  countInFrame: number;
  selector: string;
}

/**
 * The facts of the matched element, read in the DOM tools' isolated world (snapshot/page/controls.ts),
 * never in the course's. A ref names its element there; a selector is matched there again with the
 * browser's own CSS, and used only when it matches as many elements in that frame as Playwright's did (so
 * the first is the same element). Null when the element cannot be found there (the selector is not plain
 * CSS, or reaches into shadow roots).
 */
async function factsOf(
  runtime: CourseRuntime,
  hit: Match,
  ref: string | null,
  opts: FactsOptions,
): Promise<ElementFacts | null> {
  const worlds = ControlWorlds.of(runtime);
  if (ref !== null) {
    const found = await worlds.callForRef(
      ref,
      'reading the element',
      PAGE_TIMEOUT_MS,
      (a: { ref: string; opts: FactsOptions }) =>
        (globalThis as unknown as ControlsGlobal).scormTesterControls.factsOfRef(a.ref, a.opts),
      { ref, opts },
    );
    return found?.value ?? null;
  }
  const answer = await worlds.call(
    hit.frame.frame,
    'reading the element',
    PAGE_TIMEOUT_MS,
    (a: { selector: string; opts: FactsOptions }) =>
      (globalThis as unknown as ControlsGlobal).scormTesterControls.factsOfSelector(a.selector, a.opts),
    { selector: hit.selector, opts },
  );
  return answer && answer.count === hit.countInFrame ? answer.facts : null;
}

/** The page script's exports, as the bundled script leaves them on its world's global object. */
interface ControlsGlobal {
  scormTesterControls: typeof Controls;
}

/** A field's value or checked state from Playwright's own isolated world, when ours could not find it. */
async function valueOutsideTheCourse(locator: Locator): Promise<string | boolean | null> {
  const checkable = await locator.isChecked({ timeout: PAGE_TIMEOUT_MS }).catch(() => null);
  if (checkable !== null) return checkable;
  return locator.inputValue({ timeout: PAGE_TIMEOUT_MS }).catch(() => null);
}

async function firstMatch(runtime: CourseRuntime, spec: TargetSpec): Promise<Match | null> {
  try {
    const t = await resolveTarget(runtime, spec, { waitMs: 0 });
    return { frame: t.frame, locator: t.locator, count: 1, countInFrame: 1, selector: t.selector };
  } catch (err) {
    if (!isScormTesterError(err)) throw err;
    if (err.code === 'DOM_ELEMENT_NOT_FOUND') return null;
    if (err.code !== 'DOM_MULTIPLE_MATCHES' || !spec.selector) throw err;
    const count = Number(err.details?.match_count ?? 0);
    for (const frame of await framesToSearch(runtime, spec.frame)) {
      const locator = frame.frame.locator(spec.selector);
      const countInFrame = await locator.count().catch(() => 0);
      if (countInFrame > 0)
        return { frame, locator: locator.first(), count, countInFrame, selector: spec.selector };
    }
    return null; // the matches went away meanwhile
  }
}

async function labels(runtime: CourseRuntime, spec: TargetSpec): Promise<string[]> {
  return (await framesToSearch(runtime, spec.frame)).map((f) => f.label);
}
