/**
 * The last resort of the answer budget: an answer that a tool built past the budget is cut, whatever
 * the tool, so that no answer a course can inflate reaches the model (or the client's read buffer)
 * whole. Cutting keeps the answer's shape: strings get shorter, lists and open records lose their later
 * members, so the result still validates against the tool's output schema (closed objects have a few
 * fixed keys and are never cut; enum values and ids are far shorter than any cut). What was cut is
 * counted, by path, for the note that says how to get the rest.
 */

/** One step of cutting: the longest string, list and record kept. */
interface FitLevel {
  maxString: number;
  maxItems: number;
  maxKeys: number;
}

/** From gentle to severe; the first level whose result fits is used. */
const LEVELS: readonly FitLevel[] = [
  { maxString: 2_000, maxItems: 200, maxKeys: 200 },
  { maxString: 500, maxItems: 100, maxKeys: 100 },
  { maxString: 200, maxItems: 50, maxKeys: 60 },
  { maxString: 120, maxItems: 20, maxKeys: 40 },
  { maxString: 80, maxItems: 8, maxKeys: 30 },
  { maxString: 64, maxItems: 3, maxKeys: 20 },
];

/** Values one cut visits at most: a value that shares parts (a course can return one) can be vast. */
const MAX_NODES = 200_000;

/** A list or record that was cut: where, how many members it had and how many are shown. */
export interface CutList {
  path: string;
  total: number;
  shown: number;
}

export interface FittedAnswer {
  value: unknown;
  /** Bytes of the JSON of `value`. */
  bytes: number;
  /** Strings shortened, and the length they were cut to. */
  cut_strings: number;
  string_chars: number;
  /** Lists and records that lost members. */
  cut_lists: CutList[];
  /** False when even the most severe cut does not fit (a value nested deeper than anything we send). */
  fits: boolean;
}

/** `value` cut until its JSON is at most `budgetBytes`. Values that fit are returned as they are. */
export function fitWithinBudget(value: unknown, budgetBytes: number): FittedAnswer {
  const bytes = jsonBytesWithin(value, budgetBytes);
  if (bytes !== null) {
    return { value, bytes, cut_strings: 0, string_chars: 0, cut_lists: [], fits: true };
  }
  let last: FittedAnswer | null = null;
  for (const level of LEVELS) {
    const cuts: Cuts = { strings: 0, lists: [], nodes: 0 };
    const cut = cutValue(value, level, '', cuts);
    last = {
      value: cut,
      bytes: (cuts.nodes > MAX_NODES ? null : jsonBytesWithin(cut, budgetBytes)) ?? Infinity,
      cut_strings: cuts.strings,
      string_chars: level.maxString,
      cut_lists: cuts.lists,
      fits: false,
    };
    if (last.bytes <= budgetBytes) return { ...last, fits: true };
  }
  return last!;
}

interface Cuts {
  strings: number;
  lists: CutList[];
  nodes: number;
}

/**
 * Bytes of the JSON of a value, or null as soon as they pass `limit`: measuring an answer never
 * builds its whole JSON (a course can make one of gigabytes, and serialising it would hold the server).
 */
export function jsonBytesWithin(value: unknown, limit: number): number | null {
  let total = 0;
  const skipped = (v: unknown): boolean =>
    v === undefined || typeof v === 'function' || typeof v === 'symbol';
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      total += Buffer.byteLength(JSON.stringify(v) ?? 'null', 'utf8');
      return;
    }
    if (Array.isArray(v)) {
      total += 1 + Math.max(1, v.length);
      for (const item of v) {
        if (skipped(item)) total += 4;
        else walk(item);
        if (total > limit) return;
      }
      return;
    }
    total += 1;
    let members = 0;
    for (const [key, item] of Object.entries(v)) {
      if (skipped(item)) continue;
      members += 1;
      total += Buffer.byteLength(JSON.stringify(key), 'utf8') + 2;
      walk(item);
      if (total > limit) return;
    }
    if (members === 0) total += 1;
  };
  walk(value);
  return total > limit ? null : total;
}

function cutValue(value: unknown, level: FitLevel, path: string, cuts: Cuts): unknown {
  if (++cuts.nodes > MAX_NODES) return null;
  if (typeof value === 'string') {
    if (value.length <= level.maxString) return value;
    cuts.strings += 1;
    return `${keepWhole(value, level.maxString - 1)}…`;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (value.length > level.maxItems)
      cuts.lists.push({ path: path || '/', total: value.length, shown: level.maxItems });
    return value.slice(0, level.maxItems).map((item, i) => cutValue(item, level, `${path}/${i}`, cuts));
  }
  const keys = Object.keys(value);
  if (keys.length > level.maxKeys)
    cuts.lists.push({ path: path || '/', total: keys.length, shown: level.maxKeys });
  const out: Record<string, unknown> = {};
  for (const key of keys.slice(0, level.maxKeys)) {
    out[key] = cutValue((value as Record<string, unknown>)[key], level, `${path}/${pathSegment(key)}`, cuts);
  }
  return out;
}

/** A key as a path names it: our own keys and data-model names as they are, anything else a course chose as `*`. */
function pathSegment(key: string): string {
  return /^[A-Za-z_][\w.]{0,60}$/.test(key) ? key : '*';
}

/** The first `chars` characters, without splitting a surrogate pair. */
function keepWhole(text: string, chars: number): string {
  const code = text.charCodeAt(chars - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? chars - 1 : chars);
}
