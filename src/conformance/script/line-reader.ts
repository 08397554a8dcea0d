/**
 * The two ways the ADL suite reads its text files: its own line reader for test-case scripts
 * (README §3.1) and standard Java properties for the dictionaries.
 */

export interface ScriptEntry {
  readonly key: string;
  /** Everything after the first `=`, untrimmed, continuation lines joined, no escapes applied. */
  readonly value: string;
  /** 1-based physical line where the entry starts. */
  readonly line: number;
}

export class ScriptSyntaxError extends Error {}

function physicalLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop(); // the file's final line end
  return lines;
}

/**
 * ADL's script reader: a trailing backslash joins the next physical line as it is (no trimming, no
 * escapes); any line containing `####` is skipped; the key ends at the first `=`; duplicates are kept.
 */
export function readScriptEntries(text: string): ScriptEntry[] {
  const lines = physicalLines(text);
  const entries: ScriptEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let line = lines[i] ?? '';
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + (lines[++i] ?? '');
    if (line.includes('####')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) {
      throw new ScriptSyntaxError(
        `line ${start}: ${line === '' ? 'empty line' : `no "=" in ${JSON.stringify(line.slice(0, 60))}`}; ADL's reader stops here too. Remove the line or write it as key=value.`,
      );
    }
    entries.push({ key: line.slice(0, eq), value: line.slice(eq + 1), line: start });
  }
  return entries;
}

/**
 * `\uXXXX` escapes as ADL applies them to command values: any other backslash is kept, and a `\u`
 * without four hex digits is copied with the four characters that were checked.
 */
export function applyUnicodeEscapes(value: string): string {
  let out = '';
  let i = 0;
  while (i < value.length) {
    const ch = value[i] ?? '';
    if (ch === '\\' && value[i + 1] === 'u') {
      const hex = value.slice(i + 2, i + 6);
      out += /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(parseInt(hex, 16)) : `\\u${hex}`;
      i += 2 + hex.length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

const PROPERTY_ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/** Standard Java properties (`#`/`!` comments, `=`/`:`/space separators, escapes), as ResourceBundle reads them. */
export function readProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = physicalLines(text);
  for (let i = 0; i < lines.length; i++) {
    let line = (lines[i] ?? '').replace(/^[ \t\f]+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (/(?:^|[^\\])(?:\\\\)*\\$/.test(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + (lines[++i] ?? '').replace(/^[ \t\f]+/, '');
    }
    const m = /^((?:[^=:\s\\]|\\.)*)[ \t\f]*[=:]?[ \t\f]*(.*)$/s.exec(line);
    if (m) out.set(unescapeProperty(m[1] ?? ''), unescapeProperty(m[2] ?? ''));
  }
  return out;
}

function unescapeProperty(s: string): string {
  return s.replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_, hex: string | undefined, ch: string) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : (PROPERTY_ESCAPES[ch] ?? ch),
  );
}
