import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { launchChainOf } from '../helpers/launch-chain.js';
import {
  WRAPPER_PACKAGES,
  WRAPPER_VERSIONS,
  wrapperAdapter,
  type WrapperName,
} from '../helpers/corpus/wrappers.js';

const WRAPPERS = Object.keys(WRAPPER_PACKAGES) as WrapperName[];

interface Bundle {
  code: string;
  /** The 1-based line of the bundle holding the text (0 when none does). */
  lineOf: (text: string) => number;
}

/**
 * A SCORM 1.2 course that imports the wrapper from npm (node_modules, no network) behind the `lms` object
 * generated courses use, bundled as esbuild's iife does (the wrapper becomes a CommonJS module factory
 * read through esbuild's interop helpers).
 */
async function bundled(
  wrapper: WrapperName,
  calls: string[],
  options: { api?: '1.2' | '2004'; minify?: boolean } = {},
): Promise<Bundle> {
  const api = options.api ?? '1.2';
  const entry = [wrapperAdapter(wrapper, api), 'lms.start();', ...calls, 'lms.finish();', ''].join('\n');
  const out = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'iife',
    minify: options.minify === true,
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]!.text;
  const lines = code.split('\n');
  return { code, lineOf: (text) => lines.findIndex((l) => l.includes(text)) + 1 };
}

async function lint(code: string, scormVersion: '1.2' | '2004' = '1.2'): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-bundled-'));
  try {
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><html><body><script src="course.js"></script></body></html>\n',
    );
    await writeFile(join(dir, 'course.js'), code);
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion,
      files: ['index.html', 'course.js'],
      chains: [launchChainOf('sco1', 'index.html', ['course.js'])],
    });
    return result.findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const judged = (findings: Finding[]) =>
  findings.filter((f) => f.rule.startsWith('api.') && f.severity !== 'info');

for (const wrapper of WRAPPERS) {
  test(`${WRAPPER_PACKAGES[wrapper]} bundled by esbuild: each mistake is found at the course's call`, async () => {
    const { code, lineOf } = await bundled(wrapper, [
      "lms.set('cmi.interactions.0.learner_response', 'a');",
      "lms.set('cmi.success_status', 'passed');",
      "lms.set('cmi.core.session_time', 'PT0M8S');",
      "lms.set('cmi.interactions.0.result', 'incorrect');",
    ]);
    const findings = judged(await lint(code));
    const got = findings.map((f) => [f.rule, f.severity, f.line]).sort((a, b) => Number(a[2]) - Number(b[2]));
    const at = (element: string) => lineOf(`lms.set("${element}"`);
    assert.deepEqual(got, [
      ['api.version_mismatch', 'error', at('cmi.interactions.0.learner_response')],
      ['api.version_mismatch', 'error', at('cmi.success_status')],
      ['api.invalid_value', 'error', at('cmi.core.session_time')],
      ['api.invalid_value', 'error', at('cmi.interactions.0.result')],
    ]);
    for (const f of findings) {
      assert.match(f.message, /through the wrapper /, f.message);
      assert.ok(
        [f.course_text?.quoted ?? []].flat().some((q) => q.text === 'lms.set()'),
        `names the wrapper the course calls: ${JSON.stringify(f.course_text)}`,
      );
    }
  });

  test(`${WRAPPER_PACKAGES[wrapper]} bundled by esbuild: a correct course gets no API-usage error or warning`, async () => {
    const { code } = await bundled(wrapper, [
      "lms.set('cmi.core.lesson_status', 'passed');",
      "lms.set('cmi.core.session_time', '0000:00:08.00');",
      "lms.set('cmi.interactions.0.result', 'wrong');",
      "lms.get('cmi.core.student_name');",
      'lms.commit();',
    ]);
    assert.deepEqual(judged(await lint(code)), []);
  });
}

for (const wrapper of WRAPPERS.filter((w) => WRAPPER_VERSIONS[w].includes('2004'))) {
  test(`${WRAPPER_PACKAGES[wrapper]} minified: a correct SCORM 2004 course gets no API-usage error or warning`, async () => {
    // Minified, the 2004 API's receiver is a one-letter name, so only the wrapper's LMSSetValue is seen as
    // an API call: judging the course's 2004 names against it would be a false error.
    const { code } = await bundled(
      wrapper,
      [
        "lms.set('cmi.success_status', 'passed');",
        "lms.set('cmi.session_time', 'PT0M8S');",
        "lms.set('cmi.interactions.0.learner_response', 'a');",
        "lms.set('cmi.interactions.0.result', 'incorrect');",
      ],
      { api: '2004', minify: true },
    );
    assert.deepEqual(judged(await lint(code, '2004')), []);
  });
}

/** 1-based line and column of the first occurrence of `text` in `code`. */
function position(code: string, text: string): [number, number] {
  const index = code.indexOf(text);
  assert.ok(index >= 0, `${text} is in the bundle`);
  const before = code.slice(0, index);
  return [before.split('\n').length, index - before.lastIndexOf('\n')];
}

for (const wrapper of WRAPPERS) {
  test(`${WRAPPER_PACKAGES[wrapper]} minified: each mistake of a SCORM 1.2 course is found at the course's call`, async () => {
    // Minified, the wrapper's class is renamed apart from the variable holding it and its methods are
    // assigned in the class's `return` (`return t.prototype.set = ..., t`); the 2004 calls' receiver is a
    // one-letter name, so only the LMS-prefixed generation is seen as the API.
    const { code } = await bundled(
      wrapper,
      [
        "lms.set('cmi.interactions.0.learner_response', 'a');",
        "lms.set('cmi.success_status', 'passed');",
        "lms.set('cmi.core.session_time', 'PT0M8S');",
        "lms.set('cmi.interactions.0.result', 'incorrect');",
      ],
      { minify: true },
    );
    const findings = judged(await lint(code));
    const got = findings
      .map((f) => [f.rule, f.severity, f.line, f.column])
      .sort((a, b) => Number(a[3]) - Number(b[3]));
    assert.deepEqual(got, [
      ['api.version_mismatch', 'error', ...position(code, '"cmi.interactions.0.learner_response"')],
      ['api.version_mismatch', 'error', ...position(code, '"cmi.success_status"')],
      ['api.invalid_value', 'error', ...position(code, '"PT0M8S"')],
      ['api.invalid_value', 'error', ...position(code, '"incorrect"')],
    ]);
    for (const f of findings) assert.match(f.message, /through the wrapper /, f.message);
  });

  test(`${WRAPPER_PACKAGES[wrapper]} minified: a correct SCORM 1.2 course gets no API-usage error or warning`, async () => {
    const { code } = await bundled(
      wrapper,
      [
        "lms.set('cmi.core.lesson_status', 'passed');",
        "lms.set('cmi.core.session_time', '0000:00:08.00');",
        "lms.set('cmi.interactions.0.result', 'wrong');",
        "lms.get('cmi.core.student_name');",
        'lms.commit();',
      ],
      { minify: true },
    );
    assert.deepEqual(judged(await lint(code)), []);
  });
}
