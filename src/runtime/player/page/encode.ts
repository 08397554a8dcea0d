/** Making recorded values JSON-safe (the RecordedValue stand-ins of records.ts). */
import { MAX_RECORDED_STRING as MAXS } from '../wire.js';
import { finite, hasOwn, isArray, stringify, stringSlice, toText } from './realm.js';

export interface BigString {
  $type: 'string';
  length: number;
  head: string;
  truncated: true;
}

export function big(v: string): BigString {
  return { $type: 'string', length: v.length, head: stringSlice(v, 0, MAXS), truncated: true };
}

function clipped(s: string): string {
  return s.length > MAXS ? stringSlice(s, 0, MAXS) : s;
}

/** Any value as the wire carries it (may run an object's own toJSON/toString: call it once, when recorded). */
export function enc(v: unknown): unknown {
  switch (typeof v) {
    case 'string':
      return v.length > MAXS ? big(v) : v;
    case 'number':
      return finite(v) ? v : { $type: 'number', value: toText(v) };
    case 'boolean':
      return v;
    case 'undefined':
      return { $type: 'undefined' };
    case 'function':
      return { $type: 'function', name: safe(() => toText((v as { name?: unknown }).name ?? '')) ?? '' };
    case 'bigint':
    case 'symbol':
      return { $type: typeof v, value: toText(v) };
  }
  if (v === null) return null;
  const json = safe(() => {
    const j = stringify(v) as string | undefined;
    return j === undefined ? null : clipped(j);
  });
  const text = safe(() => clipped(toText(v)));
  const cls = safe(() => {
    const c = (v as { constructor?: { name?: unknown } }).constructor;
    return c && c.name ? toText(c.name) : null;
  });
  return { $type: isArray(v) ? 'array' : 'object', json: json ?? null, string: text, className: cls };
}

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** Strings (the usual case) pass as they are unless too long; objects were encoded when recorded. */
export function wireValue(v: unknown): unknown {
  if (typeof v === 'string') return v.length > MAXS ? big(v) : v;
  return v !== null && typeof v === 'object' ? v : enc(v);
}

/** The members an encoded value can have (see records.ts EncodedValue), in the order they are written. */
const MEMBERS = ['$type', 'length', 'head', 'truncated', 'value', 'name', 'json', 'string', 'className'];

/**
 * JSON text of a value as the wire carries it. An object's stand-in is written member by member from
 * its primitives, not through JSON.stringify: encoding it ran the course's own code (its toJSON,
 * toString or getters), which may have changed the realm's prototypes since the last check.
 */
export function jsonValue(v: unknown): string {
  if (typeof v === 'string' && v.length <= MAXS) return stringify(v);
  const e = enc(v);
  if (e === null || typeof e !== 'object') return stringify(e) as string;
  let out = '';
  for (let i = 0; i < MEMBERS.length; i++) {
    const key = MEMBERS[i] as string;
    if (!hasOwn(e, key)) continue;
    const m = (e as Record<string, unknown>)[key];
    out += (out === '' ? '{' : ',') + stringify(key) + ':' + (m === undefined ? 'null' : stringify(m));
  }
  return out + '}';
}

export function jsonArgs(args: ArrayLike<unknown>): string {
  const n = args.length;
  if (n === 0) return '[]';
  let out = '[' + jsonValue(args[0]);
  for (let i = 1; i < n; i++) out += ',' + jsonValue(args[i]);
  return out + ']';
}

export function encStr(v: string | null | undefined): string | BigString | null {
  return v === null || v === undefined ? null : v.length > MAXS ? big(v) : v;
}
