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
const WORD = /[\p{ID_Continue}$\u200c\u200d]+/gu;
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
  for (const match of text.matchAll(WORD)) {
    if (wanted.has(match[0]) && !clearlyNeither(text, match.index, match[0].length)) return true;
  }
  return false;
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
