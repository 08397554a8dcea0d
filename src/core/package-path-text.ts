/**
 * A file name the package chose, printed inside a line of ours (a report heading, a `file:line:col`
 * prefix, a flat finding string). A plain path (ASCII letters, digits, `.`, `_`, `-`, `/`, at most 200
 * characters) is printed as written, so ordinary reports do not change. Any other name is printed as a
 * JSON string, cut to 200 characters, with every control, format, separator and unassigned character
 * escaped: a newline in it cannot start a line of ours, and the quotes mark it as the package's words.
 */
import { courseText } from './course-text.js';

const PLAIN_PATH = /^[A-Za-z0-9._\-/]{1,200}$/;
// JSON.stringify escapes C0 controls only; line/paragraph separators, bidi and other invisible characters
// could still reorder or hide what a reader sees.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;

export function packagePathText(path: string): string {
  if (PLAIN_PATH.test(path)) return path;
  // Each UTF-16 unit of the character, as JSON writes escapes (two for one outside the BMP).
  return JSON.stringify(courseText(path).text).replace(INVISIBLE, (c) =>
    c
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}
