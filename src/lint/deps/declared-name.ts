/**
 * Cheap answers about one name in a script's text, so the dependency check (script-needs.ts) builds the
 * syntax tree of a library only when it must: jQuery is 92 kB of minified code whose only part in the
 * question "does the SCORM code use a name no script defines?" is that it defines `jQuery`.
 */
import { compilesInV8 } from '../api-usage/syntax-check.js';
import type { SourceUnit } from '../api-usage/source-unit.js';

const ESCAPE = /\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g;

/** The text with its `\u` escapes written out, so an identifier spelt with them is found too. */
function unescaped(code: string): string {
  if (!code.includes('\\u')) return code;
  return code.replace(ESCAPE, (escape: string, braced: string | undefined, four: string | undefined) => {
    const point = parseInt(braced ?? four ?? '', 16);
    return point <= 0x10ffff ? String.fromCodePoint(point) : escape;
  });
}

const escapeName = (name: string) => name.replace(/\$/g, '\\$');

/** False when the unit cannot hold the name as an identifier anywhere (it is not even a word of its text). */
export function mayHoldName(code: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${escapeName(name)}(?![\\w$])`).test(unescaped(code));
}

/**
 * Whether the line ending at `end` holds no line comment: `[a, // (` would put the `(` in a comment and
 * the assignment on the next line inside a destructuring pattern. A line too long to look at is doubted.
 */
function cleanLine(code: string, end: number): boolean {
  const line = code.slice(Math.max(0, end - 400), end);
  const start = Math.max(
    line.lastIndexOf('\n'),
    line.lastIndexOf('\r'),
    line.lastIndexOf('\u2028'),
    line.lastIndexOf('\u2029'),
  );
  if (start < 0 && end > 400) return false;
  return !/\/\/|<!--|-->/.test(line.slice(start + 1));
}

const RESERVED = new Set(['this', 'super', 'null', 'true', 'false', 'new', 'typeof', 'void', 'delete', 'in']);

/**
 * True when the unit surely declares the name as script-needs.ts counts it: an assignment to `obj.name`
 * (jQuery's `(e.jQuery=s)`, `window.jQuery = …`) whose object is a plain name starting an expression
 * (after `(`, `;`, `{`, `}`, `=` or at the start), written in code, not in a string or comment (V8 is
 * asked: `@` cannot stand in code). False means only "not shown this way".
 */
export function surelyDeclares(unit: SourceUnit, name: string): boolean {
  if (unit.module) return false;
  const { code } = unit;
  const assigned = new RegExp(`\\.${escapeName(name)}(?![\\w$])\\s*=(?![=>])`, 'g');
  let compiles: boolean | undefined;
  for (let m = assigned.exec(code); m; m = assigned.exec(code)) {
    let start = m.index;
    while (start > 0 && /[\w$]/.test(code[start - 1]!)) start--;
    const object = code.slice(start, m.index);
    if (!/^[A-Za-z_$]/.test(object) || RESERVED.has(object)) continue;
    let before = start;
    while (before > 0 && /\s/.test(code[before - 1]!)) before--;
    if (before > 0 && !'(;{}='.includes(code[before - 1]!)) continue;
    if (before > 0 && /[\n\r\u2028\u2029]/.test(code.slice(before, start)) && !cleanLine(code, before))
      continue;
    compiles ??= compilesInV8(unit);
    if (!compiles) return false;
    const at = m.index + 1;
    if (!compilesInV8({ ...unit, code: `${code.slice(0, at)}@${code.slice(at + 1)}` })) return true;
  }
  return false;
}
