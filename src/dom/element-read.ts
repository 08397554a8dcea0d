/**
 * The action tools' reads of an element's state (hidden, disabled, covered, its kind and value, a learner's
 * answer) run in the DOM tools' isolated world of the element's frame (snapshot/control-world.ts), where
 * a course's replaced getComputedStyle, getBoundingClientRect, elementFromPoint, value getters or
 * localName do not reach. The element is found there without asking the course: a ref through the world's
 * own map, a selector through the world's own querySelectorAll. A selector only Playwright understands
 * (:has-text(), :visible) is found by a structural path that Playwright checks, in its own isolated world,
 * matches exactly that element: the page proposes the path, so a course can make the check fail, never
 * make the read land on another element.
 */
import type { Frame, Locator } from 'playwright-core';
import { TIMEOUT, within } from '../core/within.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { ControlWorlds } from './snapshot/control-world.js';

/** How the isolated world finds the element: by ref, or by a plain CSS selector that must match once. */
type Address = { ref: string } | { selector: string };

/** The element to read: its frame, Playwright's locator for it, and how the tools named it. */
export interface ElementAt {
  frame: { frame: Frame };
  locator: Locator;
  by: 'selector' | 'ref';
  target: string;
  selector: string;
}

type Found<R> = { found: 'one'; value: R } | { found: 'none' | 'many' | 'invalid' };

/** The result of a read: the value, gone (no such element now, or no answer in time), or unreadable. */
export type ElementRead<R> = { value: R } | { gone: true } | { unreadable: true };

/**
 * Runs `read(el, arg)` on the element in the isolated world of its frame, waiting at most `timeoutMs`
 * and never stopping the page's script (see ControlWorlds.peek). `read` runs in the page, so it must be
 * self-contained, and its result must survive JSON.
 */
export async function readElement<A, R>(
  runtime: CourseRuntime,
  at: ElementAt,
  read: (el: Element, arg: A) => R,
  arg: A,
  timeoutMs: number,
): Promise<ElementRead<R>> {
  const deadline = Date.now() + timeoutMs;
  const first: Address = at.by === 'ref' ? { ref: at.target } : { selector: at.selector };
  const direct = await readAt(runtime, at.frame.frame, first, read, arg, timeoutMs);
  if (direct === TIMEOUT) return { gone: true };
  if (direct.found === 'one') return { value: direct.value };
  if (at.by === 'ref' || direct.found === 'many') return { gone: true };
  // 'none' or 'invalid' for a selector Playwright matched once: one of Playwright's own extensions.
  const path = await checkedPath(at, Math.max(0, deadline - Date.now()));
  if (path === null) return { unreadable: true };
  const byPath = await readAt(runtime, at.frame.frame, { selector: path }, read, arg, deadline - Date.now());
  if (byPath === TIMEOUT) return { gone: true };
  return byPath.found === 'one' ? { value: byPath.value } : { gone: true };
}

/** The value of a read, or null when the element is gone or cannot be read outside the course. */
export async function readElementValue<A, R>(
  runtime: CourseRuntime,
  at: ElementAt,
  read: (el: Element, arg: A) => R,
  arg: A,
  timeoutMs: number,
): Promise<R | null> {
  const out = await readElement(runtime, at, read, arg, timeoutMs);
  return 'value' in out ? out.value : null;
}

async function readAt<A, R>(
  runtime: CourseRuntime,
  frame: Frame,
  address: Address,
  read: (el: Element, arg: A) => R,
  arg: A,
  timeoutMs: number,
): Promise<Found<R> | typeof TIMEOUT> {
  if (timeoutMs <= 0 || frame.isDetached()) return TIMEOUT;
  const declaration = `function (a) { return (${findAndRead.toString()})(a, ${read.toString()}); }`;
  try {
    return await ControlWorlds.of(runtime).peek<{ address: Address; arg: A }, Found<R>>(
      frame,
      timeoutMs,
      declaration,
      { address, arg },
    );
  } catch {
    // The world could not be made or the read threw: said as "gone", never with the page's words.
    return { found: 'none' };
  }
}

/** Runs in the isolated world: finds the element without the course's help, then reads it. */
function findAndRead<A, R>(
  a: { address: { ref: string } | { selector: string }; arg: A },
  read: (el: Element, arg: A) => R,
): { found: 'one'; value: R } | { found: 'none' | 'many' | 'invalid' } {
  let el: Element | null = null;
  if ('ref' in a.address) {
    const controls = (
      globalThis as unknown as { scormTesterControls?: { elementOf(ref: string): Element | null } }
    ).scormTesterControls;
    el = controls ? controls.elementOf(a.address.ref) : null;
  } else {
    let matches: NodeListOf<Element>;
    try {
      matches = document.querySelectorAll(a.address.selector);
    } catch {
      return { found: 'invalid' };
    }
    if (matches.length > 1) return { found: 'many' };
    el = matches[0] ?? null;
  }
  if (!el) return { found: 'none' };
  return { found: 'one', value: read(el, a.arg) };
}

/**
 * A plain CSS path (":root > :nth-child(2) > :nth-child(1)") to the element Playwright's locator finds,
 * proposed by the page and accepted only when Playwright, in its own isolated world, finds that the path
 * matches one element and that it is the locator's. Null when no such path is confirmed.
 */
async function checkedPath(at: ElementAt, timeoutMs: number): Promise<string | null> {
  if (timeoutMs <= 0) return null;
  const proposing = at.locator.evaluate(structuralPath, undefined, { timeout: timeoutMs }).catch(() => null);
  const path = await within(proposing, timeoutMs);
  if (path === TIMEOUT || typeof path !== 'string' || !path.startsWith(':root')) return null;
  const byPath = at.frame.frame.locator(path);
  const checking = Promise.all([byPath.count(), at.locator.and(byPath).count()]).catch(() => null);
  const counts = await within(checking, timeoutMs);
  if (counts === TIMEOUT || counts === null) return null;
  return counts[0] === 1 && counts[1] === 1 ? path : null;
}

/** Runs in the page (the course's world): only a proposal, see checkedPath. */
function structuralPath(el: Element): string | null {
  const steps: string[] = [];
  for (let node: Element = el; node !== node.ownerDocument.documentElement;) {
    const parent = node.parentElement;
    if (!parent) return null;
    steps.unshift(`:nth-child(${Array.prototype.indexOf.call(parent.children, node) + 1})`);
    node = parent;
  }
  return [':root', ...steps].join(' > ');
}
