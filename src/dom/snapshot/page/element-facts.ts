/**
 * What scorm_dom_query reports about one element beyond its text and visibility: its tag, attributes, a
 * subset of computed styles and its form value. Read in the DOM tools' isolated world (controls.ts), with
 * that world's own prototypes and getComputedStyle, so a course that overrides getAttribute, the value
 * getter or getComputedStyle in its own world changes nothing here.
 */
import { wordsDrawnOnTwin } from './scan.js';

export interface FactsOptions {
  attributes: boolean;
  /** Style properties to read, or null for none. */
  styles: string[] | null;
  value: boolean;
}

export interface ElementFacts {
  tag: string;
  attributes?: Record<string, string>;
  styles?: Record<string, string>;
  value?: string | boolean | string[] | null;
}

const MAX_ATTRIBUTES = 100;
const MAX_ATTRIBUTE_CHARS = 2_000;
const MAX_VALUE_CHARS = 10_000;

export function elementFacts(el: Element, opts: FactsOptions): ElementFacts {
  const out: ElementFacts = { tag: el.localName };
  if (opts.attributes) {
    out.attributes = {};
    for (const name of el.getAttributeNames().slice(0, MAX_ATTRIBUTES)) {
      out.attributes[name] = (el.getAttribute(name) ?? '').slice(0, MAX_ATTRIBUTE_CHARS);
    }
  }
  if (opts.styles) {
    const cs = getComputedStyle(el);
    out.styles = {};
    for (const p of opts.styles) out.styles[p] = cs.getPropertyValue(p);
  }
  if (opts.value) out.value = valueOf(el);
  return out;
}

function valueOf(el: Element): string | boolean | string[] | null {
  if (el instanceof HTMLSelectElement) {
    return el.multiple ? Array.from(el.selectedOptions, (o) => o.value) : el.value;
  }
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value;
  if (el.hasAttribute('aria-checked')) return el.getAttribute('aria-checked') === 'true';
  if (el instanceof HTMLElement && el.isContentEditable)
    return (el.textContent ?? '').slice(0, MAX_VALUE_CHARS);
  return null;
}

/** A short description of an element for error messages and results (see src/dom/target.ts). */
export interface ElementBrief {
  tag: string;
  id: string | null;
  classes: string | null;
  text: string;
  role: string | null;
  name: string | null;
}

const BRIEF_CHARS = 80;

export function elementBrief(el: Element): ElementBrief {
  const classes = el.getAttribute('class');
  const label = el.getAttribute('aria-label');
  // A Storyline twin's default name ("Group 1") is not what the learner reads on its drawing.
  const drawn = label ? wordsDrawnOnTwin(el, label.replace(/\s+/g, ' ').trim()) : '';
  return {
    tag: el.localName,
    id: el.getAttribute('id') || null,
    classes: classes ? classes.slice(0, BRIEF_CHARS) : null,
    text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, BRIEF_CHARS),
    role: el.getAttribute('role'),
    name: drawn.replace(/\s+/g, ' ').trim().slice(0, BRIEF_CHARS) || (label ?? el.getAttribute('name')),
  };
}
