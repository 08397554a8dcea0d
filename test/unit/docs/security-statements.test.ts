/**
 * SECURITY.md promises what a course under test and an agent's text can and cannot do; each promise
 * must name the tests that prove it. This reads the file and the named test files as text: a statement
 * without a pointer, or a pointer to a file or case name that does not exist, fails here. The section
 * "Remaining limits" lists limits, not promises, and is exempt.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../../helpers/paths.js';
import { parseStatements, testTitles, type Statement } from '../../helpers/security-statements.js';

const EXEMPT = 'Remaining limits';
const security = readFileSync(resolve(REPO_ROOT, 'SECURITY.md'), 'utf8');

/** What is wrong with each statement's pointers, one line per problem. */
function problems(statements: Statement[]): string[] {
  const titles = new Map<string, string[] | null>();
  const titlesOf = (file: string): string[] | null => {
    if (!titles.has(file)) {
      const path = resolve(REPO_ROOT, file);
      const isTestFile = /^test\/.+\.test\.ts$/.test(file) && existsSync(path);
      titles.set(file, isTestFile ? testTitles(readFileSync(path, 'utf8')) : null);
    }
    return titles.get(file)!;
  };
  const found: string[] = [];
  for (const s of statements) {
    if (s.section === EXEMPT) continue;
    const where = `SECURITY.md:${s.line} (${s.section}: "${s.text.slice(0, 60)}")`;
    for (const bad of s.malformed) found.push(`SECURITY.md:${bad.line}: not a pointer's shape: ${bad.text}`);
    if (s.pointers.length === 0) found.push(`${where} has no "Tested by:" line`);
    for (const p of s.pointers) {
      const known = titlesOf(p.file);
      if (known === null)
        found.push(`SECURITY.md:${p.line}: ${p.file} is not a test file of this repository`);
      else if (!known.includes(p.name))
        found.push(`SECURITY.md:${p.line}: ${p.file} has no test "${p.name}"`);
    }
  }
  return found;
}

test('every statement of SECURITY.md names tests that exist', () => {
  const statements = parseStatements(security);
  const sections = new Set(statements.map((s) => s.section));
  for (const section of [
    'Network reach',
    'The player and the record',
    'What we write, and where',
    'Hostile input',
    'The DOM, automation and audit tools',
    'The inspector',
    'MCP resources',
    EXEMPT,
  ])
    assert.ok(sections.has(section), `SECURITY.md has a section "${section}" with statements`);
  assert.deepEqual(problems(statements), []);
});

test('the check catches a statement without a pointer, a missing file and a missing case name', () => {
  const sample = [
    '## Network reach',
    '',
    '- Proven.',
    '  - Tested by: `test/unit/docs/security-statements.test.ts` — "every statement of SECURITY.md names tests that exist"',
    '- Not proven at all.',
    '- Proven by a file that does not exist.',
    '  - Tested by: `test/e2e/no-such-file.test.ts` — "anything"',
    '- Proven by a case that does not exist.',
    '  - Tested by: `test/unit/docs/security-statements.test.ts` — "a case nobody wrote"',
    '- A pointer with the wrong shape.',
    '  - Tested by test/unit/docs/security-statements.test.ts',
    '',
    'A paragraph ends the statement before it.',
    '  - Tested by: `test/unit/docs/security-statements.test.ts` — "every statement of SECURITY.md names tests that exist"',
    '',
    '## Remaining limits',
    '',
    '- A limit needs no test.',
  ].join('\n');
  const statements = parseStatements(sample);
  assert.equal(statements.length, 6);
  assert.deepEqual(
    problems(statements).map((p) => p.replace(/\(.*\)/, '()')),
    [
      'SECURITY.md:5 () has no "Tested by:" line',
      'SECURITY.md:7: test/e2e/no-such-file.test.ts is not a test file of this repository',
      'SECURITY.md:9: test/unit/docs/security-statements.test.ts has no test "a case nobody wrote"',
      "SECURITY.md:11: not a pointer's shape: - Tested by test/unit/docs/security-statements.test.ts",
      'SECURITY.md:10 () has no "Tested by:" line',
    ],
  );
});

test('test titles are read as written, whatever the quotes and line breaks', () => {
  const source = [
    "test('single quoted', () => {});",
    'test("double \\"quoted\\"", () => {});',
    'test(',
    "  'on its own line',",
    '  { skip: false },',
    '  async () => {},',
    ');',
    'for (const via of ["a", "b"]) test(`template (${via})`, () => {});',
    "describe('a group', () => { it('a case', () => {}); });",
    "// attest('not a test', ...)",
  ].join('\n');
  assert.deepEqual(testTitles(source), [
    'single quoted',
    'double "quoted"',
    'on its own line',
    'template (${via})',
    'a group',
    'a case',
  ]);
});
