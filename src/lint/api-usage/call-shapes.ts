/**
 * Whether a text may hold a call the collector counts as an SCORM API call (collect-facts.ts,
 * isApiCallShape), decided from the text around each method name alone. Big player bundles (Captivate's
 * CPM.js, Storyline's ds-bootstrap) name `Initialize(`, `Commit(` or `GetValue(` for their own objects
 * hundreds of times: a syntax tree of megabytes only to learn that none of them is the API.
 *
 * An API call is a member call, `receiver.Name(…)` or `receiver["Name"](…)`, and unless its name is a
 * SCORM 1.2 one or its receiver's name says `api`, a SCORM 2004 package only counts it when its first
 * argument is a string literal. So an occurrence is cleared when it is not after a `.` (a function of
 * that name, a plain call), or after a `.` whose receiver is a plain word without `api` and with no
 * string after the `(`. Anything else (a quote before the name, a comment or line break where one could
 * hide, a receiver that is a call, an index or a non-ASCII name) is a doubt and counts as a call.
 */
import { API_METHOD_NAMES, looksLikeApi, methodInfo } from './api-methods.js';
import { METHOD_CALL } from './prefilter.js';
import { matchesFrom, startsBefore, type WordIndex } from './word-index.js';

const BLANK = /[ \t\v\f]/;
const WORD_CHAR = /[\w$]/;

/** Skips blanks backwards from `i`; undefined at a line break or a non-ASCII character (doubts). */
function blanksBack(text: string, i: number): number | undefined {
  while (i > 0) {
    const c = text[i - 1]!;
    if (BLANK.test(c)) i--;
    // A line break may end a `//` comment; any other character above ASCII may be a space JavaScript skips.
    else if (c === '\n' || c === '\r' || c.charCodeAt(0) > 0x7f) return undefined;
    else return i;
  }
  return i;
}

/** The plain word that ends at `end`, or undefined when it is not one (empty, escaped, non-ASCII around it). */
function wordBefore(text: string, end: number): string | undefined {
  let start = end;
  while (start > 0 && WORD_CHAR.test(text[start - 1]!)) start--;
  if (start === end) return undefined;
  const before = text[start - 1];
  if (before !== undefined && (before === '\\' || before.charCodeAt(0) > 0x7f)) return undefined;
  return text.slice(start, end);
}

/** Whether the method name at `at` (a METHOD_CALL match of `match`) may be the callee of an API call. */
function mayBeApiCall(text: string, at: number, match: string): boolean {
  const name = /^\w+/.exec(match)![0];
  const info = methodInfo(name);
  if (!info) return true;
  // The match ends with `(` when the call's parentheses follow; a comment start there is a doubt.
  if (!match.endsWith('(')) return true;
  const beforeName = blanksBack(text, at);
  if (beforeName === undefined) return true;
  const c = text[beforeName - 1];
  if (c === '/' || c === '"' || c === "'" || c === '`' || c === ']' || c === '\\') return true;
  if (c !== '.') return false; // `function Initialize(`, `Initialize(`: no member call
  let dot = beforeName - 1;
  if (text[dot - 1] === '?') dot--;
  const beforeDot = blanksBack(text, dot);
  if (beforeDot === undefined) return true;
  const receiver = wordBefore(text, beforeDot);
  if (receiver === undefined || /^\d/.test(receiver)) return true;
  if (info.family === '1.2' || looksLikeApi(receiver)) return true;
  // A SCORM 2004 name on another receiver counts only with a string literal first.
  const afterParen = text.slice(at + match.length).trimStart()[0];
  return afterParen === '"' || afterParen === "'" || afterParen === '`' || afterParen === '/';
}

/** True when some method name in the text may be the callee of a call the collector counts as an API call. */
export function mayCallApiShape(text: string, words: WordIndex): boolean {
  const starts = startsBefore(words, API_METHOD_NAMES, [0]);
  return matchesFrom(METHOD_CALL, text, starts).some((m) => mayBeApiCall(text, m.index, m[0]));
}
