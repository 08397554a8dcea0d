/**
 * Locks the player realm before any course code runs. The SCO is same-origin with the player (API
 * discovery needs it), so it can run code here through parent.Function and patch anything reachable
 * from the player's window. After lockdown the standard built-ins (constructors, prototypes, namespace
 * objects, hidden iterator and function prototypes) cannot be replaced or extended: every property is
 * non-configurable, and those holding a function or object are also read-only. Primitive data
 * properties (Error.prototype.message, …) stay writable, so ordinary code that assigns them on its own
 * objects keeps working. The timer functions of the window are pinned too.
 */
import {
  defineProperty,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  ownKeys,
  preventExtensions,
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
 * Static functions of the built-in constructors and namespace objects (JSON.stringify, Date.now,
 * Object.keys, …) and the pinned window functions become read-only accessors whose setter reports the
 * attempt: those are what a course patches to bend what runs in this realm. Prototype methods stay
 * read-only data properties (an accessor there would cost every method lookup the engine makes), so
 * replacing one fails without a report (a TypeError in strict code).
 */
function trapStatics(
  obj: object,
  key: PropertyKey,
  value: unknown,
  name: string,
  onTamper: (what: string) => void,
): boolean {
  return defineProperty(obj, key, {
    get: () => value,
    set(this: unknown, next: unknown) {
      // A subclass assigning its own static (class X extends Array { … } X.from = …) is not tampering.
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

const TRAPPED_ROOTS = new Set([
  'Object',
  'Array',
  'String',
  'Number',
  'Date',
  'Promise',
  'JSON',
  'Math',
  'Reflect',
]);

/**
 * Locks the built-ins reachable from `global`; returns what could not be locked (empty when all held).
 * `onTamper` is told of each later attempt to replace a trapped function (see trapStatics).
 */
export function lockRealm(global: Record<string, unknown>, onTamper: (what: string) => void): string[] {
  const failed: string[] = [];
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
    const trapped = TRAPPED_ROOTS.has(path);
    for (const key of ownKeys(obj)) {
      const d = getOwnPropertyDescriptor(obj, key);
      if (!d) continue;
      const name = `${path}.${String(key)}`;
      if ('value' in d) {
        const ref = isRef(d.value);
        if (ref) stack.push([d.value as object, name]);
        if (trapped && typeof d.value === 'function' && d.configurable && key !== 'constructor') {
          if (!trapStatics(obj, key, d.value, name, onTamper)) failed.push(name);
        } else if (
          (d.configurable || (ref && d.writable)) &&
          !defineProperty(obj, key, { configurable: false, writable: ref ? false : d.writable === true })
        ) {
          failed.push(name);
        }
      } else {
        for (const fn of [d.get, d.set]) if (fn) stack.push([fn, name]);
        if (d.configurable && !defineProperty(obj, key, { configurable: false })) failed.push(name);
      }
    }
    if (!preventExtensions(obj)) failed.push(`${path} (extensible)`);
  }
  for (const name of PINNED_WINDOW_FUNCTIONS) {
    const v = global[name];
    if (!trapStatics(global, name, v, `window.${name}`, onTamper)) failed.push(`window.${name}`);
  }
  return failed;
}
