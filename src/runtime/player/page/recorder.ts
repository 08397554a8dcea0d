/**
 * The record: a reused flat queue in the wire's layout (see ../wire.ts), encoded and sent to Node through
 * the CDP binding captured at boot. Recording a call allocates nothing; previous values and encoding are
 * worked out when the queue is encoded, outside the course's own code path. The queue is filled by index,
 * not push (which measured markedly slower), in blocks kept between bursts. Until encoded, slot 6 holds
 * the attempt object, slot 7 the stored value of a SetValue whose value was not a string (undefined:
 * none), and for calls whose args travel as JSON text, slot 2 holds the element name.
 */
import { FLAT_STRIDE as STRIDE, FLUSH_CHUNK, STREAM_MS } from '../wire.js';
import type { Attempt } from './attempt-types.js';
import { encStr, jsonValue, wireValue } from './encode.js';
import { impliedCounts } from './implied-counts.js';
import {
  arrayFill,
  arrayJoin,
  arrayPush,
  arraySlice,
  dateNow,
  hasOwn,
  microtask,
  newArray,
  stringify,
  stringSlice,
} from './realm.js';

// FLUSH_CHUNK messages make a whole number of blocks.
const BLOCK_MESSAGES = 500;
const CHUNK_BLOCKS = FLUSH_CHUNK / BLOCK_MESSAGES;

let emit: (payload: string) => void = () => undefined;
let seq = 0;
let base = 0;
let empty = true;
let scheduled = false;
let firstUnsent = 1;
let current: Attempt | null = null;
// The queue is a list of fixed-size blocks, each allocated ahead and filled with undefined, so it has no
// holes: a store never looks at Array.prototype (where a course could have put an index setter), and
// only ever lands in bounds (the lists of blocks too are allocated ahead). A full block is set aside and
// a fresh one taken: a burst never copies what it queued (a doubling array's copies cost ~5 ms of cold
// code in a 10,000-call burst).
const BLOCK_SLOTS = BLOCK_MESSAGES * STRIDE;
const FULL_CAPACITY = CHUNK_BLOCKS + 8;
const KEPT_BLOCKS = 8;
const full = filled(FULL_CAPACITY);
let nfull = 0;
const spare = filled(KEPT_BLOCKS);
let nspare = 0;
let q = filled(BLOCK_SLOTS);
let qn = 0;

function filled(n: number): unknown[] {
  return arrayFill(newArray(n), undefined, 0, n);
}

/** Sets the full block aside and continues in a spare or fresh one. */
function nextBlock(): void {
  if (nfull === FULL_CAPACITY) {
    // Not flushed yet (a flush is under way further up the stack): encode in place instead.
    encodeQueue();
    return;
  }
  full[nfull++] = q;
  if (nspare > 0) {
    q = spare[--nspare] as unknown[];
    spare[nspare] = undefined;
  } else q = filled(BLOCK_SLOTS);
  qn = 0;
}
let encoded: string[] = [];

/** Starts sending through `binding` (the CDP binding function, taken before any course code ran). */
export function startRecorder(binding: (payload: string) => void): void {
  emit = (payload) => {
    try {
      binding(payload);
    } catch {
      // The page is going away.
    }
  };
}

export function setCurrent(a: Attempt | null): void {
  current = a;
}

export function lastSeq(): number {
  return seq;
}

/**
 * Reading the clock is a tenth of a recorded call's cost, so within one batch it is read on the first
 * call and then every CLOCK_EVERY calls: a burst of calls runs at a few microseconds each, far under the
 * millisecond a timestamp shows. A batch ends at the end of each turn, so calls in different turns always
 * read the clock anew; only calls inside one long synchronous block can share a reading.
 */
const CLOCK_EVERY = 8;
let sinceClock = 0;
let lastT = 0;

function now(): number {
  if (empty) {
    base = dateNow();
    empty = false;
    sinceClock = 0;
    lastT = 0;
    return 0;
  }
  if (++sinceClock < CLOCK_EVERY) return lastT;
  sinceClock = 0;
  lastT = dateNow() - base;
  return lastT;
}

function queued(t: number): void {
  seq++;
  if (t >= STREAM_MS || nfull >= CHUNK_BLOCKS) flush();
  else if (!scheduled) {
    scheduled = true;
    microtask(flush);
  }
}

/** Records one API call (slot meanings in ../wire.ts). The facade's fast path writes the same slots inline. */
export function put(
  mi: number,
  a0: unknown,
  a1: unknown,
  argc: number,
  ret: unknown,
  code: unknown,
  a: Attempt | null,
  stored: unknown,
  extra: string,
): void {
  const t = now();
  let k = qn;
  if (k === BLOCK_SLOTS) {
    nextBlock();
    k = 0;
  }
  q[k] = mi;
  q[k + 1] = a0;
  q[k + 2] = a1;
  q[k + 3] = argc;
  q[k + 4] = ret;
  q[k + 5] = code;
  q[k + 6] = a;
  q[k + 7] = stored;
  q[k + 8] = extra;
  q[k + 9] = t;
  qn = k + STRIDE;
  queued(t);
}

/** Records a successful, plain call: the hot path, kept small so it stays cheap before the JIT warms up. */
export function putPlain(mi: number, a0: unknown, a1: unknown, argc: number, ret: string, a: Attempt): void {
  const t = now();
  let k = qn;
  if (k === BLOCK_SLOTS) {
    nextBlock();
    k = 0;
  }
  q[k] = mi;
  q[k + 1] = a0;
  q[k + 2] = a1;
  q[k + 3] = argc;
  q[k + 4] = ret;
  q[k + 5] = '0';
  q[k + 6] = a;
  q[k + 7] = undefined;
  q[k + 8] = '';
  q[k + 9] = t;
  qn = k + STRIDE;
  queued(t);
}

/** Any other message, as an object (tagged with its attempt when that is not the current one). */
export function message(msg: Record<string, unknown>, a: Attempt | null = current): void {
  // Assigning members and JSON.stringify look setters and toJSON up through the prototypes: they must be
  // ours first.
  checkRealm();
  if (a !== null && a !== current) {
    msg.sco = a.cfg.scoId;
    msg.at = a.attempt;
  }
  const json = stringify(msg);
  put(-1, null, null, 0, null, null, null, undefined, stringSlice(json, 1, -1));
}

/**
 * Applies successful SetValues to their attempt's shadow (the last value seen per element) to find
 * each one's previous value and the collection `_count`s it implies (sent with the call as "cc"), makes every slot JSON-safe, and encodes the queue, a piece per block.
 */
export function encodeQueue(): void {
  // Encoding reads the shadows (`in`) and JSON-encodes arrays: whatever path reached here (a Commit's
  // check, a Terminate, a full queue), the prototypes are checked and restored first.
  checkRealm();
  for (let b = 0; b < nfull; b++) {
    const block = full[b] as unknown[];
    full[b] = undefined;
    encodeBlock(block, BLOCK_SLOTS);
    if (nspare < KEPT_BLOCKS) spare[nspare++] = block;
  }
  nfull = 0;
  if (qn > 0) encodeBlock(q, qn);
  qn = 0;
}

/** Encodes the first n slots of a block into one piece, and clears them. */
function encodeBlock(block: unknown[], n: number): void {
  for (let i = 0; i < n; i += STRIDE) {
    if (block[i] === -1) continue;
    const a = block[i + 6] as Attempt;
    const argc = block[i + 3] as number;
    const stored = block[i + 7];
    let prev: unknown = 0;
    const el = argc === -1 ? block[i + 2] : block[i + 1];
    if (block[i] === 3 && block[i + 4] === 'true' && typeof el === 'string') {
      const next = (stored === undefined ? block[i + 2] : stored) as string;
      const shadow = a.shadow;
      const before = hasOwn(shadow, el) ? (shadow[el] as string) : null;
      if (next !== before) {
        prev = encStr(before);
        if (stored !== undefined) block[i + 8] += ',"n":' + jsonValue(stored);
        shadow[el] = next;
      }
      const counts = impliedCounts(el, shadow);
      if (counts.length > 0) {
        block[i + 8] += ',"cc":' + stringify(counts);
        for (let c = 0; c < counts.length; c += 3) shadow[counts[c] as string] = counts[c + 2] as string;
      }
    }
    block[i + 7] = prev;
    block[i + 6] = a === current ? 0 : [a.cfg.scoId, a.attempt];
    if (argc === -1) block[i + 2] = null;
    else {
      block[i + 1] = wireValue(block[i + 1]);
      block[i + 2] = argc === 2 ? wireValue(block[i + 2]) : null;
    }
    block[i + 4] = wireValue(block[i + 4]);
  }
  arrayPush(encoded, stringify(n === block.length ? block : arraySlice(block, 0, n)));
  arrayFill(block, undefined, 0, n);
}

export function pendingCalls(): boolean {
  return qn > 0 || nfull > 0;
}

let beforeEncode: () => void = () => undefined;

/** A check run before each encoding (the watch on the prototypes the encoding relies on). */
export function setBeforeEncode(check: () => void): void {
  beforeEncode = check;
}

/**
 * Reports and undoes what the course changed on the watched prototypes since the last check. Call it
 * right before code that would look something up through them (JSON, `in`, reading a parsed object).
 */
export function checkRealm(): void {
  beforeEncode();
}

let flushes = 0;

/** How many flushes ran: one ends every turn that recorded a call, so a new count means a new turn. */
export function flushCount(): number {
  return flushes;
}

export function flush(): void {
  scheduled = false;
  flushes++;
  checkRealm();
  if (qn > 0) encodeQueue();
  if (encoded.length === 0) return;
  const a = current;
  const h = a
    ? { b: base, s: firstUnsent, sco: a.cfg.scoId, at: a.attempt, v: a.cfg.version, z: a.noError }
    : { b: base, s: firstUnsent };
  const body = arrayJoin(encoded, ',');
  encoded = [];
  empty = true;
  firstUnsent = seq + 1;
  emit('{"h":' + stringify(h) + ',"f":[' + body + ']}');
}

/** Sends a message that is not a batch (PLAYER_READY). */
export function sendRaw(payload: string): void {
  emit(payload);
}
