/**
 * scorm_dom_query: the state of one element of the SCO (text, attributes, visibility, a useful subset of
 * computed styles, form value). Nothing matching is an answer (found: false), not an error; several
 * matches report the first in document order (SCO frame first) with match_count.
 */
import type { Locator } from 'playwright-core';
import { isScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { boundedPageCall } from '../bounded.js';
import type { ScoFrame } from '../frames.js';
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
  const facts = await boundedPageCall(runtime, frame.frame, 'reading the element', PAGE_TIMEOUT_MS, () =>
    locator.evaluate(
      (el, arg) => {
        const out: {
          tag: string;
          attributes?: Record<string, string>;
          styles?: Record<string, string>;
          value?: string | boolean | string[] | null;
        } = { tag: el.tagName.toLowerCase() };
        if (arg.attributes) {
          out.attributes = {};
          for (const name of el.getAttributeNames().slice(0, 100)) {
            out.attributes[name] = (el.getAttribute(name) ?? '').slice(0, 2_000);
          }
        }
        if (arg.styles) {
          const cs = getComputedStyle(el);
          out.styles = {};
          for (const p of arg.styles) out.styles[p] = cs.getPropertyValue(p);
        }
        if (arg.value) {
          const input = el as HTMLInputElement;
          if (el instanceof HTMLSelectElement) {
            out.value = el.multiple ? Array.from(el.selectedOptions).map((o) => o.value) : el.value;
          } else if (
            el instanceof HTMLInputElement &&
            (input.type === 'checkbox' || input.type === 'radio')
          ) {
            out.value = input.checked;
          } else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
            out.value = el.value;
          } else if (el.hasAttribute('aria-checked')) {
            out.value = el.getAttribute('aria-checked') === 'true';
          } else if ((el as HTMLElement).isContentEditable) {
            out.value = (el.textContent ?? '').slice(0, 10_000);
          } else {
            out.value = null;
          }
        }
        return out;
      },
      {
        attributes: wants('attributes'),
        styles: wants('styles') ? STYLE_SUBSET : null,
        value: wants('value'),
      },
    ),
  );
  const result: QueryResult = {
    found: true,
    selector,
    ...(spec.ref !== undefined || selector !== given ? { ref: given } : {}),
    frame: frame.label,
    match_count: count,
    tagName: facts.tag,
  };
  // Text and visibility come from Playwright's isolated world: course code cannot fake them.
  if (wants('text')) {
    const text = (await locator.textContent({ timeout: PAGE_TIMEOUT_MS })) ?? '';
    result.textContent = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  }
  if (facts.attributes) result.attributes = facts.attributes;
  if (wants('visibility')) result.visible = await locator.isVisible();
  if (facts.styles) result.computedStyles = facts.styles;
  if (wants('value')) result.value = facts.value ?? null;
  return result;
}

async function firstMatch(
  runtime: CourseRuntime,
  spec: TargetSpec,
): Promise<{ frame: ScoFrame; locator: Locator; count: number; selector: string } | null> {
  try {
    const t = await resolveTarget(runtime, spec, { waitMs: 0 });
    return { frame: t.frame, locator: t.locator, count: 1, selector: t.selector };
  } catch (err) {
    if (!isScormTesterError(err)) throw err;
    if (err.code === 'DOM_ELEMENT_NOT_FOUND') return null;
    if (err.code !== 'DOM_MULTIPLE_MATCHES' || !spec.selector) throw err;
    const count = Number(err.details?.match_count ?? 0);
    for (const frame of await framesToSearch(runtime, spec.frame)) {
      const locator = frame.frame.locator(spec.selector);
      if ((await locator.count().catch(() => 0)) > 0)
        return { frame, locator: locator.first(), count, selector: spec.selector };
    }
    return null; // the matches went away meanwhile
  }
}

async function labels(runtime: CourseRuntime, spec: TargetSpec): Promise<string[]> {
  return (await framesToSearch(runtime, spec.frame)).map((f) => f.label);
}
