/**
 * A course that tampers with the player cannot forge what the MCP tools report: over stdio, the
 * recorded calls, the data-model history and scorm_data_model_get stay true to the engine, the
 * tampering is reported (anomalies and session events), and the player page stays.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { allSessionEvents } from '../helpers/session-events.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { CourseTexts } from '../../src/core/course-text.js';
import { courseTextOf } from '../helpers/course-text.js';
import { until } from '../helpers/until.js';

type Data = Record<string, unknown>;
interface CallView {
  method: string;
  args: unknown[];
  result: unknown;
  /** Absent: sco (issue 22). */
  source?: string;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const COURSE = join(FIXTURES_DIR, 'courses', 'forge-record');

/** Opens the fixture's item for `attack` and waits until the course has committed. */
async function openAttack(attack: string): Promise<string> {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: COURSE,
    new_attempt: true,
  });
  await callTool(server.client, 'scorm_runtime_open', { session_id, item_id: attack });
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id,
    method: 'Commit',
    include_past: true,
  });
  return session_id;
}

async function assertTrueToEngine(sessionId: string): Promise<Data[]> {
  const dm = await callTool<{ data: Data }>(server.client, 'scorm_data_model_get', {
    session_id: sessionId,
    elements: ['cmi.success_status', 'cmi.location'],
  });
  assert.deepEqual(dm.data, { 'cmi.success_status': 'failed', 'cmi.location': 'real-location' });
  const history = await callTool<{ changes: Data[] }>(server.client, 'scorm_get_data_model_history', {
    session_id: sessionId,
  });
  const changes = history.changes.map((c) => `${String(c.element)}=${String(c.newValue)}`);
  assert.deepEqual(changes, ['cmi.success_status=failed', 'cmi.location=real-location']);
  const tool = await callTool(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'GetValue',
    args: ['cmi.success_status'],
  });
  assert.equal(tool.result, 'failed');
  const debug = await callTool<{ calls: CallView[]; anomalies: Data[] }>(
    server.client,
    'scorm_debug_api_calls',
    {
      session_id: sessionId,
    },
  );
  assert.deepEqual(
    debug.calls.map(
      (c) => `${c.method}(${c.args.join(',')})=${String(c.result ?? 'true')}/${c.source ?? 'sco'}`,
    ),
    [
      'Initialize()=true/sco',
      'SetValue(cmi.success_status,failed)=true/sco',
      'SetValue(cmi.location,real-location)=true/sco',
      'Commit()=true/sco',
      'GetValue(cmi.success_status)=failed/tool',
    ],
  );
  return debug.anomalies ?? [];
}

async function integrityEvents(sessionId: string): Promise<Data[]> {
  const out = { events: await allSessionEvents<{ type: string; payload?: Data }>(server.client, sessionId) };
  return out.events.filter((e) => e.payload?.kind === 'player_integrity').map((e) => e.payload as Data);
}

/** The details of an integrity anomaly (names and URLs the course chose) are course text. */
function details(anomaly: Data): string {
  return courseTextOf(anomaly as { course_text?: CourseTexts }, 'details');
}

test('wrapping the emitter does not reach the record; it is reported', async () => {
  const sessionId = await openAttack('emitter');
  const anomalies = await assertTrueToEngine(sessionId);
  const tampered = anomalies.find((a) => a.type === 'player_tampered');
  assert.ok(tampered, JSON.stringify(anomalies));
  assert.equal(tampered.severity, 'error');
  assert.match(String(tampered.message), /`course_text.details`/);
  assert.match(details(tampered), /window\.__scormTesterEmit/);
  // Its look for the emitter with code in the player's realm is refused and reported too.
  const events = await until(async () => {
    const all = await integrityEvents(sessionId);
    return all.length >= 2 ? all : undefined;
  }, 'both integrity events');
  assert.deepEqual(events.map((e) => e.integrity).sort(), ['player_code_refused', 'player_global_replaced']);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('replacing the control object changes nothing scorm_data_model_get reads; tool calls alone are "tool"', async () => {
  const sessionId = await openAttack('control');
  const anomalies = await assertTrueToEngine(sessionId);
  assert.ok(
    anomalies.some((a) => a.type === 'player_tampered' && /window\.__scormTester\b/.test(details(a))),
  );
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('replacing intrinsics of the player realm fails and is reported', async () => {
  const sessionId = await openAttack('intrinsics');
  const anomalies = await assertTrueToEngine(sessionId);
  const tampered = anomalies.find((a) => a.type === 'player_tampered');
  assert.match(details(tampered ?? {}), /JSON\.stringify[^]*Date\.now/);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('navigating the player through parent.Function is refused and reported; the runtime stays open', async () => {
  const sessionId = await openAttack('nav-href');
  await until(async () => {
    const debug = await callTool<{ anomalies: Data[] }>(server.client, 'scorm_debug_api_calls', {
      session_id: sessionId,
    });
    return (debug.anomalies ?? []).some((a) => a.type === 'player_tampered') ? true : undefined;
  }, 'the player_tampered anomaly');
  const anomalies = await assertTrueToEngine(sessionId);
  const tampered = anomalies.find((a) => a.type === 'player_tampered');
  assert.equal(tampered?.severity, 'error');
  assert.equal(tampered?.sco_id, 'nav-href');
  assert.match(
    details(tampered ?? {}),
    /code from a string \(eval, Function or a timer given text\) in the LMS page's window/,
  );
  assert.ok(!anomalies.some((a) => a.type === 'player_navigation'), JSON.stringify(anomalies));
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(status.open, true);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});
