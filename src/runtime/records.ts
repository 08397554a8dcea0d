/**
 * What the runtime records, and the conversion from the player's wire messages (see player/wire.ts).
 */
import type { NavRequestEvent } from '../rte/adapter/navigation-oracle.js';
import type { NetworkBlockReason } from './network-policy.js';
import { FLAT_STRIDE, type IntegrityKind } from './player/wire.js';

/** A JSON-safe stand-in for a value that JSON cannot carry as given. */
export type EncodedValue =
  | { $type: 'undefined' }
  | { $type: 'number'; value: string }
  | { $type: 'function'; name: string }
  | { $type: 'bigint' | 'symbol'; value: string }
  | { $type: 'string'; length: number; head: string; truncated: true }
  | { $type: 'object' | 'array'; json: string | null; string: string | null; className: string | null };

/** An argument or return value exactly as the caller passed it, encoded only where JSON would lose it. */
export type RecordedValue = string | number | boolean | null | EncodedValue;

export type CallSource = 'sco' | 'tool';

/**
 * Where a course's call came from (player/page/caller.ts): the delivered SCO's frame (or a frame or popup
 * under it), code outside it (the player window, another frame), or unknown (strict-mode, top-level or
 * native caller). Absent on the record: the SCO's frame.
 */
export type CallCaller = 'sco' | 'outside_sco' | 'unknown';

export interface ApiCallRecord {
  /** Position in the runtime's call list (0-based, across attempts). */
  index: number;
  method: string;
  args: RecordedValue[];
  result: RecordedValue;
  errorCode: string;
  errorString: string;
  diagnostic: string;
  timestamp: number;
  scoId: string;
  attempt: number;
  source: CallSource;
  /** For a course's call not known to come from the delivered SCO's frame (see CallCaller). */
  caller?: Exclude<CallCaller, 'sco'>;
  /** Set when the engine threw instead of returning (a fault in the engine, not the course). */
  exception?: string;
  /** False for a call the engine answered past the record's cap: returned to its caller, not kept. */
  recorded?: false;
}

export interface DataChange {
  element: string;
  /** null when the element had no value before (never set / not present). */
  previousValue: string | null;
  newValue: string;
  source: 'api:SetValue' | 'internal';
  timestamp: number;
  scoId: string;
  attempt: number;
  previousValueTruncated: boolean;
  newValueTruncated: boolean;
  newValueOriginalLength?: number;
}

export interface ConsoleEntry {
  type: string;
  text: string;
  /** 'pageerror' for uncaught exceptions. */
  source: 'console' | 'pageerror';
  url: string | null;
  line: number | null;
  column: number | null;
  /** 'player', 'sco' or 'popup'. */
  origin: 'player' | 'sco' | 'popup';
  timestamp: number;
  stack?: string;
  /** A page error's name (`SyntaxError`, `ReferenceError`, …), when it has one. */
  name?: string;
  /** The SCO in the frame, and its launch (ApiCallRecord.attempt), when the message came. */
  scoId?: string;
  attempt?: number;
}

/** Emitted when the request starts; statusCode / error are filled in on the same object later. */
export interface NetworkEntry {
  id: number;
  timestamp: number;
  method: string;
  url: string;
  resourceType: string;
  /** 'player': our own page and engine; 'content': the package; 'external': anything else. */
  scope: 'player' | 'content' | 'external';
  statusCode?: number;
  error?: string;
  blocked?: boolean;
}

export interface BlockedRequest {
  url: string;
  method: string;
  resourceType: string;
  /** See NetworkBlockReason (network-policy.ts); 'top_navigation': it tried to replace the player. */
  reason: NetworkBlockReason | 'top_navigation';
  timestamp: number;
}

export interface DialogEntry {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  defaultValue: string;
  /** What we answered. */
  accepted: boolean;
  promptText?: string;
  origin: 'player' | 'sco' | 'popup';
  timestamp: number;
}

export interface NavigationBlocked {
  url: string | null;
  message: string;
  timestamp: number;
}

export interface RuntimeCrash {
  reason: string;
  timestamp: number;
}

export interface ScriptTerminated {
  reason: 'timeout' | 'dialog_loop' | 'memory_budget';
  operation: string;
  timestamp: number;
}

/**
 * Something the player saw that a course must not be able to do to it: replacing a global the player
 * owns, navigating the player page, or making the engine hold what the record does not show.
 */
export interface IntegrityEvent {
  kind: IntegrityKind;
  detail: string;
  /** record_engine_mismatch: the element, the value the record showed and the value the engine held. */
  element?: string;
  recorded?: string | null;
  engine?: string | null;
  /** memory_budget_exceeded: the heap measured and the budget, in bytes. */
  measuredBytes?: number;
  budgetBytes?: number;
  /**
   * Node stopped the run for it: intrinsic_replaced, the change could not be undone; record_engine_mismatch,
   * Node found it comparing what it received with the engine.
   */
  runStopped?: boolean;
  scoId: string;
  attempt: number;
  timestamp: number;
}

export type InitializeState = 'none' | 'initialized' | 'terminated';

/** Event name -> payload for CourseRuntime's emitter. */
export interface RuntimeEvents {
  api_call: ApiCallRecord;
  data_change: DataChange;
  console: ConsoleEntry;
  request: NetworkEntry;
  /** The same entry as `request`, once its status code or error is in. */
  request_settled: NetworkEntry;
  request_blocked: BlockedRequest;
  dialog: DialogEntry;
  navigation_blocked: NavigationBlocked;
  nav_request: NavRequestEvent;
  /** An attempt's Terminate (LMSFinish) succeeded, whoever called it (the SCO, its unload handler, a tool). */
  terminate: { scoId: string; attempt: number; source: CallSource; timestamp: number };
  crashed: RuntimeCrash;
  script_terminated: ScriptTerminated;
  launch: { scoId: string; attempt: number; url: string; timestamp: number };
  frame_load: { url: string; scoId: string | null; timestamp: number };
  not_found: { path: string; timestamp: number };
  popup: { url: string; timestamp: number };
  integrity: IntegrityEvent;
}

/** The eight API functions, by their SCORM 2004 names (SCORM 1.2 prefixes them with LMS; Terminate is LMSFinish). */
export const CANONICAL_METHODS = [
  'Initialize',
  'Terminate',
  'GetValue',
  'SetValue',
  'Commit',
  'GetLastError',
  'GetErrorString',
  'GetDiagnostic',
] as const;
export type CanonicalMethod = (typeof CANONICAL_METHODS)[number];

/** SCORM 1.2 and 2004 names of one API function, for matching calls of either version. */
export function canonicalMethod(method: string): string {
  if (method === 'LMSFinish') return 'Terminate';
  return method.startsWith('LMS') ? method.slice(3) : method;
}

export const API_METHODS: Record<'1.2' | '2004', readonly string[]> = {
  '1.2': CANONICAL_METHODS.map((m) => (m === 'Terminate' ? 'LMSFinish' : `LMS${m}`)),
  '2004': CANONICAL_METHODS,
};

// ---- wire format (see player/wire.ts) ----------------------------------------------------

export interface WireHeader {
  /** Base time (epoch ms) the messages' t is relative to. */
  b: number;
  sco?: string;
  at?: number;
  v?: '1.2' | '2004';
  /** Error string and diagnostic of code "0" for this attempt. */
  z?: [string, string];
}
interface WireBase {
  s: number;
  t: number;
  /** Set only when the message belongs to another attempt than the header's. */
  sco?: string;
  at?: number;
}
export interface WireCall extends WireBase {
  k?: undefined;
  m: number;
  a: RecordedValue[];
  r: RecordedValue;
  e: string;
  es?: string;
  d?: string;
  src?: CallSource;
  cl?: Exclude<CallCaller, 'sco'>;
  x?: string;
  p?: RecordedValue;
  n?: RecordedValue;
  /** The `_count`s the SetValue implies, as flattened [element, previous, next] triples. */
  cc?: (string | null)[];
}
export interface WireChange extends WireBase {
  k: 'c';
  el: string;
  p: RecordedValue;
  n: RecordedValue;
}
export interface WireNav extends WireBase {
  k: 'n';
  q: string;
  ph: 'set' | 'terminate';
}
export interface WireLaunch extends WireBase {
  k: 'l';
  url: string;
}
export interface WireFrameLoad extends WireBase {
  k: 'f';
  url: string;
}
export interface WireIntegrity extends WireBase {
  k: 'i';
  what: IntegrityKind;
  detail?: string;
  el?: string;
  rec?: RecordedValue;
  eng?: RecordedValue;
}
export type WireMessage = WireCall | WireChange | WireNav | WireLaunch | WireFrameLoad | WireIntegrity;
export interface WireBatch {
  h: WireHeader;
  m: WireMessage[];
}
/** What the player sends: messages as flat slot arrays (layout in player/wire.ts). */
export interface FlatWireBatch {
  h: WireHeader & { s: number };
  f: unknown[][];
}

function members(fragment: unknown): Record<string, unknown> {
  return typeof fragment === 'string' && fragment !== ''
    ? (JSON.parse(`{${fragment}}`) as Record<string, unknown>)
    : {};
}

/** Expands the player's flat batch into messages; throws on a payload that is not one. */
export function expandFlatBatch(payload: string): WireBatch {
  const batch = JSON.parse(payload) as FlatWireBatch;
  if (!batch || typeof batch.h !== 'object' || !Array.isArray(batch.f)) throw new Error('not a player batch');
  const m: WireMessage[] = [];
  let s = batch.h.s;
  for (const piece of batch.f) {
    for (let i = 0; i + FLAT_STRIDE <= piece.length; i += FLAT_STRIDE, s++) {
      const t = piece[i + 9] as number;
      const method = piece[i] as number;
      if (method === -1) {
        m.push({ ...members(piece[i + 8]), s, t } as WireMessage);
        continue;
      }
      const argc = piece[i + 3] as number;
      const a =
        argc === -1
          ? (JSON.parse(piece[i + 1] as string) as RecordedValue[])
          : ([piece[i + 1], piece[i + 2]].slice(0, argc) as RecordedValue[]);
      const extra = piece[i + 8] as string;
      const call: WireCall = {
        s,
        t,
        m: method,
        a,
        r: piece[i + 4] as RecordedValue,
        e: piece[i + 5] as string,
        ...(extra ? members(extra.slice(1)) : {}),
      };
      const attempt = piece[i + 6];
      if (Array.isArray(attempt)) [call.sco, call.at] = attempt as [string, number];
      if (piece[i + 7] !== 0) call.p = piece[i + 7] as RecordedValue;
      m.push(call);
    }
  }
  return { h: batch.h, m };
}

/** Canonical order of the wire's method index (player/page/attempt.ts M04, M12). */
const WIRE_NAMES_2004 = API_METHODS['2004'];
const WIRE_NAMES_12 = API_METHODS['1.2'];

export function methodName(index: number, version: '1.2' | '2004' | undefined): string {
  const list = version === '1.2' ? WIRE_NAMES_12 : WIRE_NAMES_2004;
  return list[index] ?? `#${index}`;
}

export function callFromWire(w: WireCall, h: WireHeader, index: number): ApiCallRecord {
  const noError = h.z ?? ['', ''];
  const rec: ApiCallRecord = {
    index,
    method: methodName(w.m, h.v),
    args: w.a,
    result: w.r,
    errorCode: w.e,
    errorString: w.es ?? noError[0],
    diagnostic: w.d ?? noError[1],
    timestamp: h.b + w.t,
    scoId: w.sco ?? h.sco ?? '',
    attempt: w.at ?? h.at ?? 0,
    source: w.src ?? 'sco',
  };
  if (w.cl === 'outside_sco' || w.cl === 'unknown') rec.caller = w.cl;
  if (w.x !== undefined) rec.exception = w.x;
  return rec;
}

function plain(v: RecordedValue | undefined): { text: string; truncated: boolean; length: number } {
  if (typeof v === 'string') return { text: v, truncated: false, length: v.length };
  if (v !== null && typeof v === 'object' && v.$type === 'string')
    return { text: v.head, truncated: true, length: v.length };
  return { text: v === null || v === undefined ? '' : String(v), truncated: false, length: 0 };
}

function makeChange(
  element: string,
  prev: RecordedValue | undefined,
  next: RecordedValue,
  source: DataChange['source'],
  rec: { timestamp: number; scoId: string; attempt: number },
): DataChange {
  const n = plain(next);
  const p = prev === null || prev === undefined ? null : plain(prev);
  const change: DataChange = {
    element,
    previousValue: p ? p.text : null,
    newValue: n.text,
    source,
    timestamp: rec.timestamp,
    scoId: rec.scoId,
    attempt: rec.attempt,
    previousValueTruncated: p?.truncated ?? false,
    newValueTruncated: n.truncated,
  };
  if (n.truncated) change.newValueOriginalLength = n.length;
  return change;
}

/** The data change a successful SetValue made, if it changed anything. */
export function changeFromCall(w: WireCall, rec: ApiCallRecord): DataChange | null {
  if (!('p' in w)) return null;
  const element = rec.args[0];
  if (typeof element !== 'string') return null;
  const next = w.n !== undefined ? w.n : (rec.args[1] ?? '');
  return makeChange(element, w.p, next, 'api:SetValue', rec);
}

/** The collection `_count` changes the engine made because of a successful SetValue (a new member). */
export function countChangesFromCall(w: WireCall, rec: ApiCallRecord): DataChange[] {
  const cc = w.cc;
  if (!Array.isArray(cc)) return [];
  const out: DataChange[] = [];
  for (let i = 0; i + 2 < cc.length; i += 3) {
    const element = cc[i];
    const next = cc[i + 2];
    if (typeof element !== 'string' || typeof next !== 'string') continue;
    out.push(makeChange(element, cc[i + 1] ?? null, next, 'internal', rec));
  }
  return out;
}

export function changeFromWire(w: WireChange, h: WireHeader): DataChange {
  return makeChange(w.el, w.p, w.n, 'internal', {
    timestamp: h.b + w.t,
    scoId: w.sco ?? h.sco ?? '',
    attempt: w.at ?? h.at ?? 0,
  });
}

export function integrityFromWire(w: WireIntegrity, h: WireHeader): IntegrityEvent {
  const ev: IntegrityEvent = {
    kind: w.what,
    detail: w.detail ?? '',
    scoId: w.sco ?? h.sco ?? '',
    attempt: w.at ?? h.at ?? 0,
    timestamp: h.b + w.t,
  };
  if (w.el !== undefined) {
    ev.element = w.el;
    ev.recorded = w.rec === undefined || w.rec === null ? null : plain(w.rec).text;
    ev.engine = w.eng === undefined || w.eng === null ? null : plain(w.eng).text;
    ev.detail = `the engine holds ${w.el} = ${JSON.stringify(ev.engine)} but the record showed ${JSON.stringify(ev.recorded)}`;
  }
  return ev;
}
