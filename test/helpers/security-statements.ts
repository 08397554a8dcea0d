/**
 * Reads SECURITY.md's statements and their test pointers, and the test titles of a test file, so a test
 * can check that every statement names tests that exist. The format is described at the top of
 * SECURITY.md: a statement is a top-level bullet under a `##` section; each indented line
 * `- Tested by: \`<file>\` — "<case name>"` under it is one pointer.
 */

export interface TestPointer {
  file: string;
  name: string;
  /** 1-based line in the markdown. */
  line: number;
}

export interface Statement {
  section: string;
  /** The statement's first line, without its bullet. */
  text: string;
  line: number;
  pointers: TestPointer[];
  /** Indented lines that start like a pointer but do not have its shape. */
  malformed: Array<{ line: number; text: string }>;
}

const POINTER = /^\s+- Tested by: `([^`]+)` — "(.*)"\s*$/;
const POINTER_START = /^\s+- Tested by/;
const TOP_BULLET = /^- (.*)$/;
const SECTION = /^## (.*)$/;
const FENCE = /^```/;

export function parseStatements(markdown: string): Statement[] {
  const statements: Statement[] = [];
  let section = '';
  let current: Statement | undefined;
  let inFence = false;
  markdown.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (FENCE.test(raw)) inFence = !inFence;
    if (inFence) return;
    const heading = SECTION.exec(raw);
    if (heading) {
      section = heading[1]!.trim();
      current = undefined;
      return;
    }
    const bullet = TOP_BULLET.exec(raw);
    if (bullet && section) {
      current = { section, text: bullet[1]!.trim(), line, pointers: [], malformed: [] };
      statements.push(current);
      return;
    }
    if (!current) return;
    // A line at the left margin that is not a bullet (a paragraph) ends the statement.
    if (raw.length > 0 && !/^\s/.test(raw)) {
      current = undefined;
      return;
    }
    const pointer = POINTER.exec(raw);
    if (pointer) current.pointers.push({ file: pointer[1]!, name: pointer[2]!, line });
    else if (POINTER_START.test(raw)) current.malformed.push({ line, text: raw.trim() });
  });
  return statements;
}

/**
 * The titles of `test(...)`, `it(...)` and `describe(...)` calls in a test file's source, as written
 * between their quotes (a template literal's `${...}` stays as it is written).
 */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  const call = /\b(?:test|it|describe)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const match of source.matchAll(call)) titles.push(unescape(match[2]!));
  return titles;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}
