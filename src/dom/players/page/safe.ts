import { quoted } from '../../../core/course-text.js';

/**
 * Reading an untrusted course's globals without trusting them: presence from property descriptors
 * (no getter runs), values only as primitives, every read and call inside try/catch. A getter that never
 * returns is bounded by the Node side (it stops the page's script), not here.
 */

export type Bag = Record<string, unknown>;

/** How a global is defined on `win`, without running a getter or a proxy trap. */
export function globalKind(win: Window, name: string): 'data' | 'accessor' | null {
  try {
    const d = Object.getOwnPropertyDescriptor(win, name);
    if (!d) return null;
    return 'get' in d || 'set' in d ? 'accessor' : 'data';
  } catch {
    return null;
  }
}

/** typeof a data global ("accessor" for getters, null when absent); never runs course code. */
export function globalType(win: Window, name: string): string | null {
  try {
    const d = Object.getOwnPropertyDescriptor(win, name);
    if (!d) return null;
    if ('get' in d || 'set' in d) return 'accessor';
    return d.value === null ? 'null' : typeof d.value;
  } catch {
    return null;
  }
}

/** Collects why values could not be read, for the result's notes. */
export class Reader {
  readonly notes: string[] = [];

  /** obj[key], or undefined (with a note) when reading throws. */
  get(obj: unknown, key: string, label = key): unknown {
    if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function')) return undefined;
    try {
      return (obj as Bag)[key];
    } catch (err) {
      this.notes.push(`reading ${label} threw: ${errorText(err)}`);
      return undefined;
    }
  }

  /** obj[method](...args) when it is a function, awaited; undefined (with a note) when absent or throwing. */
  async call(obj: unknown, method: string, args: unknown[] = [], label = method): Promise<unknown> {
    const fn = this.get(obj, method, label);
    if (typeof fn !== 'function') return undefined;
    try {
      return await (fn as (...a: unknown[]) => unknown).apply(obj, args);
    } catch (err) {
      this.notes.push(`${label}() threw: ${errorText(err)}`);
      return undefined;
    }
  }

  /** Like call, without awaiting: for players whose API is synchronous. */
  callSync(obj: unknown, method: string, args: unknown[] = [], label = method): unknown {
    const fn = this.get(obj, method, label);
    if (typeof fn !== 'function') return undefined;
    try {
      return (fn as (...a: unknown[]) => unknown).apply(obj, args);
    } catch (err) {
      this.notes.push(`${label}() threw: ${errorText(err)}`);
      return undefined;
    }
  }
}

/** A finite number, or a numeric string as a number; null otherwise (never calls valueOf/toString). */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** A trimmed, non-empty string of at most `max` characters; null otherwise. */
export function str(value: unknown, max = 200): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.slice(0, Math.max(1000, max)).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
}

/** Course text kept for `course_text` is read longer than its cut, so Node's cut says the real length. */
const MARKED_MAX = 1000;

/** The elements of an array-like course value, at most `max`, each read safely. */
export function listOf(reader: Reader, value: unknown, label: string, max = 2000): unknown[] {
  if (!Array.isArray(value)) return [];
  const out: unknown[] = [];
  const length = num(reader.get(value, 'length', `${label}.length`)) ?? 0;
  for (let i = 0; i < Math.min(length, max); i++) out.push(reader.get(value, String(i), `${label}[${i}]`));
  return out;
}

/** What the course threw, marked with `quoted()` so Node keeps it in `course_text`, out of our sentence. */
export function errorText(err: unknown): string {
  try {
    if (err instanceof Error) return quoted(str(err.message, MARKED_MAX) ?? str(err.name) ?? 'Error');
    return quoted(str(err, MARKED_MAX) ?? typeof err);
  } catch {
    return 'an unreadable error';
  }
}

/** Evidence from a global's presence; accessors count too (they are reported, never run). */
export function globalSignal(win: Window, name: string, weight: number, want?: string) {
  const type = globalType(win, name);
  if (type === null || type === 'undefined' || type === 'null') return null;
  if (want && type !== want && type !== 'accessor') return null;
  return { signal: `window.${name} (${type})`, weight };
}

/** Evidence from a selector matching in the document. */
export function domSignal(doc: Document, selector: string, weight: number, label = selector) {
  try {
    const n = doc.querySelectorAll(selector).length;
    return n > 0 ? { signal: `${label} (${n} element${n === 1 ? '' : 's'})`, weight } : null;
  } catch {
    return null;
  }
}

/** The document's generator meta tag, if any. */
export function generator(doc: Document): string | null {
  try {
    const meta = doc.querySelector('meta[name="generator" i]');
    return str(meta?.getAttribute('content'), MARKED_MAX);
  } catch {
    return null;
  }
}

/** Whether an element is rendered (has boxes and is not visibility:hidden). */
export function isVisible(el: Element): boolean {
  try {
    if (el.getClientRects().length === 0) return false;
    const style = el.ownerDocument.defaultView?.getComputedStyle(el);
    return !style || (style.visibility !== 'hidden' && style.visibility !== 'collapse');
  } catch {
    return false;
  }
}

/** The element's text, whitespace collapsed, at most 200 characters. */
export function textOf(el: Element | null | undefined): string | null {
  if (!el) return null;
  try {
    return str(el.textContent);
  } catch {
    return null;
  }
}
