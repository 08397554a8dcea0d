/**
 * Issue 20, findings 1 and 2, through the MCP server: a course that replaces the player realm's
 * Array.prototype[Symbol.iterator] (re-installed every millisecond, and left running after its SCO
 * unloads) can neither rewrite the agent's calls nor turn recording off for the next SCO.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { courseTextOf } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';
import { agentCallsReachEngine } from '../helpers/agent-calls.js';

type Data = Record<string, unknown>;
interface CallView {
  method: string;
  args: unknown[];
  result: unknown;
  /** Absent: sco (issue 22). */
  source?: string;
  sco_id?: string;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const call = <T = Data>(name: string, args: Data) => callTool<T>(server.client, name, args);
const debugCalls = (id: string) =>
  call<{ calls: CallView[]; anomalies: Data[] }>('scorm_debug_api_calls', { session_id: id });

function tamperedAnomaly(anomalies: Data[]): Data {
  const tampered = anomalies.find((a) => a.type === 'player_tampered');
  assert.ok(tampered, JSON.stringify(anomalies));
  assert.equal(tampered.severity, 'error');
  assert.match(courseTextOf(tampered, 'details'), /Array\.prototype\.Symbol\(Symbol\.iterator\)/);
  assert.doesNotMatch(String(tampered.message), /unaffected/);
  return tampered;
}

test("the agent's calls reach the engine as sent while the course bends the realm's array iterator", async () => {
  const id = await agentCallsReachEngine(call, 'rewrite-tool-calls');
  const debug = await debugCalls(id);
  assert.deepEqual(
    debug.calls
      .filter((c) => c.source === 'tool')
      .map((c) => `${c.method}(${c.args.join(',')})=${String(c.result ?? 'true')}`),
    [
      'SetValue(cmi.success_status,failed)=true',
      'SetValue(cmi.score.scaled,0.2)=true',
      'GetValue(cmi.success_status)=failed',
    ],
  );
  tamperedAnomaly(debug.anomalies);
  await call('scorm_session_close', { session_id: id });
});

test('a timer a first SCO leaves in the player realm cannot turn recording off for the next SCO', async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: join(FIXTURES_DIR, 'courses', 'hide-later-sco'),
    new_attempt: true,
  });
  const init = await call<{ outcome: { delivered?: { activity_id: string } } }>('scorm_sn_init', {
    session_id: id,
  });
  assert.equal(init.outcome.delivered?.activity_id, 'one');
  await call('scorm_wait_for_api_call', { session_id: id, method: 'Terminate', include_past: true });
  const next = await call<{ delivered?: { activity_id: string } }>('scorm_nav_next', { session_id: id });
  assert.equal(next.delivered?.activity_id, 'two');

  const debug = await until(async () => {
    const d = await debugCalls(id);
    return d.calls.some((c) => c.method === 'Commit') ? d : undefined;
  }, "the second SCO's Commit in the record");
  assert.deepEqual(
    debug.calls.map(
      (c) => `${c.method}(${c.args.join(',')})=${String(c.result ?? 'true')}/${c.source ?? 'sco'}`,
    ),
    [
      // Opening loads the first SCO; the start of sequencing delivers it again, as a new attempt.
      'Initialize()=true/sco',
      'SetValue(cmi.completion_status,completed)=true/sco',
      'Terminate()=true/sco',
      'Initialize()=true/sco',
      'SetValue(cmi.completion_status,completed)=true/sco',
      'Terminate()=true/sco',
      'Initialize()=true/sco',
      'SetValue(cmi.success_status,passed)=true/sco',
      'SetValue(cmi.score.scaled,1)=true/sco',
      'Commit()=true/sco',
    ],
  );
  tamperedAnomaly(debug.anomalies);
  const status = await call<{ initialize_state: string }>('scorm_runtime_status', { session_id: id });
  assert.equal(status.initialize_state, 'initialized');
  await call('scorm_close_course', { session_id: id });
});

test('a change to the realm the player cannot undo stops the run with the reason', async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_session_open', {
    package_path: join(FIXTURES_DIR, 'courses', 'stick-prototype'),
    new_attempt: true,
  });
  // The course bends the prototype once its page has loaded; on a loaded machine that can still fall
  // inside the open, which then fails the same way.
  const opened = await callToolError(server.client, 'scorm_runtime_open', { session_id: id }).catch(
    () => null,
  );
  const err =
    opened ??
    (await until(async () => {
      const s = await call<{ crashed: boolean }>('scorm_runtime_status', { session_id: id });
      if (!s.crashed) return undefined;
      return callToolError(server.client, 'scorm_api_call', {
        session_id: id,
        method: 'GetValue',
        args: ['cmi.location'],
      });
    }, 'the runtime to stop'));
  assert.equal(err.error_code, 'BROWSER_CRASHED');
  assert.match(
    err.message,
    /could not undo \(the course changed Array\.prototype\.toJSON \(added, could not be undone\)\)/,
  );
  if (opened) return;
  const debug = await debugCalls(id);
  const tampered = (debug.anomalies ?? []).find((a) => a.type === 'player_tampered');
  assert.match(String(tampered?.message), /could not undo every change, so the run was stopped/);
  await call('scorm_session_close', { session_id: id });
});

test("a toJSON the course puts on the realm's arrays right before a Commit does not bend the record", async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_session_open', {
    package_path: join(FIXTURES_DIR, 'courses', 'forge-at-commit'),
    new_attempt: true,
  });
  await call('scorm_runtime_open', { session_id: id });
  // The player's report of the change comes on its own channel, possibly after the Commit's record.
  const debug = await until(async () => {
    const d = await debugCalls(id);
    return d.calls.some((c) => c.method === 'Commit') &&
      (d.anomalies ?? []).some((a) => a.type === 'player_tampered')
      ? d
      : undefined;
  }, 'the Commit and the report of the change');
  assert.deepEqual(
    debug.calls.map((c) => `${c.method}(${c.args.join(',')})=${String(c.result ?? 'true')}`),
    ['Initialize()=true', 'SetValue(cmi.success_status,failed)=true', 'Commit()=true'],
  );
  const tampered = (debug.anomalies ?? []).find((a) => a.type === 'player_tampered');
  assert.match(courseTextOf(tampered!, 'details'), /Array\.prototype\.toJSON \(added, undone\)/);
  await call('scorm_session_close', { session_id: id });
});
