/**
 * CLI `run` on real courses in Chromium: a page error after Initialize is an anomaly with its cause and
 * the rule `validate` reports for it; a wrapper that does not parse is named with its file and line; a
 * course in a popup that terminates on unload is not "missing Terminate"; a launch page whose script
 * has no SCORM code gets a likely cause; a page that keeps a stand-in API object of its own is named.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';
import type { CourseTexts } from '../../src/core/course-text.js';
import { courseTextOf } from '../helpers/course-text.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');
const course = (name: string) => join(FIXTURES_DIR, 'courses', name);

interface RunAnomaly {
  type: string;
  severity: string;
  message: string;
  count?: number;
  likely_cause?: string;
  course_text?: CourseTexts;
  predicted_by?: string;
}
interface RunJson {
  api_calls: { method: string; result: unknown }[];
  anomalies: RunAnomaly[];
}

function run(name: string, settleMs = 200): { status: number | null; json: RunJson; stderr: string } {
  const r = spawnSync(
    process.execPath,
    [CLI, 'run', course(name), '--json', '--settle-ms', String(settleMs)],
    {
      encoding: 'utf8',
      cwd: REPO_ROOT,
    },
  );
  return { status: r.status, json: JSON.parse(r.stdout) as RunJson, stderr: r.stderr };
}

function validateRules(name: string): string[] {
  const r = spawnSync(process.execPath, [CLI, 'validate', course(name), '--format', 'json'], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
  });
  const json = JSON.parse(r.stdout) as Record<'errors' | 'warnings' | 'info', { rule: string }[]>;
  return [...json.errors, ...json.warnings, ...json.info].map((f) => f.rule);
}

test('a page error after Initialize: one page_error naming the blocked CDN script, exit 1', () => {
  const r = run('run-error-after-init');
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.json.api_calls[0]?.method, 'LMSInitialize');
  const errors = r.json.anomalies.filter((a) => a.type === 'page_error');
  assert.equal(errors.length, 1, JSON.stringify(errors));
  const [e] = errors;
  assert.equal(e?.severity, 'error');
  assert.equal(e?.predicted_by, 'deps.external_script');
  assert.match(e?.likely_cause ?? '', /the external script in `course_text.blocked_scripts` was blocked/);
  assert.equal(
    courseTextOf(e!, 'blocked_scripts'),
    'https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.min.js',
  );
  assert.equal(courseTextOf(e!, 'error'), 'ReferenceError: _ is not defined');
  assert.equal(courseTextOf(e!, 'error_at'), 'quiz.js:2:1');
  assert.ok(validateRules('run-error-after-init').includes('deps.external_script'));
});

test('a wrapper that does not parse: file and line, predicted by api.parse_error', () => {
  const r = run('run-parse-error');
  assert.equal(r.status, 1, r.stderr);
  const never = r.json.anomalies.find((a) => a.type === 'initialize_never_called');
  assert.equal(never?.predicted_by, 'api.parse_error');
  assert.match(never?.likely_cause ?? '', /^the script at `course_text.parse_error_at` does not parse/);
  assert.match(courseTextOf(never!, 'parse_error_at'), /^scorm\.js:3:\d+$/);
  assert.equal(courseTextOf(never!, 'parse_error'), 'SyntaxError: missing ) after argument list');
  const parse = r.json.anomalies.find((a) => a.type === 'page_error');
  assert.equal(parse?.predicted_by, 'api.parse_error');
  assert.ok(validateRules('run-parse-error').includes('api.parse_error'));
});

test('Terminate from a popup unloading after the launcher is recorded before the anomalies', () => {
  // No quiet time at all: the run must still wait for the popup the launcher opened to load.
  const r = run('run-opener-popup', 0);
  assert.deepEqual(
    r.json.api_calls.map((c) => c.method),
    ['LMSInitialize', 'LMSSetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish'],
  );
  assert.deepEqual(
    r.json.anomalies.filter((a) => a.severity === 'error'),
    [],
  );
  assert.equal(r.status, 0, r.stderr);
});

test('a launch page whose script has no SCORM code gets a likely cause', () => {
  const r = run('run-no-scorm-code');
  assert.equal(r.status, 1, r.stderr);
  const never = r.json.anomalies.find((a) => a.type === 'initialize_never_called');
  assert.equal(never?.predicted_by, 'api.discovery_missing');
  assert.match(
    never?.likely_cause ?? '',
    /pages \(`course_text.pages`\) ran the scripts in `course_text.scripts` without a page error or a failed request, yet nothing called Initialize/,
  );
  assert.equal(courseTextOf(never!, 'pages'), 'index.html');
  assert.equal(courseTextOf(never!, 'scripts'), 'app.js');
});

test('a SCO page that keeps its own stand-in API: named as the cause, not a wait for the learner', () => {
  const r = run('run-stand-in-api');
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(r.json.api_calls, []);
  const never = r.json.anomalies.find((a) => a.type === 'initialize_never_called');
  assert.match(
    never?.likely_cause ?? '',
    /^the SCO's page in `course_text.stand_in_pages` defines an `API` object of its own, which the SCO's search for the API finds first/,
  );
  assert.equal(courseTextOf(never!, 'stand_in_pages'), 'index.html');
  assert.equal(never?.predicted_by, undefined);
});
