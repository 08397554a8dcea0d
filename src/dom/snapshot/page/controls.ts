/**
 * The DOM tools' foothold in a SCO document: bundled into a classic script (scripts/bundle.mjs) and run
 * in an isolated world of each SCO frame (src/dom/snapshot/control-world.ts). The course shares the DOM
 * with it but none of its globals, so replaced prototypes or a replaced JSON do not reach it, and it
 * cannot call the course's SCORM API. It gives elements refs ("f3e12": this world's prefix, then a
 * counter) that stay with their element for the life of the document; the world, and every ref it gave,
 * goes when the document goes.
 */
import {
  elementBrief,
  elementFacts,
  type ElementBrief,
  type ElementFacts,
  type FactsOptions,
} from './element-facts.js';
import { elementWithIdentity, identityOf } from './ref-identity.js';
export { controlHit } from './hit-control.js';
import { scanDocument } from './scan.js';
import { selectorBuilder } from './selector.js';
import type { ReadAnswer, ReadOptions } from './types.js';

let prefix = '';
let counter = 0;
const elements = new Map<string, WeakRef<Element>>();
const refs = new WeakMap<Element, string>();
// A re-drawn control's identity (ref-identity.ts), both ways: the ref it was given and back.
const refOfIdentity = new Map<string, string>();
const identityOfRef = new Map<string, string>();
let changes = 0;
let watching = false;

/** Called once when the world is made: its ref prefix, and the watcher that tells an unchanged page. */
export function install(refPrefix: string): boolean {
  prefix = refPrefix;
  if (!watching) watch();
  return watching;
}

export function refOf(el: Element): string {
  let ref = refs.get(el);
  if (ref === undefined) {
    const identity = identityOf(el);
    const earlier = identity === null ? undefined : refOfIdentity.get(identity);
    // The element it replaces is gone: the learner's ref now means this one.
    if (earlier !== undefined && !elements.get(earlier)?.deref()?.isConnected) ref = earlier;
    else {
      ref = `${prefix}e${++counter}`;
      if (identity !== null && earlier === undefined) {
        refOfIdentity.set(identity, ref);
        identityOfRef.set(ref, identity);
      }
    }
    refs.set(el, ref);
    elements.set(ref, new WeakRef(el));
  }
  return ref;
}

/** The element of a ref while it is in the document, else null. */
export function elementOf(ref: string): Element | null {
  const el = elements.get(ref)?.deref() ?? null;
  if (el && el.isConnected) return el;
  const identity = identityOfRef.get(ref);
  const redrawn = identity === undefined ? null : elementWithIdentity(document, identity);
  if (redrawn && (refs.get(redrawn) ?? ref) === ref) {
    refs.set(redrawn, ref);
    elements.set(ref, new WeakRef(redrawn));
    return redrawn;
  }
  elements.delete(ref);
  return null;
}

/** A selector that matches exactly the ref's element now, or null when the element is gone. */
export function selectorFor(ref: string): string | null {
  const el = elementOf(ref);
  return el ? selectorBuilder(document)(el) : null;
}

/** The ref of the element a selector matches first (given one when it has none), or null. */
export function refFor(selector: string): string | null {
  try {
    const el = document.querySelector(selector);
    return el ? refOf(el) : null;
  } catch {
    return null;
  }
}

/** The facts of a ref's element, or null when it is gone. */
export function factsOfRef(ref: string, opts: FactsOptions): ElementFacts | null {
  const el = elementOf(ref);
  return el ? elementFacts(el, opts) : null;
}

/**
 * How many elements a plain CSS selector matches in this document, and the facts of the first; null when
 * the selector is not plain CSS (a Playwright extension such as :has-text()).
 */
export function factsOfSelector(
  selector: string,
  opts: FactsOptions,
): { count: number; facts: ElementFacts | null } | null {
  let matches: NodeListOf<Element>;
  try {
    matches = document.querySelectorAll(selector);
  } catch {
    return null;
  }
  const first = matches[0];
  return { count: matches.length, facts: first ? elementFacts(first, opts) : null };
}

/**
 * How many elements a plain CSS selector matches, and short descriptions of matches `from` to
 * `from + max - 1`; null when the selector is not plain CSS.
 */
export function briefsOfSelector(
  selector: string,
  from: number,
  max: number,
): { count: number; briefs: ElementBrief[] } | null {
  let matches: NodeListOf<Element>;
  try {
    matches = document.querySelectorAll(selector);
  } catch {
    return null;
  }
  const briefs: ElementBrief[] = [];
  for (let i = from; i < matches.length && i < from + max; i++) briefs.push(elementBrief(matches[i]!));
  return { count: matches.length, briefs };
}

/** Elements with a click, pointer or touch listener (marked from Node, see ControlWorlds.markClickListeners). */
const handled = new WeakSet<Element>();

export function markHandled(el: unknown): void {
  if (el instanceof Element) handled.add(el);
}

export function read(opts: ReadOptions): string {
  const token = versionToken();
  const answer: ReadAnswer =
    token !== null && token === opts.lastToken
      ? { token, unchanged: true }
      : {
          token: token ?? '',
          unchanged: false,
          scan: scanDocument(document, opts, refOf, (el) => handled.has(el)),
        };
  return JSON.stringify(answer);
}

/**
 * What a read reports can change without a DOM mutation after these events (input, focus, pointer, key,
 * animation, transition, toggle, load, resize, hash change); scripts set field values without any event,
 * so the token also hashes every field's value and checked state, and whether the document has focus.
 */
function watch(): void {
  const bump = (): void => {
    changes++;
  };
  new MutationObserver(bump).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  const events = [
    'input',
    'change',
    'focusin',
    'focusout',
    'pointerdown',
    'pointerup',
    'pointerover',
    'pointerout',
    'keydown',
    'keyup',
    'transitionrun',
    'transitionend',
    'transitioncancel',
    'animationstart',
    'animationiteration',
    'animationend',
    'toggle',
    'load',
    'error',
  ];
  for (const type of events) document.addEventListener(type, bump, { capture: true, passive: true });
  for (const type of ['resize', 'hashchange', 'popstate'])
    window.addEventListener(type, bump, { passive: true });
  watching = true;
}

function versionToken(): string | null {
  if (!watching) return null;
  // FNV-1a over the fields' state.
  let hash = 0x811c9dc5;
  const mix = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 16777619);
    }
  };
  const fields = document.querySelectorAll('input, select, textarea');
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as HTMLInputElement;
    mix(String(field.value));
    mix(field.checked ? '\u0001' : '\u0002');
    if (field.localName === 'select') mix(String((field as unknown as HTMLSelectElement).selectedIndex));
    if (field.type === 'checkbox') mix(field.indeterminate ? '\u0003' : '\u0004');
  }
  const count = document.getElementsByTagName('*').length;
  return `${prefix}:${changes}:${hash >>> 0}:${count}:${document.hasFocus() ? 1 : 0}`;
}
