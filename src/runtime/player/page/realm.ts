/**
 * The player realm's functions as they were when the player booted, before any course code ran. The
 * course shares this realm (it can run code in it through parent.Function), so the player calls these
 * references, never the globals; lockdown.ts also makes the globals themselves non-replaceable.
 */
import { uncurry } from '../../../core/intrinsics.js';

export {
  arrayFill,
  arrayJoin,
  arrayPush,
  arraySlice,
  arrayShift,
  hasOwn,
  regexpExec,
  regexpTest,
  stringSlice,
  stringStartsWith,
} from '../../../core/intrinsics.js';

const R = Reflect;
export const apply = R.apply;
export const ownKeys = R.ownKeys;
export const defineProperty = R.defineProperty;
export const getOwnPropertyDescriptor = R.getOwnPropertyDescriptor;
export const preventExtensions = R.preventExtensions;
export const deleteProperty = R.deleteProperty;
export const getPrototypeOf = R.getPrototypeOf;
export const setPrototypeOf = R.setPrototypeOf;
export const stringify = JSON.stringify;
export const parseJson = JSON.parse;
export const dateNow = Date.now;
export const objectKeys = Object.keys;
export const createObject = Object.create;
export const freeze = Object.freeze;
export const isArray = Array.isArray;
export const toText = String;
export const finite = isFinite;
export const ErrorCtor = Error;
/** `new Array(n)` through the constructor of boot time (the window's `Array` binding is the course's to assign). */
const ArrayCtor = Array;
export const newArray = (n: number): unknown[] => new ArrayCtor<unknown>(n);
export const later = setTimeout;
export const microtask = queueMicrotask;

export const functionBind = uncurry(Function.prototype.bind) as <F>(fn: F, self: unknown) => F;

/** A getter or setter of a prototype as it was at boot, called on `self`. */
export function accessor(
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
export const dispatchEvent = uncurry(ET.dispatchEvent) as (target: EventTarget, event: Event) => boolean;
const EventCtor = Event;
const PageTransitionEventCtor = PageTransitionEvent;
export const newEvent = (type: string): Event => new EventCtor(type);
export const newPageHide = (): Event => new PageTransitionEventCtor('pagehide', { persisted: false });
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

/** The realm's Function constructor of boot time: the sloppy-mode facade wrappers are made with it (caller.ts). */
export const FunctionCtor = Function;
const WeakMapCtor = WeakMap;
export const newWeakMap = <K extends object, V>(): WeakMap<K, V> => new WeakMapCtor<K, V>();
export const weakGet = uncurry(WeakMap.prototype.get) as <K extends object, V>(
  m: WeakMap<K, V>,
  k: K,
) => V | undefined;
export const weakSet = uncurry(WeakMap.prototype.set) as <K extends object, V>(
  m: WeakMap<K, V>,
  k: K,
  v: V,
) => WeakMap<K, V>;
