/**
 * deps.external_script agrees with the offline run: a script from another origin on a SCO's launch
 * page is an error only when the SCO's SCORM code needs it to start (here a CDN library that starts
 * the attempt), and a warning naming what fails offline when it does not (an activity embed, as in
 * eXeLearning exports). Reduced from real exports; the run has no network, as by default.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { withCourseText } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const course = (name: string) => join(FIXTURES_DIR, 'courses', name);

interface JsonFinding {
  rule: string;
  severity: string;
  message: string;
  file: string;
  line: number;
  details?: Record<string, unknown>;
  course_text?: { quoted?: { text: string }[] };
}

async function externalScripts(dir: string): Promise<JsonFinding[]> {
  const r = await cli('validate', dir, '--format', 'json');
  const json = JSON.parse(r.stdout) as { errors: JsonFinding[]; warnings: JsonFinding[] };
  return [...json.errors, ...json.warnings].filter((f) => f.rule === 'deps.external_script');
}

async function run(dir: string): Promise<{ initialized: boolean; methods: string[] }> {
  const r = await cli('run', dir, '--json');
  const json = JSON.parse(r.stdout) as { initialized: boolean; api_calls: { method: string }[] };
  return { initialized: json.initialized, methods: json.api_calls.map((c) => c.method) };
}

test('an activity embed the SCORM code does not use: a warning naming what fails offline, and the run initializes', async () => {
  const dir = course('validate-external-embed');
  const found = await externalScripts(dir);
  assert.deepEqual(
    found.map((f) => [f.severity, f.file, f.line, f.details?.['needed_by_scorm_code']]),
    [['warning', 'index.html', 8, false]],
  );
  const message = withCourseText(found[0] ?? {}, found[0]?.message ?? '');
  assert.match(
    message,
    /the SCO initializes without it; only the code that uses what it defines fails offline \(showWorksheet \(line 10\)\)/,
  );
  assert.doesNotMatch(message, /before it can initialize/);

  const r = await run(dir);
  assert.equal(r.initialized, true);
  assert.deepEqual(r.methods, ['LMSInitialize', 'LMSSetValue', 'LMSFinish']);
});

test('a CDN library the SCORM code needs to start: still an error naming what it uses, and the run does not initialize', async () => {
  const dir = course('validate-external-library');
  const found = await externalScripts(dir);
  assert.deepEqual(
    found.map((f) => [f.severity, f.file, f.line, f.details?.['needed_by_scorm_code']]),
    [['error', 'index.html', 3, true]],
  );
  assert.match(
    withCourseText(found[0] ?? {}, found[0]?.message ?? ''),
    /its SCORM code uses domReady \(line 7\), which no script of the package defines: offline the script is missing, that code fails and the SCO does not initialize/,
  );

  const r = await run(dir);
  assert.equal(r.initialized, false);
  assert.deepEqual(r.methods, []);
});
