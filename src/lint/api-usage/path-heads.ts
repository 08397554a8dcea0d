/**
 * Whether a text may begin a name path (`name(…)`, `name.a.b(…)`, `var s = name.a`, `window.name`) with
 * one of the given names: the only way chain-wrappers.ts's callsAnyOf finds a call through another file's
 * wrapper, since a call's or alias's path starts at its leftmost name (`window.`, `self.` and
 * `globalThis.` dropped). An occurrence after `.` on a plain word, a `]` or a `)` (`jQuery.find(…)`,
 * `$(e).find(…)`), or an object key, begins no path; anything else (a string, a comment, a global
 * object) is a doubt and counts, which only costs the parse. Escaped names (`\u0066ind`) are read as the
 * parser reads them.
 */

import { compilesInV8 } from './syntax-check.js';

const ESCAPE = /\\u(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/g;
const GLOBAL_OBJECTS = new Set(['window', 'self', 'globalThis']);
const WORD_CHAR = /[\w$]/;
const BLANK = /\s/;

export function mayBeginPathWithAny(code: string, names: readonly string[], script = false): boolean {
  if (names.length === 0) return false;
  // Only escapes that may spell a name are decoded (strings of libraries hold `\u00a0` & co).
  const plainNames = names.every((n) => /^[\w$]+$/.test(n));
  const text = code.includes('\\u')
    ? code.replace(ESCAPE, (escape: string, braced?: string, plain?: string) => {
        const point = parseInt(braced ?? plain ?? '', 16);
        if (point > 0x10ffff) return escape;
        const char = String.fromCodePoint(point);
        return plainNames && !WORD_CHAR.test(char) ? escape : char;
      })
    : code;
  const escaped = names.map((n) => n.replace(/[$]/g, '\\$'));
  const occurrence = new RegExp(`(?<![\\w$])(?:${escaped.join('|')})(?![\\w$])`, 'g');
  const doubts: number[] = [];
  for (const match of text.matchAll(occurrence)) {
    const end = match.index + match[0].length;
    if (beginsNoPath(text, match.index, end)) continue;
    // `window["name"]` is the path `name`: a whole string literal stays a doubt.
    const quote = text[match.index - 1];
    if ((quote === '"' || quote === "'") && text[end] === quote) return true;
    doubts.push(match.index);
  }
  if (doubts.length === 0) return false;
  // In a script, whether the doubts are only text (a library's message "Unable to find …") is asked of
  // V8 by writing each `@ind`: `@` cannot stand in code, but can in a string, comment or regular expression.
  if (!script || text !== code) return true;
  let marked = '';
  let from = 0;
  for (const at of doubts) {
    marked += `${code.slice(from, at)}@`;
    from = at + 1;
  }
  marked += code.slice(from);
  return !compilesInV8({ code: marked, line: 1, column: 1, module: false, handler: false });
}

/**
 * The name at `start` begins no path: it follows `word.` (a word other than a global object), `].` or
 * `).` (unless the parenthesis holds a global object alone: `(window).name`), or it is a key `{ name:`,
 * `, name:`.
 */
function beginsNoPath(text: string, start: number, end: number): boolean {
  let i = blanksBack(text, start);
  if (text[i - 1] !== '.')
    return (text[i - 1] === '{' || text[i - 1] === ',') && text[blanksOn(text, end)] === ':';
  i = blanksBack(text, i - 1);
  if (text[i - 1] === ']') return true;
  if (text[i - 1] === ')') {
    while (i > 0 && (text[i - 1] === ')' || BLANK.test(text[i - 1]!))) i--;
    if (text[i - 1] === '/') return false; // a comment may end there
    if (!WORD_CHAR.test(text[i - 1] ?? '')) return true;
  }
  const c = text[i - 1];
  if (c === undefined || !WORD_CHAR.test(c)) return false;
  let word = i;
  while (word > 0 && WORD_CHAR.test(text[word - 1]!)) word--;
  // `1.5.toFixed`, `a\u0065.x`: a number, or a word the escape decoding did not make plain.
  if (/^\d/.test(text[word]!) || text[word - 1] === '\\') return false;
  return !GLOBAL_OBJECTS.has(text.slice(word, i));
}

function blanksBack(text: string, i: number): number {
  while (i > 0 && BLANK.test(text[i - 1]!)) i--;
  return i;
}

function blanksOn(text: string, i: number): number {
  while (i < text.length && BLANK.test(text[i]!)) i++;
  return i;
}
