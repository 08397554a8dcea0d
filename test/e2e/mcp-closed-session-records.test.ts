/**
 * Records outlive the close (issue 22): a closed session's events, API calls, anomalies, runtime status,
 * console and requests stay readable through the real MCP server, saying the session is closed; tools
 * that need the page refuse with SESSION_CLOSED (scorm_report reports on the recorded package, without the
 * accessibility audit); closing with forget deletes the records (then the id is
 * unknown), and past SCORM_TESTER_KEEP_CLOSED_SESSIONS the oldest closed session's records are dropped.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { singleScoPackage } from '../helpers/single-sco.js';
import { SAMPLES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;

const SAMPLE = join(SAMPLES_DIR, 'sample-course');

/** Sets a value the data model refuses (an anomaly), prints a console error, then waits for the learner. */
const COURSE = singleScoPackage({
  version: '2004',
  script: `api.Initialize('');
api.SetValue('cmi.completion_status', 'bogus');
console.error('closed-record-marker');
api.SetValue('cmi.location', 'page-3');
api.Commit('');`,
});

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

async function readError(uri: string): Promise<{ code: number; message: string }> {
  try {
    await server.client.readResource({ uri });
  } catch (error) {
    return error as { code: number; message: string };
  }
  return assert.fail(`read of ${uri} should fail`);
}

test('a closed session: events, API calls, anomalies, status, console and requests stay readable; page tools say it is closed; forget deletes', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: COURSE,
  });
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id,
    method: 'Commit',
    include_past: true,
  });
  const live = await callTool<{ anomalies: Data[] }>(server.client, 'scorm_debug_api_calls', { session_id });
  const bogus = (anomalies: Data[]): Data | undefined =>
    anomalies.find((a) => JSON.stringify(a).includes('cmi.completion_status'));
  assert.ok(bogus(live.anomalies), JSON.stringify(live.anomalies));

  const closed = await callTool<{ records: string; saved_state_path: string | null }>(
    server.client,
    'scorm_close_course',
    { session_id },
  );
  assert.equal(closed.records, 'kept');

  const events = await callTool<{ events: Array<{ type: string }>; session_closed?: boolean }>(
    server.client,
    'scorm_session_events',
    { session_id, max_events: 5000 },
  );
  assert.equal(events.session_closed, true);
  const types = events.events.map((e) => e.type);
  assert.ok(types.includes('runtime:opened'), types.join());
  assert.equal(types.at(-1), 'session:closed');

  const calls = await callTool<{
    calls: Array<{ method: string; args: unknown[] }>;
    anomalies: Data[];
    session_closed?: boolean;
    mode: string;
  }>(server.client, 'scorm_debug_api_calls', { session_id });
  assert.equal(calls.session_closed, true);
  assert.equal(calls.mode, 'session');
  assert.ok(calls.calls.some((c) => c.method === 'SetValue' && c.args[1] === 'bogus'));
  // The close itself terminated the attempt (the tester's Terminate is in the record).
  assert.ok(calls.calls.some((c) => c.method === 'Terminate'));
  assert.deepEqual(bogus(calls.anomalies), bogus(live.anomalies));

  const status = await callTool<Data>(server.client, 'scorm_runtime_status', { session_id });
  assert.equal(status.open, false);
  assert.equal(status.session_closed, true);
  assert.ok(Number(status.call_count) >= 3);
  const session = await callTool<Data>(server.client, 'scorm_session_status', { session_id });
  assert.equal(session.state, 'closed');
  assert.equal(session.session_closed, true);
  assert.equal(typeof session.closed_at, 'number');

  const consoleErrors = await callTool<{ errors: Array<{ message: string }>; session_closed?: boolean }>(
    server.client,
    'scorm_get_console_errors',
    { session_id },
  );
  assert.equal(consoleErrors.session_closed, true);
  assert.ok(consoleErrors.errors.some((e) => e.message.includes('closed-record-marker')));
  const requests = await callTool<{ request_count: number; session_closed?: boolean }>(
    server.client,
    'scorm_get_network_requests',
    { session_id },
  );
  assert.equal(requests.session_closed, true);
  assert.ok(requests.request_count > 0);

  const history = await callTool<{
    changes: Array<{ element: string; newValue: string }>;
    session_closed?: boolean;
  }>(server.client, 'scorm_get_data_model_history', { session_id, element_prefix: 'cmi.location' });
  assert.equal(history.session_closed, true);
  assert.deepEqual(
    history.changes.map((c) => [c.element, c.newValue]),
    [['cmi.location', 'page-3']],
  );
  // The report is of the package the record names; the audit needs the live course, so it says why not.
  const report = await callTool<{
    valid: boolean;
    accessibility: { audited: boolean; not_applicable?: { code: string; message: string } };
    report_path: string | null;
    artifact?: unknown;
    session_closed?: boolean;
  }>(server.client, 'scorm_report', { session_id, format: 'json' });
  assert.equal(report.session_closed, true);
  assert.equal(report.accessibility.audited, false);
  assert.equal(report.accessibility.not_applicable?.code, 'NO_RUNTIME');
  assert.match(report.accessibility.not_applicable!.message, /is closed/);
  assert.equal(report.report_path, null);
  const html = await callTool<{ report_path: string | null; artifact?: unknown }>(
    server.client,
    'scorm_report',
    {
      session_id,
    },
  );
  assert.ok(html.report_path && existsSync(html.report_path), 'the HTML report is written');
  assert.equal(html.artifact, undefined, 'not added to the closed session');

  const manifestUri = `scorm-tester://session/${session_id}/artifacts.json`;
  const manifest = await server.client.readResource({ uri: manifestUri });
  assert.match(JSON.stringify(manifest.contents), new RegExp(session_id));

  // Tools that need the live page: refused, saying the session is closed (not unknown).
  for (const [tool, args] of [
    ['scorm_api_call', { method: 'GetValue', args: ['cmi.location'] }],
    ['scorm_runtime_open', {}],
    ['scorm_take_screenshot', {}],
    ['scorm_get_current_page_context', {}],
  ] as const) {
    const refused = await callToolError(server.client, tool, { session_id, ...args });
    assert.equal(refused.error_code, 'SESSION_CLOSED', tool);
    assert.match(refused.message, /is closed/, tool);
    assert.match(refused.message, /scorm_session_events/, tool);
  }

  // Closing again answers the same close; forget deletes the records and unlists the files.
  const again = await callTool<{ records: string; saved_state_path: string | null }>(
    server.client,
    'scorm_session_close',
    { session_id },
  );
  assert.equal(again.records, 'kept');
  assert.equal(again.saved_state_path, closed.saved_state_path);
  const forgotten = await callTool<{ records: string }>(server.client, 'scorm_session_close', {
    session_id,
    forget: true,
  });
  assert.equal(forgotten.records, 'deleted');
  for (const tool of ['scorm_session_events', 'scorm_debug_api_calls', 'scorm_runtime_status']) {
    const gone = await callToolError(server.client, tool, { session_id });
    assert.equal(gone.error_code, 'MCP_UNKNOWN_SESSION', tool);
    assert.match(gone.message, /records deleted/, tool);
  }
  assert.equal((await readError(manifestUri)).code, -32002);
});

test('closing with forget deletes at once; a closed session that ran no course has no API calls to read', async () => {
  const open = async (): Promise<string> =>
    (await callTool<{ session_id: string }>(server.client, 'scorm_session_open', { package_path: SAMPLE }))
      .session_id;
  const idle = await open();
  await callTool(server.client, 'scorm_session_close', { session_id: idle });
  const noCourse = await callToolError(server.client, 'scorm_debug_api_calls', { session_id: idle });
  assert.equal(noCourse.error_code, 'SESSION_CLOSED');
  assert.match(noCourse.message, /no course ran/);
  const status = await callTool<Data>(server.client, 'scorm_runtime_status', { session_id: idle });
  assert.equal(status.call_count, 0);
  assert.equal(status.session_closed, true);

  const once = await open();
  const closed = await callTool<{ records: string }>(server.client, 'scorm_close_course', {
    session_id: once,
    forget: true,
  });
  assert.equal(closed.records, 'deleted');
  assert.equal(
    (await callToolError(server.client, 'scorm_session_events', { session_id: once })).error_code,
    'MCP_UNKNOWN_SESSION',
  );
});

test('past SCORM_TESTER_KEEP_CLOSED_SESSIONS the oldest closed records are dropped, and the close says which', async () => {
  const small = await startServer({ SCORM_TESTER_KEEP_CLOSED_SESSIONS: '2' });
  try {
    const ids: string[] = [];
    const drops: Array<string[] | undefined> = [];
    for (let i = 0; i < 3; i++) {
      const { session_id } = await callTool<{ session_id: string }>(small.client, 'scorm_session_open', {
        package_path: SAMPLE,
      });
      ids.push(session_id);
      const closed = await callTool<{ dropped_records?: string[] }>(small.client, 'scorm_session_close', {
        session_id,
      });
      drops.push(closed.dropped_records);
    }
    assert.deepEqual(drops, [undefined, undefined, [ids[0]]]);
    const dropped = await callToolError(small.client, 'scorm_session_events', { session_id: ids[0]! });
    assert.equal(dropped.error_code, 'MCP_UNKNOWN_SESSION');
    assert.match(dropped.message, /records dropped/);
    assert.match(dropped.message, /last 2 closed sessions/);
    for (const id of ids.slice(1)) {
      const events = await callTool<{ session_closed?: boolean }>(small.client, 'scorm_session_events', {
        session_id: id,
      });
      assert.equal(events.session_closed, true);
    }
  } finally {
    await small.close();
  }
});
