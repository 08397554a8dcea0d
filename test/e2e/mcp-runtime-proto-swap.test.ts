/**
 * Review 3, findings 1 to 3, through the MCP server: a course that puts an object with a toJSON between
 * the player realm's Array.prototype and Object.prototype (and keeps putting it back) can neither bend
 * the record, nor the answers to the agent's own calls, nor hide a later SCO; the anomaly claims only
 * what the player did.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { courseTextOf } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';
import { agentCallsReachEngine } from '../helpers/agent-calls.js';

type Data = Record<string, unknown>;
interface CallView {
  method: string;
  args: unknown[];
  result: unknown;
  error_code?: string;
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

const call = <T = Data>(name: string, args: Data) => callTool<T>(server.client, name, args);
const debugCalls = (id: string) =>
  call<{ calls: CallView[]; anomalies: Data[] }>('scorm_debug_api_calls', { session_id: id });
const shown = (calls: CallView[]) =>
  calls.map((c) => `${c.method}(${c.args.join(',')})=${String(c.result ?? 'true')}/${c.source ?? 'sco'}`);

/** The swap is reported, said to be undone, and the message claims nothing a check did not prove. */
function swapReported(anomalies: Data[]): void {
  const tampered = anomalies.find((a) => a.type === 'player_tampered');
  assert.ok(tampered, JSON.stringify(anomalies));
  assert.equal(tampered.severity, 'error');
  assert.match(courseTextOf(tampered, 'details'), /Array\.prototype\.\[\[Prototype\]\] \(replaced, undone\)/);
  assert.doesNotMatch(String(tampered.message), /unaffected|any difference is reported/);
}

test("a toJSON below the realm's Array.prototype bends neither the record nor the agent's answers", async () => {
  const id = await agentCallsReachEngine(call, 'proto-swap-record');
  const debug = await debugCalls(id);
  assert.deepEqual(shown(debug.calls), [
    'Initialize()=true/sco',
    'SetValue(cmi.location,real-location)=true/sco',
    'SetValue(cmi.success_status,failed)=true/sco',
    'SetValue(cmi.score.scaled,0.1)=true/sco',
    'Commit()=true/sco',
    'SetValue(cmi.success_status,failed)=true/tool',
    'SetValue(cmi.score.scaled,0.2)=true/tool',
    'GetValue(cmi.success_status)=failed/tool',
  ]);
  swapReported(debug.anomalies);
  const history = await call<{ changes: Array<{ element: string; newValue: string }> }>(
    'scorm_get_data_model_history',
    { session_id: id },
  );
  const last = (el: string) => history.changes.filter((c) => c.element === el).at(-1)?.newValue;
  assert.equal(last('cmi.success_status'), 'failed');
  assert.equal(last('cmi.score.scaled'), '0.2');
  await call('scorm_session_close', { session_id: id });
});

test("the answer to the agent's own SetValue cannot be forged as a refusal", async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_session_open', {
    package_path: join(FIXTURES_DIR, 'courses', 'proto-swap-tool-answer'),
    new_attempt: true,
  });
  await call('scorm_runtime_open', { session_id: id });
  await call('scorm_wait_for_api_call', { session_id: id, method: 'Commit', include_past: true });
  const set = await call('scorm_api_call', {
    session_id: id,
    method: 'SetValue',
    args: ['cmi.success_status', 'failed'],
  });
  assert.equal(set.result, 'true');
  assert.equal(set.error_code, '0');
  const get = await call('scorm_api_call', {
    session_id: id,
    method: 'GetValue',
    args: ['cmi.success_status'],
  });
  assert.equal(get.result, 'failed');
  const debug = await debugCalls(id);
  assert.deepEqual(
    debug.calls
      .filter((c) => c.source === 'tool')
      // A listed call without error_code has none ("0").
      .map((c) => `${c.method}=${String(c.result ?? 'true')}/${c.error_code ?? '0'}`),
    ['SetValue=true/0', 'GetValue=failed/0'],
  );
  swapReported(debug.anomalies);
  await call('scorm_session_close', { session_id: id });
});

test("a toJSON the first SCO leaves below the realm's Array.prototype cannot hide the next SCO", async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: join(FIXTURES_DIR, 'courses', 'proto-swap-hide-later'),
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
  assert.deepEqual(shown(debug.calls), [
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
  ]);
  swapReported(debug.anomalies);
  const status = await call<{ sco_id: string; initialize_state: string }>('scorm_runtime_status', {
    session_id: id,
  });
  assert.equal(status.sco_id, 'two');
  assert.equal(status.initialize_state, 'initialized');
  await call('scorm_close_course', { session_id: id });
});
