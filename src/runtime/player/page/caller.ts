/**
 * Where a course's API call comes from (issue 20). The API object is one object on the player window,
 * so a timer an earlier SCO left there (made with `parent.Function`), another frame of the player page
 * or a window of a SCO already gone can call the API of the SCO delivered now. RTE 3.1: the API instance
 * serves the content the LMS launched; such calls are recorded (the engine keeps what they set) and
 * marked "outside_sco".
 *
 * The facade's functions are sloppy-mode wrappers made from text with the Function constructor of boot
 * time, so their own `caller` (non-writable, non-configurable) names the calling function. It is null
 * when the caller is strict-mode, top-level or native code: the caller is then "unknown", never blamed.
 * Reading it walks the stack (about 0.7 µs), so the facade reads it on the first call of each turn
 * only (see attempt.ts), and the verdict is kept per calling function.
 *
 * A calling function is the player realm's when its [[Prototype]] is one of the player realm's function
 * prototypes. Any other realm is found by its global (`constructor("return this")()`, once per realm),
 * then walked up through `parent`, and `opener` at a top window: reaching the SCO frame's window first
 * means the SCO's own frame, a frame inside it (its content in a nested iframe) or a popup it opened
 * (RTE 3.1.2's discovery reaches the API through the opener, so content a SCO opens is the SCO's).
 */
import {
  apply,
  frameWindow,
  FunctionCtor,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  newWeakMap,
  weakGet,
  weakSet,
} from './realm.js';

export type CallerKind = 'sco' | 'outside_sco' | 'unknown';

const PLAYER_FUNCTION_PROTOTYPES: readonly unknown[] = [
  FunctionCtor.prototype,
  getPrototypeOf(async function () {}),
  getPrototypeOf(function* () {}),
  getPrototypeOf(async function* () {}),
];
const playerWindow: unknown = window;
const MAX_HOPS = 32;

/** A realm's global, by the [[Prototype]] of one of its functions (null: cannot tell). */
const globals = newWeakMap<object, object | null>();

/**
 * A sloppy-mode function that calls `impl(self, arguments)`, where self is the function itself (for
 * impl to read `self.caller`). Made from text: the player's own code is strict-mode, whose functions
 * have no `caller`.
 */
export const sloppyWrapper = FunctionCtor(
  'impl',
  'var self = function (a0, a1) { return impl(self, arguments); }; return self;',
) as <F>(impl: (self: F, args: IArguments) => unknown) => F;

let scoFrame: HTMLIFrameElement | null = null;

/** The player's SCO iframe, whose window is the delivered SCO's. */
export function setScoFrame(frame: HTMLIFrameElement): void {
  scoFrame = frame;
}

/** A new cache of verdicts, one per attempt (the SCO frame's window is another SCO's after it). */
export function newCallerCache(): WeakMap<object, CallerKind> {
  return newWeakMap<object, CallerKind>();
}

/** What the calling function `fn` is to the delivered SCO; verdicts are kept in `cache`. */
export function callerKind(fn: unknown, cache: WeakMap<object, CallerKind>): CallerKind {
  if (typeof fn !== 'function') return 'unknown';
  const known = weakGet(cache, fn);
  if (known !== undefined) return known;
  const kind = classify(fn, scoFrame ? frameWindow(scoFrame) : null);
  weakSet(cache, fn, kind);
  return kind;
}

function classify(fn: object, sco: Window | null): CallerKind {
  let proto: object | null;
  try {
    proto = getPrototypeOf(fn) as object | null;
  } catch {
    return 'unknown';
  }
  for (let i = 0; i < PLAYER_FUNCTION_PROTOTYPES.length; i++) {
    if (proto === PLAYER_FUNCTION_PROTOTYPES[i]) return 'outside_sco';
  }
  if (proto === null || sco === null) return 'unknown';
  const global = realmGlobal(proto);
  if (global === null) return 'unknown';
  return reachesSco(global, sco);
}

function realmGlobal(proto: object): object | null {
  const known = weakGet(globals, proto);
  if (known !== undefined) return known;
  let global: object | null = null;
  try {
    const d = getOwnPropertyDescriptor(proto, 'constructor');
    const ctor: unknown = d && 'value' in d ? d.value : undefined;
    if (typeof ctor === 'function') {
      const make = apply(ctor, undefined, ['return this']) as unknown;
      const g = typeof make === 'function' ? (apply(make, undefined, []) as unknown) : null;
      if (g !== null && typeof g === 'object') global = g;
    }
  } catch {
    global = null;
  }
  weakSet(globals, proto, global);
  return global;
}

function reachesSco(global: object, sco: Window): CallerKind {
  let w: unknown = global;
  for (let hops = 0; hops < MAX_HOPS && w !== null && w !== undefined; hops++) {
    if (w === sco) return 'sco';
    if (w === playerWindow) return 'outside_sco';
    try {
      const win = w as Window;
      const up: unknown = win.parent;
      w = up === win || up === null || up === undefined ? win.opener : up;
    } catch {
      return 'unknown';
    }
  }
  // A window that leads neither to the SCO nor to the player (closed, or opened without an opener).
  return 'unknown';
}
