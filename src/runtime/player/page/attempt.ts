/**
 * The API facade of one attempt and what it records: every call through the recorder, the data
 * changes the engine makes itself, and, at Commit and Terminate, whether the engine still holds what
 * the record shows (see integrityCheck).
 */
import { COMMIT_CHECK_MS } from '../wire.js';
import type { ApiFunction, Attempt } from './attempt-types.js';
import { enc, encStr, jsonArgs } from './encode.js';
import { compareShadow } from './compare.js';
import { encodeQueue, flush, message, pendingCalls, put, putPlain } from './recorder.js';
import {
  createObject,
  dateNow,
  freeze,
  functionBind,
  hasOwn,
  later,
  objectKeys,
  regexpExec,
  regexpTest,
  stringify,
  stringSlice,
  stringStartsWith,
  toText,
} from './realm.js';
import { API_METHODS } from '../../records.js';

export const M12 = API_METHODS['1.2'];
export const M04 = API_METHODS['2004'];
const GET = 2;
const SET = 3;
const COMMIT = 4;
const RV = 'adl.nav.request_valid.';
const NAV_REQUEST = 'adl.nav.request';
const COLLECTION =
  /^cmi\.(objectives|interactions|comments_from_learner|comments_from_lms)$|^cmi\.interactions\.\d+\.(objectives|correct_responses)$/;
const TARGETED = /^(choice|jump)\.\{target=(.+)\}$/;

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

export function methodNames(a: Attempt): readonly string[] {
  return a.cfg.version === '2004' ? M04 : M12;
}

export function details(a: Attempt, code: string, detail: boolean): string {
  try {
    return toText(a.api.getLmsErrorMessageDetails(code, detail));
  } catch {
    return '';
  }
}

function navAnswer(nav: Attempt['nav'], rest: string): string | null {
  const simple = nav.requests as Record<string, string>;
  if (hasOwn(simple, rest)) return simple[rest] as string;
  const m = regexpExec(TARGETED, rest);
  if (!m) return null;
  const map = (m[1] === 'choice' ? nav.choice : nav.jump) as Record<string, string>;
  return hasOwn(map, m[2] as string) ? (map[m[2] as string] as string) : nav.otherTargets;
}

function flatten(obj: Record<string, unknown>, prefix: string, out: Record<string, string>): void {
  for (const k of objectKeys(obj)) {
    const v = obj[k];
    const path = prefix ? prefix + '.' + k : k;
    if (v !== null && typeof v === 'object') {
      if (regexpTest(COLLECTION, path)) out[path + '._count'] = toText(objectKeys(v).length);
      flatten(v as Record<string, unknown>, path, out);
    } else if (v !== undefined) {
      out[path] = v === null ? '' : toText(v);
    }
  }
}

/** Every element as the engine holds it now (collections expanded, _count included). */
export function snapshot(a: Attempt): Record<string, string> {
  const out = createObject(null) as Record<string, string>;
  let json: Record<string, unknown>;
  try {
    json = a.api.renderCMIToJSONObject();
  } catch {
    json = {};
  }
  flatten(json, '', out);
  try {
    if (a.cfg.version === '2004') out['adl.nav.request'] = toText(a.api.adl?.nav?.request);
    else out['cmi.core.total_time'] = toText(a.api.cmi.core?.total_time);
  } catch {
    // an engine without these
  }
  return out;
}

/** The stored value of an element without touching the engine's error state. */
function peek(a: Attempt, el: string, value: unknown): string {
  const h = a.api._errorHandlingService;
  const saved = h ? [h._lastErrorCode, h._lastDiagnostic] : null;
  let v: unknown;
  try {
    v = a.api.getCMIValue(el);
  } catch {
    v = undefined;
  }
  if (h && saved) {
    h._lastErrorCode = saved[0] as string;
    h._lastDiagnostic = saved[1] as string;
  }
  if (v === undefined || v === null || typeof v === 'object') return toText(value);
  return toText(v);
}

/** Records every difference between the shadow and the engine as an internal data change. */
function internalChanges(a: Attempt): void {
  const now = snapshot(a);
  for (const el of objectKeys(now)) {
    const next = now[el] as string;
    if (next !== a.shadow[el]) {
      const prev = el in a.shadow ? a.shadow[el] : null;
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
  if (pendingCalls()) encodeQueue();
  a.checkedAt = dateNow();
  for (const m of compareShadow(a.shadow, snapshot(a), objectKeys)) {
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
  if (a.cfg.version === '1.2') {
    // The LMS adds the session to the total; scorm-again does this itself only for 2004.
    try {
      const core = a.api.cmi.core;
      if (core && typeof core.getCurrentTotalTime === 'function' && '_total_time' in core) {
        core._total_time = core.getCurrentTotalTime();
      }
    } catch {
      // leave the engine's value
    }
  }
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
  const ehs = a.api._errorHandlingService;
  const code = ehs ? ehs._lastErrorCode : a.api.lastErrorCode;
  return typeof code === 'string' ? code : toText(code);
}

/** The general case of recording a call. threw: what the engine threw, or null. Returns what the course gets. */
function recordCall(
  a: Attempt,
  mi: number,
  args: ArrayLike<unknown>,
  ret: unknown,
  threw: unknown,
  src: string,
): unknown {
  const code = errorCode(a);
  const a0 = args[0];
  const a1 = args[1];
  if (
    mi === GET &&
    code === '0' &&
    a.cfg.version === '2004' &&
    typeof a0 === 'string' &&
    stringStartsWith(a0, RV)
  ) {
    const ans = navAnswer(a.nav, stringSlice(a0, RV.length));
    if (ans !== null) ret = ans;
  }
  let extra = '';
  if (code !== '0') {
    const cd = a.api._errorHandlingService?._lastDiagnostic;
    extra =
      ',"es":' +
      stringify(details(a, code, false)) +
      ',"d":' +
      stringify(cd ? toText(cd) : details(a, code, true));
  }
  if (src !== 'sco') extra += ',"src":' + stringify(src);
  if (threw !== null) {
    let text: string;
    try {
      text = toText(threw instanceof Error ? threw.message : threw);
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
      a.pendingNav = next;
      nav = next;
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
  const is04 = a.cfg.version === '2004';
  const api = a.api;
  const ehs = api._errorHandlingService ?? null;
  const facade: Record<string, ApiFunction> = {};
  const names = methodNames(a);
  for (let mi = 0; mi < names.length; mi++) {
    const name = names[mi] as string;
    const fn = (api as unknown as Record<string, ApiFunction>)[name] as ApiFunction;
    const bound = functionBind(fn, api);
    // Small and branch-light on purpose: it runs on every call the course makes, mostly before the JIT
    // has warmed up. Anything unusual (errors, tool calls, odd arguments, state changes, navigation,
    // Commit) goes to recordCall, which does the full work.
    facade[name] = function (a0?: unknown, a1?: unknown): unknown {
      // eslint-disable-next-line prefer-rest-params
      const args = arguments;
      const argc = args.length;
      const src = source;
      source = 'sco';
      if (mi === 1 && a.state === 'initialized') {
        try {
          integrityCheck(a);
        } catch {
          // Out of stack: Terminate must still run; the check after it would see the engine's own changes.
        }
      }
      let ret: unknown;
      try {
        ret = argc === 2 ? bound(a0, a1) : argc === 1 ? bound(a0) : argc === 0 ? bound() : bound(...args);
      } catch (e) {
        recordCall(a, mi, args, undefined, e, src);
        throw e;
      }
      const code = ehs !== null ? ehs._lastErrorCode : api.lastErrorCode;
      if (
        mi < 2 ||
        mi === COMMIT ||
        code !== '0' ||
        src !== 'sco' ||
        typeof ret !== 'string' ||
        argc > 2 ||
        (argc > 0 && typeof a0 !== 'string') ||
        (argc > 1 && typeof a1 !== 'string') ||
        (mi === GET ? argc === 0 || (is04 && (a0 as string)[0] === 'a') : mi === SET && a0 === NAV_REQUEST)
      ) {
        return recordCall(a, mi, args, ret, null, src);
      }
      putPlain(mi, a0, a1, argc, ret, a);
      return ret;
    };
  }
  return freeze(facade);
}

/** Recording off: the engine's own functions, for measuring what recording costs. */
export function rawFacade(a: Attempt): Readonly<Record<string, ApiFunction>> {
  const f: Record<string, ApiFunction> = {};
  for (const n of methodNames(a))
    f[n] = functionBind((a.api as unknown as Record<string, ApiFunction>)[n] as ApiFunction, a.api);
  return freeze(f);
}
