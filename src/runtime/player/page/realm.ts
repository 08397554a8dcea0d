/**
 * The player realm's functions as they were when the player booted, before any course code ran. The
 * course shares this realm (it can run code in it through parent.Function), so the player calls these
 * references, never the globals; lockdown.ts also makes the globals themselves non-replaceable.
 */
const R = Reflect;
export const apply = R.apply;
export const ownKeys = R.ownKeys;
export const defineProperty = R.defineProperty;
export const getOwnPropertyDescriptor = R.getOwnPropertyDescriptor;
export const preventExtensions = R.preventExtensions;
export const deleteProperty = R.deleteProperty;
export const getPrototypeOf = R.getPrototypeOf;
export const stringify = JSON.stringify;
export const dateNow = Date.now;
export const objectKeys = Object.keys;
export const hasOwn = Object.hasOwn;
export const createObject = Object.create;
export const freeze = Object.freeze;
export const isArray = Array.isArray;
export const toText = String;
export const finite = isFinite;
export const ErrorCtor = Error;
export const later = setTimeout;
export const microtask = queueMicrotask;

type Method<T, A extends unknown[], R> = (self: T, ...args: A) => R;

/** `fn.call(self, ...args)` through the boot-time Reflect.apply. */
function uncurry<T, A extends unknown[], R>(fn: (this: T, ...args: A) => R): Method<T, A, R> {
  return (self, ...args) => apply(fn, self, args) as R;
}

const AP = Array.prototype;
export const arraySlice = uncurry(AP.slice) as <T>(a: T[], start?: number, end?: number) => T[];
export const arrayPush = uncurry(AP.push) as <T>(a: T[], ...items: T[]) => number;
export const arrayJoin = uncurry(AP.join) as (a: unknown[], sep: string) => string;
export const arrayFill = uncurry(AP.fill) as (
  a: unknown[],
  v: unknown,
  start: number,
  end: number,
) => unknown[];
export const arrayShift = uncurry(AP.shift) as <T>(a: T[]) => T | undefined;
export const stringSlice = uncurry(String.prototype.slice);
export const stringStartsWith = uncurry(String.prototype.startsWith);
export const regexpExec = uncurry(RegExp.prototype.exec);
export const regexpTest = uncurry(RegExp.prototype.test);
export const functionBind = uncurry(Function.prototype.bind) as <F>(fn: F, self: unknown) => F;

function accessor(
  proto: object,
  key: string,
  kind: 'get' | 'set',
): (self: object, value?: unknown) => unknown {
  const d = getOwnPropertyDescriptor(proto, key);
  const fn = d?.[kind];
  if (typeof fn !== 'function') throw new ErrorCtor(`SCORM Tester player: ${key} has no ${kind}ter`);
  return (self, value) => apply(fn, self, kind === 'set' ? [value] : []);
}

const ET = EventTarget.prototype;
export const addListener = uncurry(ET.addEventListener) as (
  target: EventTarget,
  type: string,
  listener: (e: Event) => void,
) => void;
export const preventDefault = uncurry(Event.prototype.preventDefault);
const contentWindowGet = accessor(HTMLIFrameElement.prototype, 'contentWindow', 'get');
const srcSet = accessor(HTMLIFrameElement.prototype, 'src', 'set');
export const frameWindow = (f: HTMLIFrameElement): Window | null => contentWindowGet(f) as Window | null;
export const setFrameSrc = (f: HTMLIFrameElement, url: string): void => void srcSet(f, url);
/** window.location and its href are own, unforgeable properties: the course cannot replace them. */
export const locationHref = (w: Window): string => {
  try {
    return toText(w.location.href);
  } catch {
    return '';
  }
};
