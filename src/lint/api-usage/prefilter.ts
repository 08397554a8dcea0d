import { API_METHOD_NAMES } from './api-methods.js';
import type { FileFacts } from './collect-facts.js';
import { commentReader } from './frame-member-comments.js';
import { indexWords, matchesAtAny, matchesFrom, startsBefore, sticky, type WordIndex } from './word-index.js';

/** Units above this size are parsed only when a cheap text scan finds something the rules look at. */
export const PREFILTER_MIN_CHARS = 256 * 1024;

const METHOD_WORD =
  /\b(?:LMS(?:Initialize|Finish|GetValue|SetValue|Commit|GetLastError|GetErrorString|GetDiagnostic)|Initialize|Terminate|GetValue|SetValue|Commit|GetLastError|GetErrorString|GetDiagnostic)\b/;
const FRAME_ACCESS = /\b(?:parent|top|opener)\s*(?:\.\s*(?:document|location)\b|\[)/;

/**
 * For big third-party bundles (minified libraries): true when the text cannot contain an API call
 * or a cross-frame access, in which case only the discovery hints are taken from the text and the
 * costly parse is skipped.
 */
export function skipParse(code: string, facts: FileFacts): boolean {
  if (code.length < PREFILTER_MIN_CHARS || METHOD_WORD.test(code) || FRAME_ACCESS.test(code)) return false;
  facts.parentOrOpenerMentions += (code.match(/\b(?:parent|opener)\b/g) ?? []).length;
  facts.mentions12Api ||= /\bAPI\b/.test(code);
  facts.mentions2004Api ||= /\bAPI_1484_11\b/.test(code);
  return true;
}

const ANY_HINT = /\b(?:parent|top|opener|API|API_1484_11)\b/;

/**
 * False when a whole file cannot contribute any fact the rules use (no API method name, no frame
 * access, no API lookup hint): it is then counted as scanned without being parsed at all. Most pages of
 * a large course are like that.
 */
export function couldMatter(text: string): boolean {
  return METHOD_WORD.test(text) || FRAME_ACCESS.test(text) || ANY_HINT.test(text);
}

// What may stand between `parent` and `.document`, or `SetValue` and `(`: blanks, quotes, brackets,
// parens. A comment there is not read through (that could cost quadratic time on hostile text): its
// start alone makes the text count, which only costs a parse.
const COMMENT_START = String.raw`\/[*/]`;
const CLOSING = String.raw`[\s)\]'"\x60]*`;
const OPENING = String.raw`[\s(\['"\x60]*`;
const METHOD_NAMES = String.raw`(?:LMS(?:Initialize|Finish|GetValue|SetValue|Commit|GetLastError|GetErrorString|GetDiagnostic)|Initialize|Terminate|GetValue|SetValue|Commit|GetLastError|GetErrorString|GetDiagnostic)`;
/** A method name followed by a call: `x.SetValue(`, `x["SetValue"](`, `x.SetValue?.(` (and `function SetValue(`). */
export const METHOD_CALL = sticky(
  new RegExp(
    String.raw`\b${METHOD_NAMES}\b${CLOSING}(?:${COMMENT_START}|(?:\?\.\s*)?(?:${COMMENT_START}|\())`,
  ),
);
/** `parent.document`, `top["location"]`, `opener?.location`: the only shape of a cross-frame access. */
const FRAME_MEMBER = sticky(
  new RegExp(
    String.raw`\b(?:parent|top|opener)\b${CLOSING}(?:${COMMENT_START}|(?:\??\.|\[)${OPENING}(?:${COMMENT_START}|(?:document|location)\b))`,
  ),
);
/** The string literal `"API"` / `'API_1484_11'`, which the collector also counts as a mention. */
const QUOTED_API = sticky(/(["'])API(?:_1484_11)?\1/);

/** Text that may hold an API call or a cross-frame access, the facts that need the syntax tree. */
export function mayCallOrReachFrames(text: string, words: WordIndex = indexWords(text)): boolean {
  return mayCallApi(text, words) || frameMembers(text, words).length > 0;
}

/** Text that may hold an API call (or a function named like an API method). */
export function mayCallApi(text: string, words: WordIndex): boolean {
  return matchesAtAny(METHOD_CALL, text, startsBefore(words, API_METHOD_NAMES, [0]));
}

/** Each text shaped like a cross-frame access (`parent.document`, `top["location"]`…), and where it starts. */
export function frameMembers(text: string, words: WordIndex): Array<{ start: number; text: string }> {
  const matches = matchesFrom(FRAME_MEMBER, text, startsBefore(words, ['parent', 'top', 'opener'], [0]));
  const comments = matches.some(stopsAtComment) ? commentReader(text) : undefined;
  return matches.flatMap((m) => {
    if (!comments || !stopsAtComment(m)) return [{ start: m.index, text: m[0] }];
    // Read on through the comment: prose that ends a line with "the parent" is no access at all.
    const end = comments.accessEnd(m.index + FRAME_NAME.exec(m[0])![0].length);
    if (end === null) return [];
    return [{ start: m.index, text: end === undefined ? m[0] : text.slice(m.index, end) }];
  });
}

const FRAME_NAME = /^(?:parent|top|opener)/;
const stopsAtComment = (m: RegExpExecArray): boolean => m[0].endsWith('//') || m[0].endsWith('/*');

/** `API` / `API_1484_11` anywhere (code, string, comment): the other half of the discovery evidence. */
export function mentionsApi(words: WordIndex): boolean {
  return words.has('API') || words.has('API_1484_11');
}

/** Whether the text holds the string literal `"API"` / `'API_1484_11'`. */
export function quotesApi(text: string, words: WordIndex): boolean {
  return matchesAtAny(QUOTED_API, text, startsBefore(words, ['API', 'API_1484_11'], [1]));
}
