import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { launchChainOf } from '../helpers/launch-chain.js';

/** Bundles a course that imports pipwerks from npm (node_modules, no network) as esbuild's iife does. */
async function bundled(calls: string[]): Promise<{ code: string; lineOf: (text: string) => number }> {
  const entry = [
    "import { SCORM } from 'pipwerks-scorm-api-wrapper';",
    'SCORM.version = "1.2";',
    'const lms = { start: () => SCORM.init(), set: (e, v) => SCORM.set(e, v), finish: () => SCORM.quit() };',
    'lms.start();',
    ...calls,
    'lms.finish();',
    '',
  ].join('\n');
  const out = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]!.text;
  const lines = code.split('\n');
  return { code, lineOf: (text) => lines.findIndex((l) => l.includes(text)) + 1 };
}

async function lint12(code: string): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-bundled-'));
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
    return result.findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('pipwerks bundled from npm by esbuild: each mistake is found at the course call in the bundle', async () => {
  const { code, lineOf } = await bundled([
    "lms.set('cmi.interactions.0.learner_response', 'a');",
    "lms.set('cmi.success_status', 'passed');",
    "lms.set('cmi.core.session_time', 'PT0M8S');",
    "lms.set('cmi.interactions.0.result', 'incorrect');",
  ]);
  const findings = (await lint12(code)).filter((f) => f.severity !== 'info');
  const got = findings.map((f) => [f.rule, f.line]).sort((a, b) => Number(a[1]) - Number(b[1]));
  assert.deepEqual(got, [
    ['api.version_mismatch', lineOf('cmi.interactions.0.learner_response')],
    ['api.version_mismatch', lineOf('cmi.success_status')],
    ['api.invalid_value', lineOf('PT0M8S')],
    ['api.invalid_value', lineOf('"incorrect"')],
  ]);
  assert.ok(
    findings.every((f) => f.message.includes('wrapper')),
    'each finding names the wrapper',
  );
});

test('pipwerks bundled from npm by esbuild: a correct course gets no error or warning', async () => {
  const { code } = await bundled([
    "lms.set('cmi.core.lesson_status', 'passed');",
    "lms.set('cmi.core.session_time', '0000:00:08.00');",
    "lms.set('cmi.interactions.0.result', 'wrong');",
  ]);
  const findings = (await lint12(code)).filter((f) => f.severity !== 'info');
  assert.deepEqual(findings, []);
});
