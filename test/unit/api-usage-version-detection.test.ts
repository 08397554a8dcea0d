/**
 * Issue 24, point 7: code on the SCORM 1.2 branch of a runtime that detects the version at run time is
 * judged as SCORM 1.2 code, whichever version the package declares. Each fixture in
 * test/fixtures/version-detection writes the detection one common way (see its README).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';

const DIR = join(process.cwd(), 'test', 'fixtures', 'version-detection');
const FIXTURES = readdirSync(DIR).filter((f) => f.endsWith('.js'));

async function lint(code: string, scormVersion: '1.2' | '2004'): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-version-detection-'));
  try {
    await writeFile(join(dir, 'runtime.js'), code);
    return (await lintApiUsage({ packageRoot: dir, scormVersion, files: ['runtime.js'] })).findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const shown = (findings: Finding[]) =>
  findings.map((f) => `${f.line}: ${f.rule} (${f.severity}) ${f.message}`);

test('the fixtures cover each shape of version detection', () => {
  assert.ok(FIXTURES.length >= 9, FIXTURES.join(', '));
});

for (const file of FIXTURES) {
  const code = readFileSync(join(DIR, file), 'utf8');

  test(`${file}: no finding under either package version`, async () => {
    for (const version of ['1.2', '2004'] as const) {
      assert.deepEqual(shown(await lint(code, version)), [], `SCORM ${version}`);
    }
  });

  {
    test(`${file}: a SCORM 2004 name on the SCORM 1.2 branch is an error under either package version`, async () => {
      const wrong = code.replace('"cmi.core.student_name"', '"cmi.learner_name"');
      const line = code.slice(0, code.indexOf('"cmi.core.student_name"')).split('\n').length;
      for (const version of ['1.2', '2004'] as const) {
        const found = (await lint(wrong, version)).filter((f) => f.rule === 'api.version_mismatch');
        assert.deepEqual(
          found.map((f) => [f.line, f.severity]),
          [[line, 'error']],
          `SCORM ${version}: ${shown(found).join('\n')}`,
        );
      }
    });
  }
}

test('ternary-names.js: each name a version test picks is judged for its own version, where it is written', async () => {
  const code = readFileSync(join(DIR, 'ternary-names.js'), 'utf8');
  const lineOf = (text: string) => code.slice(0, code.indexOf(text)).split('\n').length;
  const cases: [string, string, number][] = [
    // The argument itself: each arm swapped for the other version's name.
    ['"cmi.exit" : "cmi.core.exit"', '"cmi.core.exit" : "cmi.exit"', lineOf('"cmi.exit" : "cmi.core.exit"')],
    // A constant holding the choice.
    ['? "cmi.location" :', '? "cmi.core.lesson_location" :', lineOf('? "cmi.location" :')],
  ];
  for (const [from, to, line] of cases) {
    const wrong = code.replace(from, to);
    for (const version of ['1.2', '2004'] as const) {
      const found = (await lint(wrong, version)).filter((f) => f.rule === 'api.version_mismatch');
      assert.ok(
        found.length > 0 && found.every((f) => f.line === line && f.severity === 'error'),
        `${to} (SCORM ${version}): ${shown(found).join('\n')}`,
      );
    }
  }
});

test('a name picked by a test that selects no version is left to the run', async () => {
  const code = readFileSync(join(DIR, 'ternary-names.js'), 'utf8').replace(
    'set(modern ? "cmi.exit" : "cmi.core.exit", "suspend");',
    'set(Math.random() > 0.5 ? "cmi.exit" : "cmi.core.exit", "suspend");',
  );
  for (const version of ['1.2', '2004'] as const) {
    const found = (await lint(code, version)).filter((f) => f.severity !== 'info');
    assert.deepEqual(shown(found), [], `SCORM ${version}`);
  }
});
