/**
 * The runtime tool group over stdio against real Chromium: every tool on a SCORM 1.2 and a SCORM 2004
 * course, the error codes for unknown sessions and closed runtimes, and screenshots the model can see.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';
import { webpSize } from '../../src/runtime/webp.js';

type Data = Record<string, unknown>;
interface Call {
  index: number;
  method: string;
  args: unknown[];
  result: unknown;
  error_code: string;
  source: string;
}

const SCORM12 = join(FIXTURES_DIR, 'courses/scorm12-single');
const SCORM2004 = join(FIXTURES_DIR, 'courses/scorm2004-multi');

const SESSION_TOOLS = [
  'scorm_runtime_open',
  'scorm_runtime_status',
  'scorm_runtime_close',
  'scorm_attempt_initialize',
  'scorm_attempt_terminate',
  'scorm_api_call',
  'scorm_data_model_get',
  'scorm_get_data_model_history',
  'scorm_validate_data_model_state',
  'scorm_wait_for_api_call',
  'scorm_replay_api_calls',
  'scorm_capture_screenshot',
  'scorm_take_screenshot',
  'scorm_get_console_errors',
  'scorm_get_network_requests',
];
/** Arguments beyond session_id each tool needs to pass input validation. */
const EXTRA_ARGS: Record<string, Data> = {
  scorm_api_call: { method: 'GetValue', args: ['cmi.location'] },
  scorm_validate_data_model_state: { expected: { 'cmi.location': 'x' } },
  scorm_wait_for_api_call: { method: 'Commit', timeout_ms: 100 },
  scorm_replay_api_calls: { calls: [{ method: 'Commit', args: [''] }] },
};

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

async function openSession(packagePath: string, extra: Data = {}): Promise<string> {
  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: packagePath,
    ...extra,
  });
  return opened.session_id;
}

/** Calls a tool and returns its JSON data and extra content blocks (images). */
async function callWithContent(
  name: string,
  args: Data,
): Promise<{ data: Data; images: Array<{ data: string; mimeType: string }> }> {
  const result = await server.client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; data?: string; mimeType?: string }>;
  const images = content
    .filter((c) => c.type === 'image')
    .map((c) => ({ data: c.data ?? '', mimeType: c.mimeType ?? '' }));
  return { data: result.structuredContent as Data, images };
}

/** The pixel size of an image block (the model's images are WebP). */
function imageSize(base64: string): { width: number; height: number } {
  return webpSize(Buffer.from(base64, 'base64'));
}

test('tools/list has every runtime tool with a short description', async () => {
  const { tools } = await server.client.listTools();
  const names = new Set(tools.map((t) => t.name));
  for (const name of [...SESSION_TOOLS, 'scorm_compare_data_model_snapshots']) {
    assert.ok(names.has(name), `${name} listed`);
  }
  for (const tool of tools.filter((t) => SESSION_TOOLS.includes(t.name))) {
    assert.ok((tool.description ?? '').length < 600, tool.name);
  }
});

test('unknown session ids -> MCP_UNKNOWN_SESSION on every session tool', async () => {
  for (const name of SESSION_TOOLS) {
    const error = await callToolError(server.client, name, { session_id: 'sess_nope', ...EXTRA_ARGS[name] });
    assert.equal(error.error_code, 'MCP_UNKNOWN_SESSION', name);
  }
});

test('before scorm_runtime_open: RUNTIME_NOT_OPEN, status says closed, close is a no-op', async () => {
  const sessionId = await openSession(SCORM12);
  const needRuntime = SESSION_TOOLS.filter(
    (n) => !['scorm_runtime_open', 'scorm_runtime_status', 'scorm_runtime_close'].includes(n),
  );
  for (const name of needRuntime) {
    const error = await callToolError(server.client, name, { session_id: sessionId, ...EXTRA_ARGS[name] });
    assert.equal(error.error_code, 'RUNTIME_NOT_OPEN', name);
    assert.match(error.message, /scorm_runtime_open/, name);
  }
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(status.open, false);
  assert.equal(status.initialize_state, 'none');
  const closed = await callTool(server.client, 'scorm_runtime_close', { session_id: sessionId });
  assert.deepEqual(closed, {
    success: true,
    saved_state_path: null,
    saved_from: null,
    terminated_by: 'none',
    exit: null,
    exit_set_by: null,
    save_error: null,
  });
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('SCORM 1.2: open, call, read, replay, validate, wait, terminate and close', async () => {
  const sessionId = await openSession(SCORM12);
  const opened = await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  assert.match(String(opened.runtime_id), /^rt_/);
  assert.equal(opened.entry_found, true);
  assert.equal(opened.launch_url, 'index.html');
  assert.equal(opened.sco_id, 'item1');
  assert.equal(opened.resumed, false);
  assert.equal(opened.scorm_version, '1.2');
  assert.deepEqual([(opened.viewport as Data).width, (opened.viewport as Data).height], [1366, 768]);
  const again = await callToolError(server.client, 'scorm_runtime_open', { session_id: sessionId });
  assert.equal(again.error_code, 'RUNTIME_ALREADY_OPEN');

  // The SCO initializes and commits while loading; "Initialize" matches LMSInitialize.
  const commit = await callTool<{ found: boolean; call: Call }>(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'LMSCommit',
    include_past: true,
  });
  assert.equal(commit.found, true);
  assert.equal(commit.call.method, 'LMSCommit');
  assert.equal(commit.call.source, 'sco');
  const init = await callTool<{ call: Call }>(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'Initialize',
    include_past: true,
  });
  assert.equal(init.call.method, 'LMSInitialize');
  assert.equal(init.call.index, 0);

  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(status.open, true);
  assert.equal(status.crashed, false);
  assert.equal(status.initialize_state, 'initialized');
  assert.equal(status.last_api_method, 'LMSCommit');
  assert.equal(typeof status.last_api_ts, 'number');
  assert.ok(Number(status.call_count) >= 6);
  assert.match(String(status.url), /index\.html/);

  const got = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'GetValue',
    args: ['cmi.core.lesson_location'],
  });
  assert.equal(got.result, 'page1');
  assert.equal(got.error_code, '0');
  assert.equal(got.method, 'LMSGetValue');
  assert.equal(typeof got.call_index, 'number');
  const bad = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'LMSGetValue',
    args: ['cmi.core.nope'],
  });
  assert.equal(bad.result, '');
  // 1.2 RTE 3.4.4: 201 for a name that is no element of the data model (401: valid but not implemented).
  assert.equal(bad.error_code, '201');
  assert.ok(String(bad.error_string).length > 0);
  const unknown = await callToolError(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'LMSGetValues',
  });
  assert.equal(unknown.error_code, 'INVALID_SCORM_METHOD');
  assert.match(unknown.message, /LMSInitialize, LMSFinish, LMSGetValue/);

  const before = await callTool<{
    data: Data;
    metadata: Data;
    errors: Array<{ element: string; reason: string }>;
    element_count: number;
  }>(server.client, 'scorm_data_model_get', {
    session_id: sessionId,
    elements: ['cmi.core.lesson_status', 'cmi.core._children', 'cmi.core.score.raw', 'cmi.location'],
    patterns: ['cmi.core.score.*'],
    include_metadata: true,
  });
  assert.equal(before.data['cmi.core.lesson_status'], 'incomplete');
  assert.match(String(before.data['cmi.core._children']), /lesson_status/);
  // 1.2 gives score.max no default (scorm-again's "100" is not shown): unset, it reads "".
  assert.equal(before.data['cmi.core.score.max'], '');
  assert.equal((before.metadata['cmi.core.lesson_status'] as Data).access, 'rw');
  assert.equal((before.metadata['cmi.core._children'] as Data).access, 'ro');
  assert.deepEqual(
    before.errors.map((e) => [e.element, e.reason]),
    [['cmi.location', 'unknown_element']],
  );
  assert.equal(before.element_count, Object.keys(before.data).length);

  const startTs = Date.now() - 1;
  const replay = await callTool<{
    success: boolean;
    executed_calls: number;
    total_calls: number;
    failed_at_index: number;
    error: Data;
    results: Data[];
  }>(server.client, 'scorm_replay_api_calls', {
    session_id: sessionId,
    calls: [
      { method: 'LMSSetValue', args: ['cmi.core.score.raw', '90'] },
      { method: 'LMSSetValue', args: ['cmi.core.lesson_status', 'passed'] },
      { method: 'LMSSetValue', args: ['cmi.core.bogus', 'x'] },
      { method: 'LMSCommit', args: [''] },
    ],
  });
  assert.equal(replay.success, false);
  assert.equal(replay.total_calls, 4);
  assert.equal(replay.executed_calls, 3);
  assert.equal(replay.failed_at_index, 2);
  assert.equal(replay.error.error_code, '201');
  assert.equal(replay.results[0]?.success, true);

  const history = await callTool<{ session_id: string; changes: Data[]; total: number; has_more: boolean }>(
    server.client,
    'scorm_get_data_model_history',
    {
      session_id: sessionId,
      element_prefix: ['cmi.core.score', 'cmi.core.lesson_status'],
      since_ts: startTs,
    },
  );
  assert.equal(history.session_id, sessionId);
  assert.equal(history.total, 2);
  assert.equal(history.has_more, false);
  assert.deepEqual(
    history.changes.map((c) => [c.element, c.previousValue, c.newValue, c.source]),
    [
      ['cmi.core.score.raw', '', '90', 'api:SetValue'],
      ['cmi.core.lesson_status', 'incomplete', 'passed', 'api:SetValue'],
    ],
  );
  assert.equal(history.changes[0]?.sessionId, sessionId);
  assert.equal(typeof history.changes[0]?.timestampIso, 'string');
  const all = await callTool<{ total: number; changes: Data[]; has_more: boolean }>(
    server.client,
    'scorm_get_data_model_history',
    { session_id: sessionId, limit: 1 },
  );
  assert.ok(all.total >= 4);
  assert.equal(all.changes.length, 1);
  assert.equal(all.has_more, true);

  const check = await callTool<{
    valid: boolean;
    total_elements: number;
    matches: number;
    issues: Data[];
    matched_elements: string[];
  }>(server.client, 'scorm_validate_data_model_state', {
    session_id: sessionId,
    expected: {
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': 90,
      'cmi.core.lesson_location': 'page2',
      'cmi.suspend_data': 'state',
      'cmi.core.bogus': 'x',
    },
  });
  assert.equal(check.valid, false);
  assert.equal(check.total_elements, 5);
  assert.equal(check.matches, 2);
  assert.deepEqual(check.matched_elements, ['cmi.core.lesson_status', 'cmi.core.score.raw']);
  const hints = Object.fromEntries(check.issues.map((i) => [i.element, i]));
  assert.match(
    String(hints['cmi.core.lesson_location']?.hint),
    /Last set by LMSSetValue .*the value in `actual`/,
  );
  assert.equal(hints['cmi.core.lesson_location']?.actual, 'page1');
  assert.match(String(hints['cmi.suspend_data']?.hint), /never set - check if LMSSetValue was called/);
  assert.equal(hints['cmi.core.bogus']?.reason, 'unknown_element');

  const afterModel = await callTool<{ data: Data }>(server.client, 'scorm_data_model_get', {
    session_id: sessionId,
    elements: ['cmi.core.lesson_status', 'cmi.core._children', 'cmi.core.score.raw'],
    patterns: ['cmi.core.score.*'],
  });
  const diff = await callTool<{ summary: Data; changed: Data[] }>(
    server.client,
    'scorm_compare_data_model_snapshots',
    {
      before: before.data,
      after: afterModel.data,
    },
  );
  assert.deepEqual(diff.summary, { total_elements: 5, added: 0, changed: 2, unchanged: 3, removed: 0 });
  assert.deepEqual(
    diff.changed.map((c) => [c.element, c.before, c.after]),
    [
      ['cmi.core.lesson_status', 'incomplete', 'passed'],
      ['cmi.core.score.raw', '', '90'],
    ],
  );

  // Event-driven wait: only calls after the wait started count.
  const timeout = await callToolError(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'LMSInitialize',
    timeout_ms: 300,
  });
  assert.equal(timeout.error_code, 'WAIT_TIMEOUT');
  const badWait = await callToolError(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'Finish',
  });
  assert.equal(badWait.error_code, 'INVALID_SCORM_METHOD');
  const waiting = callTool<{ found: boolean; call: Call; elapsed_ms: number }>(
    server.client,
    'scorm_wait_for_api_call',
    {
      session_id: sessionId,
      method: 'Terminate',
      timeout_ms: 10_000,
    },
  );
  await new Promise((r) => setTimeout(r, 150));
  const terminated = await callTool(server.client, 'scorm_attempt_terminate', { session_id: sessionId });
  assert.equal(terminated.result, 'true');
  assert.equal(terminated.error_code, '0');
  assert.equal(terminated.method, 'LMSFinish');
  const waited = await waiting;
  assert.equal(waited.found, true);
  assert.equal(waited.call.method, 'LMSFinish');
  assert.equal(waited.call.source, 'tool');
  assert.ok(waited.elapsed_ms >= 100);
  const afterTerminate = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(afterTerminate.initialize_state, 'terminated');

  const closed = await callTool(server.client, 'scorm_runtime_close', { session_id: sessionId });
  assert.equal(closed.success, true);
  assert.equal(closed.terminated_by, 'course');
  assert.ok(typeof closed.saved_state_path === 'string' && existsSync(closed.saved_state_path));
  const gone = await callToolError(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'LMSGetValue',
    args: ['cmi.core.lesson_status'],
  });
  assert.equal(gone.error_code, 'RUNTIME_NOT_OPEN');
  assert.equal(
    (await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId })).open,
    false,
  );
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('SCORM 1.2: screenshots come back as images, are saved as artifacts, and restore the viewport', async () => {
  const sessionId = await openSession(SCORM12, { new_attempt: true });
  await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  const shot = await callWithContent('scorm_capture_screenshot', {
    session_id: sessionId,
    capture_options: { wait_for_selector: 'body', delay_ms: 50 },
  });
  assert.equal(shot.images.length, 1);
  assert.equal(shot.images[0]?.mimeType, 'image/webp');
  const size = imageSize(shot.images[0]!.data);
  assert.deepEqual(size, { width: shot.data.width, height: shot.data.height });
  assert.ok(Math.max(size.width, size.height) <= 1568);
  assert.ok(existsSync(String(shot.data.artifact_path)));
  const workspace = String(
    (await callTool(server.client, 'scorm_session_status', { session_id: sessionId })).workspace_path,
  );
  const listed = JSON.parse(readFileSync(join(workspace, 'artifacts.json'), 'utf8')) as {
    artifacts: Array<{ type: string; path: string }>;
  };
  assert.ok(listed.artifacts.some((a) => a.type === 'screenshot' && a.path === shot.data.artifact));
  const events = await callTool<{ events: Array<{ type: string; payload?: Data }> }>(
    server.client,
    'scorm_session_events',
    {
      session_id: sessionId,
    },
  );
  assert.ok(
    events.events.some(
      (e) => e.type === 'screenshot:capture_done' && e.payload?.artifact_path === shot.data.artifact_path,
    ),
  );

  const missing = await callToolError(server.client, 'scorm_capture_screenshot', {
    session_id: sessionId,
    capture_options: { wait_for_selector: '#never-there', wait_timeout_ms: 200 },
  });
  assert.equal(missing.error_code, 'CAPTURE_FAILED');

  const mobile = await callWithContent('scorm_take_screenshot', {
    session_id: sessionId,
    viewport: { device: 'mobile' },
  });
  assert.equal((mobile.data.viewport as Data).device, 'mobile');
  assert.equal(mobile.images.length, 1);
  const layout = mobile.data.layout_analysis as { responsive_issues: unknown[]; viewport: Data };
  assert.ok(Array.isArray(layout.responsive_issues));
  assert.equal(layout.viewport.width, 390);
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal((status.viewport as Data).device, 'desktop');
  assert.equal((status.viewport as Data).width, 1366);

  const both = await callToolError(server.client, 'scorm_take_screenshot', {
    session_id: sessionId,
    workspace_path: SCORM12,
  });
  assert.equal(both.error_code, 'MCP_INVALID_PARAMS');
  const neither = await callToolError(server.client, 'scorm_take_screenshot', {});
  assert.equal(neither.error_code, 'MCP_INVALID_PARAMS');

  const consoleErrors = await callTool(server.client, 'scorm_get_console_errors', { session_id: sessionId });
  assert.equal(consoleErrors.session_id, sessionId);
  assert.equal(consoleErrors.error_count, 0);
  assert.deepEqual(consoleErrors.categories, { scorm_api: 0, syntax: 0, runtime: 0, network: 0 });
  const network = await callTool<{ request_count: number; requests: Data[] }>(
    server.client,
    'scorm_get_network_requests',
    {
      session_id: sessionId,
    },
  );
  const files = network.requests.map((r) => String(r.url).replace(/^.*\/c\//, ''));
  assert.deepEqual(files.sort(), ['index.html', 'sco.js', 'style.css']);
  assert.ok(network.requests.every((r) => r.statusCode === 200 && r.scope === undefined));
  const scripts = await callTool<{ requests: Data[] }>(server.client, 'scorm_get_network_requests', {
    session_id: sessionId,
    options: { resource_types: ['script'] },
  });
  assert.equal(scripts.requests.length, 1);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('SCORM 2004: a chosen item, wildcard reads, Initialize twice, full-page capture', async () => {
  const sessionId = await openSession(SCORM2004);
  const opened = await callTool(server.client, 'scorm_runtime_open', {
    session_id: sessionId,
    item_id: 'quiz',
    viewport: { device: 'tablet' },
  });
  assert.equal(opened.sco_id, 'quiz');
  assert.equal(opened.launch_url, 'content/quiz/quiz.html');
  assert.equal((opened.viewport as Data).device, 'tablet');
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'GetValue',
    include_past: true,
  });

  const model = await callTool<{
    data: Data;
    errors: Array<{ element: string; reason: string; message: string }>;
  }>(server.client, 'scorm_data_model_get', {
    session_id: sessionId,
    patterns: ['cmi.interactions.*', 'cmi.objectives.*.id'],
    elements: ['cmi.interactions.*.id'],
  });
  assert.equal(model.data['cmi.interactions._count'], '1');
  assert.equal(model.data['cmi.interactions.0.id'], 'q1');
  assert.equal(model.data['cmi.interactions.0.learner_response'], 'b');
  assert.deepEqual(
    model.errors.map((e) => [e.element, e.reason]),
    [['cmi.objectives.*.id', 'no_match']],
  );
  const whole = await callTool<{ data: Data; element_count: number }>(server.client, 'scorm_data_model_get', {
    session_id: sessionId,
  });
  assert.equal(whole.data['cmi.completion_status'], 'unknown');
  assert.ok(whole.element_count > 20);

  const init = await callTool(server.client, 'scorm_attempt_initialize', { session_id: sessionId });
  assert.equal(init.result, 'false');
  assert.equal(init.error_code, '103');
  const set = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'LMSSetValue',
    args: ['cmi.score.scaled', '2'],
  });
  assert.equal(set.method, 'SetValue');
  assert.equal(set.result, 'false');
  assert.equal(set.error_code, '407');

  const check = await callTool<{ valid: boolean; issues: Data[] }>(
    server.client,
    'scorm_validate_data_model_state',
    {
      session_id: sessionId,
      expected: {
        'cmi.interactions.0.result': 'correct',
        'cmi.score.scaled': 2,
        'cmi.interactions.1.id': 'q2',
      },
    },
  );
  assert.equal(check.valid, false);
  const hints = Object.fromEntries(check.issues.map((i) => [i.element, i]));
  assert.equal(hints['cmi.score.scaled']?.reason, 'rejected');
  assert.match(
    String(hints['cmi.score.scaled']?.hint),
    /last SetValue of it \(call #\d+, its value in `last_set_call.value`\) was rejected with error 407/,
  );
  assert.equal(hints['cmi.score.scaled']?.last_set_call?.value, '"2"');
  assert.equal(hints['cmi.interactions.1.id']?.reason, 'missing');

  const history = await callTool<{ changes: Data[] }>(server.client, 'scorm_get_data_model_history', {
    session_id: sessionId,
    element_prefix: 'cmi.interactions',
  });
  // The new interaction's _count, as the engine's own change right after the SetValue that created it.
  assert.deepEqual(history.changes.map((c) => [c.element, c.source]).slice(0, 2), [
    ['cmi.interactions.0.id', 'api:SetValue'],
    ['cmi.interactions._count', 'internal'],
  ]);
  const fields = history.changes.filter((c) => c.element !== 'cmi.interactions._count');
  assert.equal(fields.length, 4);
  assert.deepEqual(
    fields.map((c) => [c.collectionIndex, c.collectionProperty]),
    [
      [0, 'id'],
      [0, 'type'],
      [0, 'learner_response'],
      [0, 'result'],
    ],
  );

  const full = await callWithContent('scorm_capture_screenshot', {
    session_id: sessionId,
    capture_options: { full_page: true },
  });
  assert.equal(full.data.full_page, true);
  const size = imageSize(full.images[0]!.data);
  assert.ok(Math.max(size.width, size.height) <= 1568);

  const closed = await callTool(server.client, 'scorm_runtime_close', { session_id: sessionId });
  assert.equal(closed.terminated_by, 'tester');
  // The same session can run the course again.
  const reopened = await callTool(server.client, 'scorm_runtime_open', {
    session_id: sessionId,
    item_id: 'intro',
  });
  assert.equal(reopened.sco_id, 'intro');
  const loc = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'GetValue',
    args: ['cmi.location'],
  });
  assert.equal(loc.result, 'intro');
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('scorm_take_screenshot with workspace_path: a throwaway session that saves no learner state', async () => {
  const shot = await callWithContent('scorm_take_screenshot', {
    workspace_path: join(SAMPLES_DIR, 'sample-course'),
    viewport: { width: 1024, height: 700 },
  });
  assert.equal(shot.images.length, 1);
  assert.deepEqual(imageSize(shot.images[0]!.data), { width: 1024, height: 700 });
  assert.ok(existsSync(String(shot.data.artifact_path)));
  assert.ok(String(shot.data.artifact_path).startsWith(String(shot.data.workspace_path)));
  assert.ok(Array.isArray((shot.data.layout_analysis as Data).responsive_issues));
  const gone = await callToolError(server.client, 'scorm_runtime_status', {
    session_id: String(shot.data.temporary_session_id),
  });
  assert.equal(gone.error_code, 'MCP_UNKNOWN_SESSION');

  // Nothing was saved: the course opens fresh.
  const sessionId = await openSession(join(SAMPLES_DIR, 'sample-course'));
  const opened = await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  assert.equal(opened.resumed, false);
  assert.equal(opened.fresh_start_reason, 'no_saved_state');
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });

  const layout = await callWithContent('scorm_take_screenshot', {
    workspace_path: join(FIXTURES_DIR, 'courses/layout-problems'),
  });
  const issues = (layout.data.layout_analysis as { responsive_issues: Data[] }).responsive_issues;
  const types = issues.map((i) => i.type);
  assert.ok(types.includes('text_too_small') && types.includes('content_cut_off'), types.join(','));
  assert.ok(
    issues.every(
      (i) => typeof i.fix_suggestion === 'string' && typeof i.description === 'string' && i.measured,
    ),
  );
});

test('scorm_compare_data_model_snapshots needs no session and rejects non-objects', async () => {
  const diff = await callTool<{ summary: Data; added: Data[]; removed: Data[] }>(
    server.client,
    'scorm_compare_data_model_snapshots',
    {
      before: { cmi: { location: 'a', exit: '' } },
      after: { 'cmi.location': 'a', 'cmi.score.raw': '5' },
    },
  );
  assert.deepEqual(diff.summary, { total_elements: 3, added: 1, changed: 0, unchanged: 1, removed: 1 });
  const bad = await callToolError(server.client, 'scorm_compare_data_model_snapshots', {
    before: [],
    after: {},
  });
  assert.equal(bad.error_code, 'MCP_INVALID_PARAMS');
});
