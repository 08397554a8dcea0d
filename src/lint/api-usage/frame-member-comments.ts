/**
 * The cross-frame pattern (prefilter.ts) does not read through a comment: `parent` before a comment counts
 * as a possible access. Libraries' prose does that all the time ("…search for the parent\n// instance…" in
 * React DOM, "…offset parent\n// 2. …" in jQuery UI), and each such file then took a whole parse for
 * nothing. This reads on through the comments, as JavaScript does, and says whether the name really is
 * followed by `.document`, `?.location`, `["document"]`… The reading is bounded: past its budget, or on
 * anything it does not read exactly (an unclosed comment, `<!--` / `-->`, which scripts also take as
 * comments), it doubts, and the candidate stays as the pattern found it.
 */

/** Characters the pattern lets stand between the name and the dot or bracket. */
const CLOSING = /[\s)\]'"`]/;
/** Characters the pattern lets stand between the dot or bracket and the property name. */
const OPENING = /[\s(['"`]/;
const PROPERTY = /(?:document|location)\b/y;
const LINE_END = /[\n\r\u2028\u2029]/g;

export interface CommentReader {
  /**
   * For a name ending at `at` whose pattern match stopped at a comment: where the access ends (after
   * `document` / `location`), null when the code after the comments is no access, undefined when in doubt.
   */
  accessEnd(at: number): number | null | undefined;
}

/** A reader for one text; all its readings together scan at most about twice the text. */
export function commentReader(code: string): CommentReader {
  let budget = 2 * code.length + 4096;
  // Where a search for a comment's end started and what it found (-1: nothing up to the end of the text):
  // a later search from inside that stretch has the same answer, so hostile text is not searched again.
  const memo = { block: { from: -1, found: -1 }, line: { from: -1, found: -1 } };

  function searched(kind: 'block' | 'line', from: number, find: () => number): number {
    const last = memo[kind];
    if (last.from >= 0 && from >= last.from && (last.found < 0 || from <= last.found)) return last.found;
    const found = find();
    budget -= (found < 0 ? code.length : found) - from;
    memo[kind] = { from, found };
    return found;
  }

  /** The position after the comment starting at `i`, or undefined when it does not close. */
  function afterComment(i: number): number | undefined {
    if (code[i + 1] === '*') {
      const close = searched('block', i + 2, () => code.indexOf('*/', i + 2));
      return close < 0 ? undefined : close + 2;
    }
    const end = searched('line', i + 2, () => {
      LINE_END.lastIndex = i + 2;
      return LINE_END.exec(code)?.index ?? -1;
    });
    return end < 0 ? code.length : end;
  }

  /** Skips the allowed characters and comments; undefined when in doubt. */
  function skip(i: number, allowed: RegExp): number | undefined {
    while (i < code.length) {
      if (--budget < 0) return undefined;
      const c = code[i]!;
      if (c === '/' && (code[i + 1] === '/' || code[i + 1] === '*')) {
        const next = afterComment(i);
        if (next === undefined || budget < 0) return undefined;
        i = next;
      } else if (allowed.test(c)) {
        i++;
      } else {
        return c === '<' || c === '-' ? undefined : i;
      }
    }
    return i;
  }

  return {
    accessEnd(at) {
      let i = skip(at, CLOSING);
      if (i === undefined) return undefined;
      if (code[i] === '?' && code[i + 1] === '.') i += 2;
      else if (code[i] === '.' || code[i] === '[') i += 1;
      else return null;
      i = skip(i, OPENING);
      if (i === undefined) return undefined;
      PROPERTY.lastIndex = i;
      return PROPERTY.test(code) ? PROPERTY.lastIndex : null;
    },
  };
}
