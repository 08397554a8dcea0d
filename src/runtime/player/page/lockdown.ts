/**
 * Locks the player realm before any course code runs. The SCO is same-origin with the player (API
 * discovery needs it), so it can run code here through parent.Function and patch anything reachable
 * from the player's window. After lockdown the standard built-ins (constructors, prototypes, namespace
 * objects, hidden iterator and function prototypes) are frozen: nothing on them can be replaced, added
 * (no prototype pollution, no Object.prototype.toJSON) or deleted. Object.freeze keeps V8's fast
 * property layout (redefining properties one by one measured slower for the engine). Two exceptions:
 * the Error prototypes keep `name` and `message` writable, because subclasses assign them on their
 * instances; and the functions a course would patch to bend what runs here (JSON.*, Reflect.*,
 * Date.now and the window's timers) become read-only accessors whose setter reports the attempt.
 *
 * Object.prototype and Array.prototype are not frozen, sealed or even made non-extensible: any of these
 * turns off V8's fast path for storing array elements in the whole page (measured: element stores 20-30x
 * slower, and the recording of 10,000 calls went from 1.1x to 1.8x the engine alone). They are watched
 * instead (watchPrototypes): every change is reported and undone where the course left it undoable,
 * their own [[Prototype]] included (Array.prototype, being extensible, could otherwise be given a
 * prototype of the course's, with a toJSON every array JSON-encoded here would find).
 */
import {
  defineProperty,
  deleteProperty,
  freeze,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  ownKeys,
  preventExtensions,
  setPrototypeOf,
  toText,
} from './realm.js';

const BUILT_INS = [
  'Object',
  'Function',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Date',
  'RegExp',
  'Error',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'AggregateError',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'Promise',
  'Proxy',
  'Reflect',
  'JSON',
  'Math',
  'Atomics',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Intl',
  'Iterator',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURI',
  'encodeURIComponent',
  'decodeURI',
  'decodeURIComponent',
  'escape',
  'unescape',
];

/** Window functions the player or the engine call; pinned on the window object itself. */
export const PINNED_WINDOW_FUNCTIONS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
];

function isRef(v: unknown): v is object {
  return v !== null && (typeof v === 'object' || typeof v === 'function');
}

/** Intrinsics no global names: %TypedArray%, the iterator prototypes, generator and async function prototypes. */
function hiddenIntrinsics(): unknown[] {
  const arrayIterator = getPrototypeOf([][Symbol.iterator]());
  return [
    getPrototypeOf(Int8Array),
    arrayIterator,
    arrayIterator && getPrototypeOf(arrayIterator),
    getPrototypeOf(new Map().entries()),
    getPrototypeOf(new Set().values()),
    getPrototypeOf(''[Symbol.iterator]()),
    getPrototypeOf(/a/g[Symbol.matchAll]('')),
    getPrototypeOf(function* () {}),
    getPrototypeOf(async function () {}),
    getPrototypeOf(async function* () {}),
  ];
}

/**
 * A read-only accessor in place of a function-valued property: reading gives the function, assigning
 * reports the attempt (and changes nothing).
 */
function trap(
  obj: object,
  key: PropertyKey,
  value: unknown,
  name: string,
  onTamper: (what: string) => void,
): boolean {
  return defineProperty(obj, key, {
    get: () => value,
    set(this: unknown, next: unknown) {
      // A subclass assigning its own static (class X extends Date { … } X.now = …) is not tampering.
      if (this !== obj && this !== null && (typeof this === 'object' || typeof this === 'function')) {
        defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
        return;
      }
      onTamper(name);
    },
    enumerable: false,
    configurable: false,
  });
}

/** Whose function-valued properties are trapped (see trap); Date only for Date.now. */
const TRAPPED = new Set(['JSON', 'Reflect', 'Date']);

/** Error.prototype and its subclasses' prototypes: functions locked, name/message left writable. */
function lockErrorPrototype(obj: object, path: string, failed: string[]): void {
  for (const key of ownKeys(obj)) {
    const d = getOwnPropertyDescriptor(obj, key);
    if (!d || !d.configurable) continue;
    const fn = 'value' in d && typeof d.value === 'function';
    const attrs =
      'value' in d
        ? { configurable: false, writable: fn ? false : d.writable === true }
        : { configurable: false };
    if (!defineProperty(obj, key, attrs)) failed.push(`${path}.${String(key)}`);
  }
  if (!preventExtensions(obj)) failed.push(`${path} (extensible)`);
}

/**
 * Locks the built-ins reachable from `global`; returns what could not be locked (empty when all held).
 * `onTamper` is told of each later attempt to replace a trapped function.
 */
export function lockRealm(global: Record<string, unknown>, onTamper: (what: string) => void): string[] {
  const failed: string[] = [];
  const watched = new Set<object>(watchedPrototypes(global).map(([obj]) => obj));
  const errorProto = (global.Error as { prototype?: object } | undefined)?.prototype;
  const seen = new Set<object>();
  const stack: Array<[object, string]> = [];
  for (const name of BUILT_INS) {
    const v = global[name];
    if (isRef(v)) stack.push([v, name]);
  }
  for (const v of hiddenIntrinsics()) if (isRef(v)) stack.push([v, '(intrinsic)']);
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [obj, path] = next;
    if (seen.has(obj)) continue;
    seen.add(obj);
    const trapped = TRAPPED.has(path);
    for (const key of ownKeys(obj)) {
      const d = getOwnPropertyDescriptor(obj, key);
      if (!d) continue;
      const name = `${path}.${String(key)}`;
      if ('value' in d) {
        if (isRef(d.value)) stack.push([d.value, name]);
        const wanted = path !== 'Date' || key === 'now';
        if (trapped && wanted && typeof d.value === 'function' && d.configurable) {
          if (!trap(obj, key, d.value, name, onTamper)) failed.push(name);
        }
      } else {
        for (const fn of [d.get, d.set]) if (fn) stack.push([fn, name]);
      }
    }
    if (watched.has(obj)) continue;
    if (
      obj === errorProto ||
      (errorProto !== undefined && getPrototypeOf(obj) === errorProto && !isFunction(obj))
    ) {
      lockErrorPrototype(obj, path, failed);
    } else {
      try {
        freeze(obj);
      } catch {
        failed.push(`${path} (not frozen)`);
      }
    }
  }
  for (const name of PINNED_WINDOW_FUNCTIONS) {
    if (!trap(global, name, global[name], `window.${name}`, onTamper)) failed.push(`window.${name}`);
  }
  return failed;
}

function isFunction(v: unknown): boolean {
  return typeof v === 'function';
}

function watchedPrototypes(global: Record<string, unknown>): Array<[object, string]> {
  const out: Array<[object, string]> = [];
  for (const name of ['Object', 'Array']) {
    const proto = (global[name] as { prototype?: unknown } | undefined)?.prototype;
    if (isRef(proto)) out.push([proto, `${name}.prototype`]);
  }
  return out;
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable;
}

/**
 * Takes a snapshot of Object.prototype and Array.prototype (see the file comment) and returns a check to
 * run before each encoding of the record: it reports every property added, replaced or removed since,
 * and a [[Prototype]] replaced, and puts back what it can. Every other object on their prototype chains
 * is frozen (Object.prototype's is null and immutable), so after the check nothing on the chain of an
 * array or plain object the player builds is the course's. What it cannot put back (the course made it
 * non-configurable, or Array.prototype non-extensible) is reported as such, since JSON encoding or
 * element stores may then be bent.
 */
export function watchPrototypes(
  global: Record<string, unknown>,
  onTamper: (what: string, undone: boolean) => void,
): () => void {
  const snapshots = watchedPrototypes(global).map(([obj, path]) => {
    const saved = new Map<PropertyKey, PropertyDescriptor>();
    for (const key of ownKeys(obj)) {
      const d = getOwnPropertyDescriptor(obj, key);
      if (d) saved.set(key, d);
    }
    return { obj, path, saved, count: saved.size, parent: getPrototypeOf(obj) };
  });
  // Reported once each: a change the course made permanent would otherwise be reported at every flush,
  // and reporting itself flushes.
  const reported = new Set<string>();
  let checking = false;
  const report = (what: string, undone: boolean): void => {
    if (reported.has(what)) return;
    reported.add(what);
    onTamper(what, undone);
  };
  return () => {
    if (checking) return;
    checking = true;
    try {
      check();
    } finally {
      checking = false;
    }
  };
  function check(): void {
    // Indexed loops: the check must hold even when the course replaced Array.prototype[Symbol.iterator].
    for (let s = 0; s < snapshots.length; s++) {
      const { obj, path, saved, count, parent } = snapshots[s] as (typeof snapshots)[number];
      if (getPrototypeOf(obj) !== parent) {
        const undone = setPrototypeOf(obj, parent);
        report(`${path}.[[Prototype]] (replaced${undone ? ', undone' : ', could not be undone'})`, undone);
      }
      const keys = ownKeys(obj);
      let changed = keys.length !== count;
      if (!changed) {
        for (let k = 0; k < keys.length; k++) {
          const key = keys[k] as PropertyKey;
          const now = getOwnPropertyDescriptor(obj, key);
          const was = saved.get(key);
          if (!now || !was || !sameDescriptor(now, was)) {
            changed = true;
            break;
          }
        }
      }
      if (!changed) continue;
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k] as PropertyKey;
        const was = saved.get(key);
        const now = getOwnPropertyDescriptor(obj, key);
        if (was && now && sameDescriptor(now, was)) continue;
        const undone = was ? defineProperty(obj, key, was) : deleteProperty(obj, key);
        report(
          `${path}.${toText(key)} (${was ? 'replaced' : 'added'}${undone ? ', undone' : ', could not be undone'})`,
          undone,
        );
      }
      saved.forEach((was, key) => {
        if (!getOwnPropertyDescriptor(obj, key)) {
          const back = defineProperty(obj, key, was);
          report(`${path}.${toText(key)} (removed, ${back ? 'put back' : 'could not be put back'})`, back);
        }
      });
    }
  }
}
