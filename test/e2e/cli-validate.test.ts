import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySample } from '../helpers/course-builder.js';
import { REPO_ROOT, SAMPLES_DIR } from '../helpers/paths.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');
const SAMPLE = join(SAMPLES_DIR, 'sample-course');

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: REPO_ROOT });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface ValidationJson {
  valid: boolean;
  scorm_version: string | null;
  compliance_score: number;
  errors: Array<{
    rule: string;
    severity: string;
    message: string;
    file: string;
    line: number;
    column: number;
    fix: string;
  }>;
  warnings: unknown[];
  info: unknown[];
}

test('validate: the bundled sample is valid (exit 0) and JSON has the documented shape', () => {
  const r = cli('validate', SAMPLE, '--format', 'json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout) as ValidationJson;
  assert.deepEqual(Object.keys(json).sort(), [
    'compliance_score',
    'errors',
    'info',
    'scorm_version',
    'valid',
    'warnings',
  ]);
  assert.equal(json.valid, true);
  assert.equal(json.scorm_version, '2004 4th Edition');
  assert.equal(json.errors.length, 0);
});

test('validate: a defect gives exit 1 and a finding with rule, file, line and fix', () => {
  const dir = copySample();
  const manifest = join(dir, 'imsmanifest.xml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace('href="quiz/index.html"/>', 'href="quiz/missing.html"/>'),
  );
  const r = cli('validate', dir, '--format', 'json');
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout) as ValidationJson;
  const missing = json.errors.find((e) => e.rule === 'cp.file_missing');
  assert.ok(missing, JSON.stringify(json.errors));
  assert.equal(missing.file, 'imsmanifest.xml');
  assert.ok(missing.line > 1);
  assert.ok(missing.fix.length > 0);
});

test('validate: malformed XML is reported at its line (exit 1)', () => {
  const dir = copySample(undefined, {
    'imsmanifest.xml': '<?xml version="1.0"?>\n<manifest identifier="x">\n  <organizations>\n</manifest>\n',
  });
  const r = cli('validate', dir, '--format', 'json');
  assert.equal(r.status, 1);
  const json = JSON.parse(r.stdout) as ValidationJson;
  assert.equal(json.errors[0]?.rule, 'xml.malformed');
  assert.ok((json.errors[0]?.line ?? 0) >= 3);
});

test('validate: a path that does not exist exits 2 with a clear message', () => {
  const r = cli('validate', join(REPO_ROOT, 'no-such-course'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /PATH_RESOLUTION_ERROR/);
});

test('validate: bad usage exits 2', () => {
  assert.equal(cli('validate').status, 2);
  assert.equal(cli('validate', SAMPLE, '--format', 'yaml').status, 2);
  assert.equal(cli('frobnicate').status, 2);
});

test('validate: SARIF 2.1.0 and JUnit outputs', () => {
  const dir = copySample();
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    readFileSync(join(dir, 'imsmanifest.xml'), 'utf8').replace(
      'identifierref="res_quiz"',
      'identifierref="res_nope"',
    ),
  );
  const sarif = JSON.parse(cli('validate', dir, '--format', 'sarif').stdout) as {
    version: string;
    runs: Array<{
      tool: { driver: { name: string; rules: Array<{ id: string }> } };
      results: Array<{ ruleId: string; level: string }>;
    }>;
  };
  assert.equal(sarif.version, '2.1.0');
  const run = sarif.runs[0]!;
  assert.equal(run.tool.driver.name, 'scorm-tester');
  assert.ok(run.results.some((r) => r.ruleId === 'cp.identifierref_unresolved' && r.level === 'error'));
  for (const result of run.results) assert.ok(run.tool.driver.rules.some((r) => r.id === result.ruleId));
  const junit = cli('validate', dir, '--format', 'junit').stdout;
  assert.match(junit, /^<\?xml/);
  assert.match(junit, /<failure/);
});

test('validate: --report writes a self-contained HTML report', () => {
  const out = join(copySample(), 'report.html');
  const r = cli('validate', SAMPLE, '--report', out);
  assert.equal(r.status, 0);
  const html = readFileSync(out, 'utf8');
  assert.match(html, /<html/i);
  assert.doesNotMatch(html, /<script/i);
});
