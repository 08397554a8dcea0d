import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, REPO_ROOT, SAMPLES_DIR } from '../helpers/paths.js';
import { cli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
const COURSES = join(FIXTURES_DIR, 'courses');

interface RunJson {
  scorm_version: string;
  sco_id: string;
  launch_url: string;
  initialized: boolean;
  final_state: string;
  api_calls: Array<{ method: string; args: unknown[]; result: unknown; error_code: string }>;
  anomalies: Array<{ type: string; severity: string; message: string; fix: string }>;
  console_errors: unknown[];
  data_model: Record<string, string>;
  screenshot: { path: string; width: number; height: number } | null;
}

// Each run waits for its course to settle and for Chromium to close: run them side by side.
describe('scorm-tester run', { concurrency: 4 }, () => {
  test('run: the sample course runs clean (exit 0), JSON has the documented shape and the PNG is written', async () => {
    const png = join(tempDir('scorm-tester-run-'), 'shot.png');
    const r = await cli(
      'run',
      SAMPLE,
      '--json',
      '--screenshot',
      png,
      '--settle-ms',
      '300',
      '--viewport',
      'mobile',
    );
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const json = JSON.parse(r.stdout) as RunJson;
    for (const key of [
      'scorm_version',
      'launch_url',
      'api_calls',
      'anomalies',
      'console_errors',
      'data_model',
    ])
      assert.ok(key in json, key);
    assert.equal(json.scorm_version, '2004');
    assert.equal(json.sco_id, 'item_intro');
    assert.equal(json.launch_url, 'intro/index.html');
    assert.equal(json.initialized, true);
    assert.deepEqual(json.api_calls[0], {
      ...json.api_calls[0],
      method: 'Initialize',
      args: [''],
      result: 'true',
      error_code: '0',
    });
    // The unload handlers ran: the sample terminates from pagehide.
    assert.equal(json.api_calls.at(-1)?.method, 'Terminate');
    assert.equal(json.final_state, 'terminated');
    assert.equal(json.data_model['cmi.location'], 'intro');
    assert.equal(json.data_model['cmi.exit'], 'suspend');
    assert.deepEqual(
      json.anomalies.filter((a) => a.severity === 'error'),
      [],
    );
    assert.deepEqual(json.console_errors, []);
    const bytes = readFileSync(png);
    assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
    assert.equal(json.screenshot?.path, png);
    assert.equal(json.screenshot?.width, 390);
  });

  test('run: the end of a run fires the pagehide handler a SCO put on the LMS window (window.top)', async () => {
    const r = await cli('run', join(COURSES, 'finish-on-top-pagehide'), '--json', '--settle-ms', '200');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const json = JSON.parse(r.stdout) as RunJson;
    assert.deepEqual(
      json.api_calls.map((c) => c.method),
      ['LMSInitialize', 'LMSSetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish'],
    );
    assert.equal(json.final_state, 'terminated');
    assert.deepEqual(
      json.anomalies.map((a) => a.type).filter((t) => t === 'missing_terminate'),
      [],
    );
    assert.equal(json.data_model['cmi.core.lesson_status'], 'completed');
  });

  test('run: a handler stuck on the LMS window is stopped, reported, and the SCO frame still unloads', async () => {
    const r = await cli('run', join(COURSES, 'top-pagehide-loop'), '--json', '--settle-ms', '200');
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const json = JSON.parse(r.stdout) as RunJson;
    assert.deepEqual(
      json.api_calls.map((c) => c.method),
      ['LMSInitialize', 'LMSSetValue', 'LMSSetValue', 'LMSFinish'],
    );
    assert.equal(json.data_model['cmi.core.lesson_status'], 'completed');
    assert.equal(json.final_state, 'terminated');
    const types = json.anomalies.map((a) => `${a.type}:${a.severity}`);
    assert.ok(types.includes('unload_timeout:error'), types.join(', '));
    assert.ok(!types.some((t) => t.startsWith('missing_terminate')), types.join(', '));
    // It names the SCO and the attempt whose unload hung, like the anomalies about its calls.
    const stuck = json.anomalies.find((a) => a.type === 'unload_timeout') as {
      sco_id?: string;
      attempt?: number;
    };
    assert.deepEqual([stuck.sco_id, stuck.attempt], ['item1', 1]);
  });

  test('run: a SCO that never initializes exits 1 and says so (text output)', async () => {
    const r = await cli('run', join(COURSES, 'never-initialize'), '--settle-ms', '200');
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /Initialized: no/);
    assert.match(r.stdout, /error\s+initialize_never_called/);
    assert.match(r.stdout, /fix: .*Initialize\(""\)/);
  });

  test('run: SCORM 1.2 course, --item selects the SCO; warnings alone still exit 0', async () => {
    const r = await cli(
      'run',
      join(COURSES, 'scorm12-single'),
      '--json',
      '--item',
      'item1',
      '--settle-ms',
      '200',
      '--viewport',
      '800x600',
    );
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const json = JSON.parse(r.stdout) as RunJson;
    assert.equal(json.scorm_version, '1.2');
    assert.equal(json.api_calls[0]?.method, 'LMSInitialize');
    assert.equal(json.api_calls.at(-1)?.method, 'LMSFinish');
    assert.ok(
      json.anomalies.some((a) => a.type === 'missing_commit_before_terminate' && a.severity === 'warning'),
    );
  });

  test('run: cannot run (exit 2): missing path, missing launch file, bad usage', async () => {
    const missing = await cli('run', join(REPO_ROOT, 'no-such-course'));
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /PATH_RESOLUTION_ERROR/);
    const launch = await cli('run', join(COURSES, 'missing-launch'));
    assert.equal(launch.status, 2);
    assert.match(
      launch.stderr,
      /MANIFEST_LAUNCH_NOT_FOUND[\s\S]*course_text\.file \(course content, 10 chars\): "start\.html"/,
    );
    assert.equal((await cli('run')).status, 2);
    assert.equal((await cli('run', SAMPLE, '--viewport', 'huge')).status, 2);
    assert.equal((await cli('run', SAMPLE, '--settle-ms', 'soon')).status, 2);
    assert.equal((await cli('run', SAMPLE, '--frobnicate')).status, 2);
  });
});
