/**
 * V8's compile of a unit for the syntax check (syntax-check.ts), with its memory bounded by the largest
 * script rather than by the package (issue 9). Two V8 habits made a validation's peak RSS grow with
 * every large script compiled:
 * - V8 keeps each distinct script it compiles (source and code) in an isolate-wide compilation cache that
 *   full collections do not empty: 20 scripts of 4.3 MB kept 90 MB alive after the check was done. The
 *   check never runs what it compiles, so that cache is switched off (once, for the process; nothing
 *   else here compiles a script twice), and the one thing it was good for here, identical copies of a
 *   library in one package, is kept by remembering the answer by digest (from the second source of a
 *   length on, so packages without copies hash nothing).
 * - A compiled script's source moves to the old generation, which V8 collects late: each thread's heap
 *   grew by ~4 MB a script before its first full collection. So each thread asks for a full
 *   collection once V8 has accepted COLLECT_AFTER_CHARS of source since the last one (a few ms, next
 *   to the ~60 ms a 4 MB compile takes); packages with less script than that never pay it.
 * Node offers no other way to ask for a collection than V8's expose-gc flag: it is on just long enough
 * to take `gc` from a fresh context, so no other code sees a `gc` global.
 */
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { compileFunction, runInNewContext, Script } from 'node:vm';

export const COLLECT_AFTER_CHARS = 4 * 1024 * 1024;
/** Sources at least this long are remembered by digest once a source of the same length was seen. */
const REMEMBERED_CHARS = 64 * 1024;
/** A long-lived validation worker forgets them all past this many (a length, a digest, a boolean). */
const MAX_REMEMBERED = 4096;

let cacheOff = false;
let collect: (() => void) | undefined;
let sinceCollection = 0;
const seenLengths = new Set<number>();
const verdicts = new Map<string, boolean>();

/** Whether V8 compiles the code as a classic script, or as an event handler's body (`event` in scope). */
export function compilesForCheck(code: string, handler: boolean): boolean {
  const digest = copyDigest(code, handler);
  const verdict = (digest === undefined ? undefined : verdicts.get(digest)) ?? compile(code, handler);
  // Remembered or not, the source was read (and maybe copied): it is garbage to collect all the same.
  // A source V8 rejects is not counted: its parse stops at the error and leaves no code behind. Most
  // rejects are the one-character variants of a page's script the region plan asks about (lectora-1:
  // 225 of 878 compiles, 15 of 23 MB); counting them forced 5 collections instead of 2 there, for a
  // peak RSS of 103 MB instead of 117-125 MB (150 MB is the target).
  if (verdict) afterChecking(code.length);
  if (digest !== undefined) verdicts.set(digest, verdict);
  return verdict;
}

/** A digest for a large source that may be a copy: only one of a length seen before is hashed. */
function copyDigest(code: string, handler: boolean): string | undefined {
  if (code.length < REMEMBERED_CHARS) return undefined;
  if (seenLengths.size + verdicts.size >= MAX_REMEMBERED) {
    seenLengths.clear();
    verdicts.clear();
  }
  if (!seenLengths.has(code.length)) {
    seenLengths.add(code.length);
    return undefined;
  }
  return `${handler ? 'h' : 's'}${createHash('sha256').update(code).digest('base64')}`;
}

function compile(code: string, handler: boolean): boolean {
  if (!cacheOff) {
    setFlagsFromString('--no-compilation-cache');
    cacheOff = true;
  }
  try {
    if (handler) compileFunction(code, ['event']);
    else new Script(code);
    return true;
  } catch {
    return false;
  }
}

function afterChecking(chars: number): void {
  sinceCollection += chars;
  if (sinceCollection < COLLECT_AFTER_CHARS) return;
  sinceCollection = 0;
  (collect ??= fullCollection())();
}

/** The full collection V8 offers, or a no-op when it cannot be had; exported for its test. */
export function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  // V8's flags are the process's, shared with the other checking threads: one of them may turn expose-gc
  // off between this thread's two calls, and the fresh context then has no `gc` (a validation once died
  // of that ReferenceError). Try again; failing that, go without: the collections bound memory, no verdict.
  for (let attempt = 0; attempt < 3; attempt++) {
    setFlagsFromString('--expose-gc');
    try {
      const gc = runInNewContext('typeof gc === "function" ? gc : undefined') as (() => void) | undefined;
      if (gc) return gc;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  return () => undefined;
}
