/**
 * A course's calls through a SCORM wrapper it bundled with webpack (4 minified, 5) or rollup: each mistake
 * is found at the course's own call, and the same course corrected gets no finding. The bundles are in
 * test/fixtures/bundles (written by hand in each bundler's shape; see its README).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { launchChainOf } from '../helpers/launch-chain.js';

const BUNDLES = ['webpack5-tracker.js', 'webpack4-tracker.min.js', 'rollup-tracker.js'];

const fixture = (name: string) =>
  readFileSync(join(process.cwd(), 'test', 'fixtures', 'bundles', name), 'utf8');

async function lint(code: string): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-bundle-shapes-'));
  try {
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><html><body><script src="course.js"></script></body></html>\n',
    );
    await writeFile(join(dir, 'course.js'), code);
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion: '1.2',
      files: ['index.html', 'course.js'],
      chains: [launchChainOf('sco1', 'index.html', ['course.js'])],
    });
    return result.findings.filter((f) => f.rule.startsWith('api.') && f.severity !== 'info');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** 1-based line and column of the first occurrence of `text` in `code`. */
function position(code: string, text: string): [number, number] {
  const index = code.indexOf(text);
  assert.ok(index >= 0, `${text} is in the bundle`);
  const before = code.slice(0, index);
  return [before.split('\n').length, index - before.lastIndexOf('\n')];
}

/** The quote the bundle writes its strings with. */
const quoteOf = (code: string) => (code.includes("'cmi.success_status'") ? "'" : '"');

for (const name of BUNDLES) {
  test(`${name}: each mistake of a SCORM 1.2 course is found at the course's call, through the wrapper`, async () => {
    const code = fixture(name);
    const q = quoteOf(code);
    const findings = await lint(code);
    const got = findings
      .map((f) => [f.rule, f.severity, f.line, f.column])
      .sort((a, b) => Number(a[2]) - Number(b[2]) || Number(a[3]) - Number(b[3]));
    assert.deepEqual(got, [
      ['api.version_mismatch', 'error', ...position(code, `${q}cmi.interactions.0.learner_response${q}`)],
      ['api.version_mismatch', 'error', ...position(code, `${q}cmi.success_status${q}`)],
      ['api.invalid_value', 'error', ...position(code, `${q}PT0M8S${q}`)],
      ['api.invalid_value', 'error', ...position(code, `${q}incorrect${q}`)],
    ]);
    for (const f of findings) assert.match(f.message, /through the wrapper /, f.message);
  });

  test(`${name}: the same course corrected gets no API-usage error or warning`, async () => {
    const q = quoteOf(fixture(name));
    const code = fixture(name)
      .replace(`${q}cmi.interactions.0.learner_response${q}`, `${q}cmi.core.lesson_location${q}`)
      .replace(`${q}cmi.success_status${q}`, `${q}cmi.core.lesson_status${q}`)
      .replace(`${q}PT0M8S${q}`, `${q}0000:00:08${q}`)
      .replace(`${q}incorrect${q}`, `${q}wrong${q}`);
    assert.deepEqual(await lint(code), []);
  });
}
