/**
 * The API facade of one attempt and what it records: every call through the recorder, the data
 * changes the engine makes itself, and, at Commit and Terminate, whether the engine still holds what
 * the record shows (see integrityCheck).
 */
import { COMMIT_CHECK_MS } from '../wire.js';
import type { ApiFunction, Attempt } from './attempt-types.js';
import { enc, encStr, jsonArgs } from './encode.js';
import { compareShadow, type Mismatch } from './compare.js';
import { callerKind, newCallerCache, sloppyWrapper, type CallerKind } from './caller.js';
import {
  checkRealm,
  encodeQueue,
  flush,
  flushCount,
  message,
  pendingCalls,
  put,
  putPlain,
} from './recorder.js';
import {
  apply,
  dateNow,
  defineProperty,
  ErrorCtor,
  freeze,
  hasOwn,
  later,
  objectKeys,
  stringify,
  toText,
} from './realm.js';
import { API_METHODS } from '../../records.js';

export const M12 = API_METHODS['1.2'];
export const M04 = API_METHODS['2004'];
const GET = 2;
const SET = 3;
const COMMIT = 4;
const NAV_REQUEST = 'adl.nav.request';

/** Who is calling: 'tool' only while the control object's callApi runs (never reachable by the course). */
let source: 'sco' | 'tool' = 'sco';
export function callAsTool<T>(fn: () => T): T {
  source = 'tool';
  try {
    return fn();
  } finally {
    source = 'sco';
  }
}

/**
 * Where the course's calls of this turn come from (caller.ts): the caller is read on the first call of
 * each turn, as reading it walks the stack.
 */
let turnSeen = -1;
let turnCaller: CallerKind = 'sco';

export function methodNames(a: Attempt): readonly string[] {
  return a.cfg.version === '2004' ? M04 : M12;
}

/** The standard's text for an error code, or "" when the engine cannot give it. */
export function errorText(a: Attempt, code: string): string {
  try {
    return toText(a.engine.errorString(code));
  } catch {
    return '';
  }
}

/** Every element as the engine holds it now (collections expanded, `_count` included). */
export function snapshot(a: Attempt): Record<string, string> {
  try {
    return a.engine.snapshot();
  } catch {
    return {};
  }
}

/** The stored value of an element without touching the engine's error state. */
function peek(a: Attempt, el: string, value: unknown): string {
  let v: string | undefined;
  try {
    v = a.engine.peek(el);
  } catch {
    v = undefined;
  }
  return v === undefined ? toText(value) : v;
}

/** Records every difference between the shadow and the engine as an internal data change. */
function internalChanges(a: Attempt): void {
  checkRealm();
  const now = snapshot(a);
  const elements = objectKeys(now);
  // Indexed loops here and below: Array.prototype (and so array iteration) is the course's to change.
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i] as string;
    const next = now[el] as string;
    if (next !== a.shadow[el]) {
      const prev = hasOwn(a.shadow, el) ? a.shadow[el] : null;
      message({ k: 'c', el, p: encStr(prev), n: encStr(next) }, a);
      a.shadow[el] = next;
    }
  }
}

/**
 * Compares the record with the engine: every element the record shows must still hold the value the
 * record last gave it. A difference means something changed the engine outside the recorded API (or a
 * call's record was lost): it is reported, and recorded as an internal change so the history ends true
 * to the engine.
 */
function integrityCheck(a: Attempt): void {
  checkRealm();
  if (pendingCalls()) encodeQueue();
  a.checkedAt = dateNow();
  const mismatches = compareShadow(a.shadow, snapshot(a), objectKeys);
  for (let i = 0; i < mismatches.length; i++) {
    const m = mismatches[i] as Mismatch;
    const rec = encStr(m.recorded);
    const eng = encStr(m.engine);
    message({ k: 'i', what: 'record_engine_mismatch', el: m.element, rec, eng }, a);
    message({ k: 'c', el: m.element, p: rec, n: eng }, a);
    a.shadow[m.element] = m.engine;
  }
}

/**
 * Runs work that follows a call the engine already made; when the course left too little stack for
 * it (a RangeError on the way), it runs again on a fresh stack instead of being lost.
 */
function afterCall(work: () => void): void {
  try {
    work();
  } catch {
    later(() => {
      work();
      flush();
    }, 0);
  }
}

function terminated(a: Attempt): void {
  a.state = 'terminated';
  if (pendingCalls()) encodeQueue();
  afterCall(() => {
    internalChanges(a);
    if (a.pendingNav && a.pendingNav !== '_none_') message({ k: 'n', q: a.pendingNav, ph: 'terminate' }, a);
    flush();
  });
}

function isObject(v: unknown): boolean {
  return v !== null && (typeof v === 'object' || typeof v === 'function');
}

function errorCode(a: Attempt): string {
  try {
    return toText(a.engine.lastError());
  } catch {
    return '101';
  }
}

function diagnosticText(a: Attempt): string {
  try {
    return toText(a.engine.diagnostic());
  } catch {
    return '';
  }
}

/** The general case of recording a call. threw: what the engine threw, or null. Returns what the course gets. */
function recordCall(
  a: Attempt,
  mi: number,
  args: ArrayLike<unknown>,
  ret: unknown,
  threw: unknown,
  src: string,
  from: CallerKind,
): unknown {
  const code = errorCode(a);
  const a0 = args[0];
  const a1 = args[1];
  let extra = '';
  if (code !== '0') {
    extra = ',"es":' + stringify(errorText(a, code)) + ',"d":' + stringify(diagnosticText(a));
  }
  if (src !== 'sco') extra += ',"src":' + stringify(src);
  else if (from !== 'sco') extra += ',"cl":' + stringify(from);
  if (threw !== null) {
    let text: string;
    try {
      text = toText(threw instanceof ErrorCtor ? threw.message : threw);
    } catch {
      text = 'an exception';
    }
    extra += ',"x":' + stringify(text);
  }
  let stored: string | undefined;
  let nav: string | null = null;
  if (mi === SET && ret === 'true' && typeof a0 === 'string') {
    const next = typeof a1 === 'string' ? a1 : peek(a, a0, a1);
    if (typeof a1 !== 'string') stored = next;
    if (a0 === NAV_REQUEST) {
      a.pendingNav = a.engine.pendingNav();
      nav = a.pendingNav;
    }
  }
  const argc = args.length;
  const r = isObject(ret) ? enc(ret) : ret;
  if (argc > 2 || isObject(a0) || isObject(a1)) {
    put(mi, jsonArgs(args), typeof a0 === 'string' ? a0 : null, -1, r, code, a, stored, extra);
  } else put(mi, a0, a1, argc, r, code, a, stored, extra);
  if (nav !== null) message({ k: 'n', q: nav, ph: 'set' }, a);
  if (ret === 'true') {
    if (mi === 0) {
      a.state = 'initialized';
      checkRealm();
      const s = snapshot(a);
      a.shadow = s;
      a.checkedAt = dateNow();
    } else if (mi === 1) terminated(a);
    else if (mi === COMMIT && dateNow() - a.checkedAt >= COMMIT_CHECK_MS) afterCall(() => integrityCheck(a));
  }
  return ret;
}

/** The API object the course sees for this attempt: frozen, its functions close over the engine. */
export function makeFacade(a: Attempt): Readonly<Record<string, ApiFunction>> {
  const engine = a.engine;
  const facade: Record<string, ApiFunction> = {};
  const names = methodNames(a);
  const callers = newCallerCache();
  for (let mi = 0; mi < names.length; mi++) {
    const name = names[mi] as string;
    const bound = engine.functions[mi] as ApiFunction;
    // Small and branch-light on purpose: it runs on every call the course makes, mostly before the JIT
    // has warmed up. Anything unusual (errors, tool calls, calls not from the SCO's frame, odd
    // arguments, state changes, navigation, Commit) goes to recordCall, which does the full work.
    facade[name] = sloppyWrapper<ApiFunction>((self, args) => {
      const argc = args.length;
      const a0: unknown = args[0];
      const a1: unknown = args[1];
      const src = source;
      source = 'sco';
      let from: CallerKind = 'sco';
      if (src === 'sco') {
        const turn = flushCount();
        if (turn !== turnSeen) {
          turnSeen = turn;
          // Set first: a course function the classification reaches that calls the API again is not read.
          turnCaller = 'unknown';
          turnCaller = callerKind((self as unknown as { caller: unknown }).caller, callers);
        }
        from = turnCaller;
      }
      if (mi === 1 && a.state === 'initialized') {
        try {
          integrityCheck(a);
        } catch {
          // Out of stack: Terminate must still run; the check after it would see the engine's own changes.
        }
      }
      let ret: unknown;
      try {
        ret =
          argc === 2
            ? bound(a0, a1)
            : argc === 1
              ? bound(a0)
              : argc === 0
                ? bound()
                : apply(bound, undefined, args);
      } catch (e) {
        recordCall(a, mi, args, undefined, e, src, from);
        throw e;
      }
      const code = engine.lastError();
      if (
        mi < 2 ||
        mi === COMMIT ||
        code !== '0' ||
        src !== 'sco' ||
        from !== 'sco' ||
        typeof ret !== 'string' ||
        argc > 2 ||
        (argc > 0 && typeof a0 !== 'string') ||
        (argc > 1 && typeof a1 !== 'string') ||
        (mi === GET ? argc === 0 : mi === SET && a0 === NAV_REQUEST)
      ) {
        return recordCall(a, mi, args, ret, null, src, from);
      }
      putPlain(mi, a0, a1, argc, ret, a);
      return ret;
    });
  }
  return freeze(withVersion(a, facade));
}

/**
 * SCORM 2004 (RTE 3.1.2.2): the API instance has a `version` attribute, "1.0"; ADL's test SCO audits
 * it. A data property, not a method: the control object only calls the method names.
 */
function withVersion<T extends object>(a: Attempt, facade: T): T {
  if (a.cfg.version === '2004') defineProperty(facade, 'version', { value: '1.0', enumerable: true });
  return facade;
}

/** Recording off: the engine's own functions, for measuring what recording costs. */
export function rawFacade(a: Attempt): Readonly<Record<string, ApiFunction>> {
  const f: Record<string, ApiFunction> = {};
  const names = methodNames(a);
  for (let mi = 0; mi < names.length; mi++) f[names[mi] as string] = a.engine.functions[mi] as ApiFunction;
  return freeze(withVersion(a, f));
}
