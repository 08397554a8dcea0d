import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const COURSES = join(FIXTURES_DIR, 'courses');
const CLICK_TO_START = join(COURSES, 'click-to-start');

interface CourseText {
  text: string;
}
interface Anomaly {
  type: string;
  severity: string;
  message: string;
  fix?: string;
  sco_id?: string;
  attempt?: number;
  predicted_by?: string;
  course_text?: Record<string, CourseText | CourseText[]>;
}
interface RunJson {
  initialized: boolean;
  anomalies: Anomaly[];
}
interface DebugResult {
  calls: { method: string; result: unknown }[];
  anomalies?: Anomaly[];
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

function text(a: Anomaly | undefined, field: string): string {
  const value = a?.course_text?.[field];
  return Array.isArray(value) ? value.map((v) => v.text).join('\n') : (value?.text ?? '');
}

function assertWaitsAtStart(a: Anomaly | undefined): void {
  assert.equal(a?.severity, 'warning');
  assert.equal(a?.sco_id, 'start_sco');
  assert.equal(a?.attempt, 1);
  assert.match(a?.message ?? '', /waits for a learner action before it calls LMSInitialize/);
  assert.equal(text(a, 'start_control'), 'Tap / click here to continue.');
  assert.equal(text(a, 'start_page'), 'index.html');
  assert.equal(text(a, 'api_code'), 'lms.js');
  assert.equal(a?.predicted_by, undefined, 'no static rule predicts a start screen');
}

test('CLI run: a SCO waiting at a lone start control is a warning naming the control, not an error', async () => {
  const r = await cli('run', CLICK_TO_START, '--json', '--settle-ms', '300');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout) as RunJson;
  assert.equal(json.initialized, false);
  assert.equal(
    json.anomalies.some((a) => a.type === 'initialize_never_called'),
    false,
  );
  assertWaitsAtStart(json.anomalies.find((a) => a.type === 'initialize_awaits_learner'));

  const plain = await cli('run', CLICK_TO_START, '--settle-ms', '300');
  assert.equal(plain.status, 0, plain.stdout + plain.stderr);
  assert.match(plain.stdout, /Initialized: no \(the SCO waits for a learner click before it initializes\)/);
  assert.match(plain.stdout, /warning\s+initialize_awaits_learner/);
});

test('CLI run: a SCO that starts with a sound starts, as after an LMS launch click (autoplay allowed)', async () => {
  const r = await cli('run', join(COURSES, 'autoplay-start'), '--json', '--settle-ms', '300');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout) as RunJson;
  assert.equal(json.initialized, true, 'the start-up sound played, so no "click to continue" cover waited');
  assert.deepEqual(
    json.anomalies.filter((a) => /^initialize_/.test(a.type)),
    [],
  );
});

test('CLI run: a SCO with API code that never initializes, and no start control, keeps its error and the rule that predicts it', async () => {
  const r = await cli('run', join(COURSES, 'never-initialize'), '--json', '--settle-ms', '300');
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout) as RunJson;
  const never = json.anomalies.find((a) => a.type === 'initialize_never_called');
  assert.equal(never?.severity, 'error');
  // validate reports api.discovery_missing for this package (its script never calls Initialize).
  assert.equal(never?.predicted_by, 'api.discovery_missing');
  assert.equal(
    json.anomalies.some((a) => a.type === 'initialize_awaits_learner'),
    false,
  );
});

test('MCP: the open course waits at its start control; one click on it and the SCO initializes', async () => {
  const probe = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', {
    workspace_path: CLICK_TO_START,
    settle_ms: 300,
  });
  assert.equal(
    (probe.anomalies ?? []).some((a) => a.type === 'initialize_never_called'),
    false,
  );
  assertWaitsAtStart(probe.anomalies?.find((a) => a.type === 'initialize_awaits_learner'));

  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: CLICK_TO_START,
    new_attempt: true,
  });
  const session = opened.session_id;
  try {
    const waiting = await until(async () => {
      const d = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', { session_id: session });
      return d.anomalies?.find((a) => a.type === 'initialize_awaits_learner');
    }, 'the start-control warning of the open course');
    assertWaitsAtStart(waiting);

    // The warning's fix names a selector of ours that reaches the lone control.
    const selector = /selector "([^"]+)"/.exec(waiting?.fix ?? '')?.[1];
    assert.ok(selector, waiting?.fix);
    await callTool(server.client, 'scorm_dom_click', {
      session_id: session,
      selector,
      options: { wait_timeout_ms: 20_000 },
    });
    const started = await until(async () => {
      const d = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', { session_id: session });
      return d.calls.some((c) => c.method === 'LMSInitialize') ? d : undefined;
    }, 'LMSInitialize after the click');
    const init = started.calls.find((c) => c.method === 'LMSInitialize');
    assert.ok(init, JSON.stringify(started.calls));
    assert.equal(init.result ?? 'true', 'true', 'a successful call leaves its result out');
    assert.equal(
      (started.anomalies ?? []).some((a) => a.type === 'initialize_awaits_learner'),
      false,
    );
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id: session });
  }
});
