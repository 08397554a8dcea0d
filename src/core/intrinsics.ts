/**
 * The realm's own array and string functions, captured when this module loads. In the player page the
 * run-time engine shares its realm with the course under test, and this module loads with the player's
 * script, before any course code runs. Array.prototype and Object.prototype stay writable there (see
 * src/runtime/player/page/lockdown.ts), so code that runs on every API call calls these references,
 * loops by index instead of through an array's iterator, and asks own properties only (Object.hasOwn),
 * never `arr.push(...)`, `for (const x of arr)` or `table[key]` on a plain object. In Node the same
 * code simply runs on Node's own built-ins.
 */
const apply = Reflect.apply;

type Method<T, A extends unknown[], R> = (self: T, ...args: A) => R;

/** `fn.call(self, ...args)` through the Reflect.apply of load time. */
export function uncurry<T, A extends unknown[], R>(fn: (this: T, ...args: A) => R): Method<T, A, R> {
  return (self, ...args) => apply(fn, self, args) as R;
}

const AP = Array.prototype;
export const arraySlice = uncurry(AP.slice) as <T>(a: readonly T[], start?: number, end?: number) => T[];
export const arrayPush = uncurry(AP.push) as <T>(a: T[], ...items: T[]) => number;
export const arrayJoin = uncurry(AP.join) as (a: readonly unknown[], sep: string) => string;
export const arrayFill = uncurry(AP.fill) as (
  a: unknown[],
  v: unknown,
  start: number,
  end: number,
) => unknown[];
export const arrayShift = uncurry(AP.shift) as <T>(a: T[]) => T | undefined;
export const stringSlice = uncurry(String.prototype.slice);
export const stringStartsWith = uncurry(String.prototype.startsWith);
const stringIndexOf = uncurry(String.prototype.indexOf);
export const regexpExec = uncurry(RegExp.prototype.exec);
export const regexpTest = uncurry(RegExp.prototype.test);
export const hasOwn = Object.hasOwn;

/** Whether `list` holds `value` (by ===), without Array.prototype.includes. */
export function listHas<T>(list: readonly T[], value: T): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === value) return true;
  return false;
}

/**
 * `s.split(sep)` for a non-empty string separator, without String.prototype.split (which looks the
 * separator's Symbol.split up through Object.prototype).
 */
export function splitOn(s: string, sep: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let at = stringIndexOf(s, sep, from); at !== -1; at = stringIndexOf(s, sep, from)) {
    arrayPush(out, stringSlice(s, from, at));
    from = at + sep.length;
  }
  arrayPush(out, stringSlice(s, from));
  return out;
}
