/**
 * Badly behaved courses through the runtime tools over stdio: each is recorded as it is, reported
 * clearly, and never takes the session down with it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  openSessionRuntime,
  startServer,
  type StartedServer,
} from '../helpers/mcp-client.js';
import { courseTextOf } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

type Data = Record<string, unknown>;
interface Call {
  index: number;
  method: string;
  args: unknown[];
  result: unknown;
  error_code: string;
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const course = (name: string): string => join(FIXTURES_DIR, 'courses', name);

const openRuntime = (name: string, extra: Data = {}): Promise<string> =>
  openSessionRuntime(server.client, course(name), extra);

async function events(sessionId: string): Promise<Array<{ type: string; payload?: Data }>> {
  const out = await callTool<{ events: Array<{ type: string; payload?: Data }> }>(
    server.client,
    'scorm_session_events',
    {
      session_id: sessionId,
      max_events: 5000,
    },
  );
  return out.events;
}

async function close(sessionId: string): Promise<void> {
  const closed = await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
  assert.equal(closed.success, true);
}

test('never-initialize: nothing recorded, validation says why, the tester can drive the attempt', async () => {
  const sessionId = await openRuntime('never-initialize');
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(status.initialize_state, 'none');
  assert.equal(status.call_count, 0);
  assert.equal(status.last_api_method, null);
  const check = await callTool<{ valid: boolean; issues: Data[] }>(
    server.client,
    'scorm_validate_data_model_state',
    {
      session_id: sessionId,
      expected: { 'cmi.completion_status': 'completed' },
    },
  );
  assert.equal(check.valid, false);
  assert.match(String(check.issues[0]?.hint), /never called Initialize/);
  const early = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'SetValue',
    args: ['cmi.location', 'x'],
  });
  assert.equal(early.result, 'false');
  assert.equal(early.error_code, '132');
  const init = await callTool(server.client, 'scorm_attempt_initialize', { session_id: sessionId });
  assert.deepEqual([init.result, init.error_code, init.initialize_state], ['true', '0', 'initialized']);
  const set = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'SetValue',
    args: ['cmi.location', 'x'],
  });
  assert.equal(set.result, 'true');
  const closed = await callTool(server.client, 'scorm_runtime_close', { session_id: sessionId });
  assert.equal(closed.terminated_by, 'tester');
  await close(sessionId);
});

test('weird-args: arguments are recorded exactly as given, rejections explained', async () => {
  const sessionId = await openRuntime('weird-args');
  const commit = await callTool<{ call: Call }>(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'Commit',
    include_past: true,
  });
  assert.deepEqual(commit.call.args, [true]);
  assert.equal(commit.call.error_code, '201');
  const first = await callTool<{ call: Call }>(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'SetValue',
    include_past: true,
  });
  assert.deepEqual(first.call.args, ['cmi.location', 0]);
  const firstArgs = async (method: string): Promise<unknown[]> =>
    (
      await callTool<{ call: Call }>(server.client, 'scorm_wait_for_api_call', {
        session_id: sessionId,
        method,
        include_past: true,
      })
    ).call.args;
  assert.deepEqual(await firstArgs('Initialize'), []);
  assert.deepEqual(await firstArgs('GetValue'), [5]);
  assert.deepEqual(await firstArgs('GetErrorString'), [301]);

  const check = await callTool<{ issues: Data[]; matched_elements: string[] }>(
    server.client,
    'scorm_validate_data_model_state',
    {
      session_id: sessionId,
      expected: {
        'cmi.score.raw': 85.5,
        'cmi.score.scaled': 0.5,
        'cmi.exit': 'suspend',
        'cmi.location': '0',
      },
    },
  );
  assert.deepEqual(check.matched_elements, ['cmi.score.raw', 'cmi.location']);
  const hints = Object.fromEntries(check.issues.map((i) => [i.element, String(i.hint)]));
  const lastSet = Object.fromEntries(
    check.issues.map((i) => [i.element, String((i.last_set_call as Data | undefined)?.value)]),
  );
  // The hint names the rejected call; the course's value is data in last_set_call.value.
  assert.match(
    hints['cmi.score.scaled'] ?? '',
    /SetValue of it \(call #\d+, .*\) was rejected with error 406/,
  );
  assert.match(lastSet['cmi.score.scaled'] ?? '', /NaN/);
  assert.match(hints['cmi.exit'] ?? '', /rejected with error 406/);
  assert.match(lastSet['cmi.exit'] ?? '', /function suspend/);
  await close(sessionId);
});

test('big-suspend: a 10 MB SetValue is recorded by length, not echoed back whole', async () => {
  const sessionId = await openRuntime('big-suspend');
  const set = await callTool<{ call: Call }>(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'SetValue',
    include_past: true,
  });
  const value = set.call.args[1] as { $type: string; length: number; truncated: boolean; head: string };
  assert.equal(value.$type, 'string');
  assert.equal(value.length, 10 * 1024 * 1024);
  assert.equal(value.truncated, true);
  assert.ok(value.head.length < 100_000);
  // 64,000 characters is the least an LMS must store (SPM), not a limit: the whole value is kept.
  assert.equal(set.call.result, 'true');
  const model = await callTool<{ data: Data }>(server.client, 'scorm_data_model_get', {
    session_id: sessionId,
    elements: ['cmi.suspend_data'],
  });
  const stored = model.data['cmi.suspend_data'] as { $type: string; length: number; truncated: boolean };
  assert.deepEqual([stored.$type, stored.length, stored.truncated], ['string', 10 * 1024 * 1024, true]);
  await close(sessionId);
});

test('many-calls: 100,000 calls are all counted; history pages through 49,999 changes', async () => {
  const sessionId = await openRuntime('many-calls');
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(status.call_count, 100_000);
  assert.equal(status.initialize_state, 'terminated');
  const page = await callTool<{ total: number; has_more: boolean; changes: Data[] }>(
    server.client,
    'scorm_get_data_model_history',
    { session_id: sessionId, limit: 5, cursor: '49990' },
  );
  assert.equal(page.total, 49_999);
  assert.equal(page.changes.length, 5);
  assert.equal(page.has_more, true);
  const last = await callTool<{ call: Call }>(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'Terminate',
    include_past: true,
  });
  assert.equal(last.call.index, 99_999);
  const check = await callTool<{ valid: boolean }>(server.client, 'scorm_validate_data_model_state', {
    session_id: sessionId,
    expected: { 'cmi.location': 'p99996' },
  });
  assert.equal(check.valid, true);
  await close(sessionId);
});

test('alert-loop: dialogs are answered and recorded, the loop is stopped, the runtime still answers', async () => {
  const sessionId = await openRuntime('alert-loop');
  await until(
    async () => ((await events(sessionId)).some((e) => e.type === 'dialog') ? true : undefined),
    'a dialog',
  );
  const got = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'GetValue',
    args: ['cmi.completion_status'],
  });
  assert.equal(got.result, 'unknown');
  const dialogs = (await events(sessionId)).filter((e) => e.type === 'dialog');
  assert.match(courseTextOf(dialogs[0]?.payload ?? {}, 'message'), /Are you still there/);
  await close(sessionId);
});

test('navigate-top-away: the top-window navigation is cancelled and reported as an anomaly', async () => {
  const sessionId = await openRuntime('navigate-top-away');
  const anomaly = await until(async () => {
    const debug = await callTool<{ anomalies: Data[] }>(server.client, 'scorm_debug_api_calls', {
      session_id: sessionId,
    });
    return (debug.anomalies ?? []).find((a) => a.type === 'player_navigation');
  }, 'the player_navigation anomaly');
  assert.equal(anomaly.severity, 'error');
  assert.match(String(anomaly.message), /tried to navigate the LMS page/);
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(status.open, true);
  assert.match(String(status.url), /index\.html/);
  await close(sessionId);
});

test('external-requests with allow_network off: blocked requests listed, console errors categorised', async () => {
  const sessionId = await openRuntime('external-requests');
  const network = await until(async () => {
    const n = await callTool<{ requests: Data[]; missing_files: string[]; allow_network: boolean }>(
      server.client,
      'scorm_get_network_requests',
      { session_id: sessionId },
    );
    // The server sees the 404 before the browser reports the response: wait for both.
    const notFoundSeen = n.requests.some(
      (r) => String(r.url).endsWith('missing-local.json') && r.statusCode === 404,
    );
    return n.requests.filter((r) => r.blocked).length >= 3 && n.missing_files.length > 0 && notFoundSeen
      ? n
      : undefined;
  }, 'three blocked requests');
  assert.equal(network.allow_network, false);
  const blocked = network.requests.filter((r) => r.blocked);
  assert.deepEqual(blocked.map((r) => new URL(String(r.url)).hostname).sort(), [
    'api.example.org',
    'fonts.example.com',
    'tracker.example.net',
  ]);
  assert.ok(blocked.every((r) => r.blocked_reason === 'network_not_allowed' && r.scope === 'external'));
  assert.deepEqual(network.missing_files, ['missing-local.json']);
  const notFound = network.requests.find((r) => String(r.url).endsWith('missing-local.json'));
  assert.equal(notFound?.statusCode, 404);
  const unblocked = await callTool<{ requests: Data[] }>(server.client, 'scorm_get_network_requests', {
    session_id: sessionId,
    options: { include_blocked: false, resource_types: ['fetch'] },
  });
  assert.deepEqual(
    unblocked.requests.map((r) => r.statusCode),
    [404],
  );
  const console = await callTool<{ error_count: number; categories: Data; errors: Data[] }>(
    server.client,
    'scorm_get_console_errors',
    { session_id: sessionId, severity: ['error'] },
  );
  assert.ok(console.error_count >= 4);
  assert.equal(console.categories.network, console.error_count);
  assert.ok(console.errors.every((e) => e.severity === 'error' && e.category === 'network'));
  const later = await callTool(server.client, 'scorm_get_console_errors', {
    session_id: sessionId,
    since_ts: Date.now(),
  });
  assert.equal(later.error_count, 0);
  await close(sessionId);
});

test('missing-launch: runtime_open fails clearly; the session stays usable and closable', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: course('missing-launch'),
  });
  const error = await callToolError(server.client, 'scorm_runtime_open', { session_id });
  assert.equal(error.error_code, 'MANIFEST_LAUNCH_NOT_FOUND');
  assert.match(error.message, /`course_text\.file`/);
  assert.match(courseTextOf(error.details, 'file'), /start\.html/);
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id });
  assert.equal(status.open, false);
  await close(session_id);
});
