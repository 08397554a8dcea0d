import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';

/**
 * Library code that cannot yield a fact is only compiled by V8, never parsed into a tree. These tests pin
 * that the findings are the ones the full parse gives: same facts, same errors, same positions.
 */
async function lint(version: '1.2' | '2004', files: Record<string, string>): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-syntax-only-'));
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    return (await lintApiUsage({ packageRoot: dir, scormVersion: version, files: Object.keys(files) }))
      .findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const rulesOf = (findings: Finding[]) => findings.map((f) => [f.rule, f.file, f.line, f.column]);

// Calls the API but never looks for it: api.discovery_missing unless another file shows the search.
const WRAPPER = 'API.LMSInitialize("");\nAPI.LMSFinish("");\n';
const MISSING = [['api.discovery_missing', 'wrapper.js', 1, 1]];

test('"API" in a library string, comment, template or regex is not discovery evidence', async () => {
  for (const lib of [
    'var p = node.parent; throw new Error("the Web API changed");',
    'var p = node.parent; // see the API docs\n',
    'var p = node.parent; /* API_1484_11 */',
    'var p = node.parent; var t = `API`;',
    'var p = node.parent; var ok = /API/.test(s);',
    'var p = node.parent; var s = "the \\"API\\" word";',
  ]) {
    assert.deepEqual(rulesOf(await lint('1.2', { 'wrapper.js': WRAPPER, 'lib.js': lib })), MISSING, lib);
  }
});

test('"API" as code or as the string "API" in a library is discovery evidence, as before', async () => {
  for (const lib of [
    'var w = window.parent; var a = w.API;',
    'var w = window.opener; var a = w["API"];',
    "var w = parent; var key = 'API_1484_11';",
    'var API = parent.x;',
    'var o = { API: 1 }, p = parent;',
  ]) {
    assert.deepEqual(rulesOf(await lint('1.2', { 'wrapper.js': WRAPPER, 'lib.js': lib })), [], lib);
  }
});

test('a library that does not parse is named with its line and column; the rest is still checked', async () => {
  const findings = await lint('1.2', {
    'wrapper.js':
      'var a = window.parent.API;\na.LMSInitialize("");\na.LMSSetValue("cmi.core.lesson_status", "bogus");\na.LMSFinish("");\n',
    'quiet.js': 'var a = 1;\nvar b = function () { return a +; };\n',
    'prose.js': 'log("the API");\nvar = 2;\n',
  });
  assert.deepEqual(
    findings.map((f) => [f.rule, f.file, f.line, f.column]),
    [
      ['api.invalid_value', 'wrapper.js', 3, 41],
      ['api.parse_error', 'prose.js', 2, 5],
      ['api.parse_error', 'quiet.js', 2, 33],
    ],
  );
});

test('calls and frame access behind comments, brackets and optional chaining are still found', async () => {
  const findings = await lint('1.2', {
    'a.js': 'var w = window.parent;\nw.API?.["LMSSetValue"] /* set */ ("cmi.core.lesson_status", "bogus");\n',
    'b.js': "var t = window.parent /* up */ ?.['document'].title;\n",
    'c.js': 'top\n  .location\n  .replace("x.html");\n',
  });
  assert.deepEqual(
    findings.map((f) => [f.rule, f.file, f.line]),
    [
      ['api.invalid_value', 'a.js', 2],
      ['api.cross_frame_dom', 'b.js', 1],
      ['api.cross_frame_dom', 'c.js', 1],
    ],
  );
});

test('a one-line minified file locates a SCORM call past column 10,000', async () => {
  const filler = Array.from({ length: 1500 }, (_, i) => `var v${i}=${i};`).join('');
  const prefix = `${filler}var s="é😀";var w=window.parent.API;w.LMSInitialize("");w.LMSSetValue("cmi.core.lesson_status",`;
  const code = `${prefix}"bogus");w.LMSFinish("");`;
  assert.ok(prefix.length > 10_000);
  const findings = await lint('1.2', { 'min.js': code });
  // Columns count UTF-16 code units, as JavaScript and editors do: the emoji is two.
  assert.deepEqual(rulesOf(findings), [['api.invalid_value', 'min.js', 1, prefix.length + 1]]);
});

test('compiling library code runs none of it', async () => {
  const marker = `__scormTesterRan${process.pid}`;
  const findings = await lint('1.2', {
    'hostile.js': `globalThis.${marker} = true; throw new Error("the API");\nwhile (true) {}\n`,
    'quiet.js': `globalThis.${marker} = true; for (;;) {}\n`,
  });
  assert.deepEqual(findings, []);
  assert.equal((globalThis as Record<string, unknown>)[marker], undefined);
});

test('quiet code nested too deeply is still reported as skipped, not passed', async () => {
  const depth = 100_000;
  const findings = await lint('1.2', { 'deep.js': `var a = ${'['.repeat(depth)}${']'.repeat(depth)};\n` });
  assert.deepEqual(
    findings.map((f) => [f.rule, f.file]),
    [['api.file_skipped', 'deep.js']],
  );
});

test('hostile text around the prefilter words is read in one pass', async () => {
  // Each of these made a backtracking pattern quadratic: the test would not finish.
  const n = 1_000_000;
  const findings = await lint('1.2', {
    'a.js': `var a = ${'['.repeat(n / 100)}${']'.repeat(n / 100)};`,
    'b.js': `var SetValue${' '.repeat(n)};`,
    'c.js': `var parent${' '.repeat(n)};`,
    'd.js': `"${'parent/*'.repeat(n / 8)}"`,
    'e.js': `"${'x.SetValue]'.repeat(n / 11)}"`,
  });
  assert.deepEqual(
    findings.map((f) => [f.rule, f.file]),
    [['api.file_skipped', 'a.js']],
  );
});
