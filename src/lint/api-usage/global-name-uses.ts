/**
 * Whether a script that makes no API call of its own (a player bundle) may still take part in a page's
 * load-time flow (flow.ts) through one of the page's global functions: by calling it by its bare name
 * (`name(…)`, the only call flow.ts follows into a function) or by declaring a function of that name
 * (`function name`, `var name = function`). An occurrence that is a member (`t.api.SetScore(…)`,
 * `window.RecordFillInInteraction(…)`), the whole of a string literal (`"RecordSequencingInteraction"`),
 * or followed by anything that cannot start a call or an initialiser (`loadScript: function`) is
 * neither. Anything else, a comment next to the name included, is a doubt and counts, which only costs
 * the parse of the script.
 */

// Identifier characters, and their escapes (`\u0066oo` is `foo`), so a name is found however it is written.
const ESCAPE = /\\u(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/g;
/** One character of a name (an identifier part), read by code point. */
const WORD_CHAR = /^[\p{ID_Continue}$\u200c\u200d]$/u;
const BLANK = /\s/;
/**
 * After the name: a call `(`, `?.(`, a `)` closing a parenthesised callee, an initialiser `=`, or a
 * comment (`/`, and the `<!--` and `-->` ones of classic scripts) that may hide one of them.
 */
const MAY_FOLLOW_CALL_OR_DECLARATION = new Set(['(', '?', ')', '=', '/', '<', '-', '`']);

export function mayCallOrDeclareAny(code: string, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  const wanted = new Set(names);
  const text = code.replace(ESCAPE, (escape: string, braced?: string, plain?: string) => {
    const point = parseInt(braced ?? plain ?? '', 16);
    return point <= 0x10ffff ? String.fromCodePoint(point) : escape;
  });
  const lengths = new Set(names.map((name) => name.length));
  let found = false;
  forEachWord(text, (start, end) => {
    if (!lengths.has(end - start) || !wanted.has(text.slice(start, end))) return false;
    found = !clearlyNeither(text, start, end - start);
    return found;
  });
  return found;
}

const isAsciiWordChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;

/**
 * Calls `visit` with where each maximal run of WORD_CHAR's characters starts and ends, in order, until it
 * returns true: what `text.matchAll(/[\p{ID_Continue}$\u200c\u200d]+/gu)` finds, without a match object per word (a 1 MB player bundle
 * has some 150,000 words, and the Unicode class made the search cost 40-60 ms).
 */
function forEachWord(text: string, visit: (start: number, end: number) => boolean): void {
  let start = -1;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    let size = 1;
    let inWord: boolean;
    if (c < 128) inWord = isAsciiWordChar(c);
    else {
      const point = text.codePointAt(i)!;
      size = point > 0xffff ? 2 : 1;
      inWord = WORD_CHAR.test(String.fromCodePoint(point));
    }
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      if (visit(start, i)) return;
      start = -1;
    }
    i += size;
  }
  if (start >= 0) visit(start, text.length);
}

function clearlyNeither(text: string, start: number, length: number): boolean {
  let before = start;
  while (before > 0 && (text[before - 1] === ' ' || text[before - 1] === '\t')) before--;
  // `x.name`, `x?.name`; not the spread `...name`. Not across a line break: a `.` there may end a
  // comment (`// done.`) or a number (`1.`) after which a new statement starts.
  if (text[before - 1] === '.' && text[before - 2] !== '.') return true;
  const quote = text[start - 1];
  if ((quote === '"' || quote === "'") && text[start + length] === quote) return true;
  let after = start + length;
  while (after < text.length && BLANK.test(text[after]!)) after++;
  const next = text[after];
  return next !== undefined && !MAY_FOLLOW_CALL_OR_DECLARATION.has(next);
}
