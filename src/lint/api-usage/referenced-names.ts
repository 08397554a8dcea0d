/**
 * The names code refers to, as a cheap scan of its text (no syntax tree): every identifier or property
 * name outside comments, except where it is defined (`function name(`, `name = …`, `{ name: …`, a method
 * `name() {`). A string counts when it is exactly a name (`obj["name"]()`, `window["name"]`) or holds a
 * call of one (`setTimeout("name()", 10)`). It errs towards "referred to": a name counted that is not
 * used keeps a finding, a name missed would drop one.
 */

const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\[\s\S])*`|[A-Za-z_$][\w$]*/g;
const WORD = /^[A-Za-z_$][\w$]*$/;
const CALLED_IN_STRING = /([A-Za-z_$][\w$]*)\s*\(/g;
const WORDS_IN_TEMPLATE = /[A-Za-z_$][\w$]*/g;

/** The names `codes` refer to (see above). */
export function referencedNames(codes: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const code of codes) scan(code, names);
  return names;
}

function scan(code: string, names: Set<string>): void {
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(code); m; m = TOKEN.exec(code)) {
    const token = m[0];
    const first = token[0];
    if (first === '/') continue;
    if (first === '`') {
      // Its `${…}` parts are code; the rest counted too, which only errs towards "referred to".
      for (const w of token.matchAll(WORDS_IN_TEMPLATE)) names.add(w[0]);
      continue;
    }
    const quoted = first === '"' || first === "'";
    const text = quoted ? token.slice(1, -1) : token;
    if (quoted) {
      for (const call of text.matchAll(CALLED_IN_STRING)) names.add(call[1] as string);
      if (!WORD.test(text)) continue;
    }
    if (!isDefinition(code, m.index, m.index + token.length, quoted)) names.add(text);
  }
}

/** The token at [start, end) names what is being defined there rather than something used. */
function isDefinition(code: string, start: number, end: number, quoted: boolean): boolean {
  const before = code.slice(Math.max(0, start - 40), start);
  const after = code.slice(end, end + 200);
  if (!quoted && /(?<![\w$])function\s*\*?\s*$/.test(before)) {
    // `export default function name`: an importer calls it by another name.
    return !/export\s+default\s+(?:async\s+)?function\s*\*?\s*$/.test(before);
  }
  if (/^\s*=(?![=>])/.test(after)) return !quoted;
  if (/^\s*:/.test(after) && /[{,]\s*$/.test(before)) return true;
  return (
    !quoted &&
    /^\s*\([^()]*\)\s*\{/.test(after) &&
    /(?:^|[{},;])\s*(?:(?:async|static|get|set)\s+)*$/.test(before)
  );
}
