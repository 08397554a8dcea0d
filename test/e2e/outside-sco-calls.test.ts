/**
 * Issue 20: a call that reaches a SCO's API from outside its frame (here a timer the first SCO left in
 * the player window) is recorded with caller "outside_sco" and is the error anomaly call_from_outside_sco,
 * through MCP (the scorm_nav_* flow) and the CLI (`run --nav continue`). A correct course whose content
 * sits in a nested iframe, finds the API through window.parent and reports from a popup it opened gets no
 * such anomaly.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

type Data = Record<string, unknown>;
interface CallView {
  index: number;
  method: string;
  args: unknown[];
  result: unknown;
  source: string;
  caller?: string;
  sco_id: string;
  attempt: number;
}
interface AnomalyView {
  type: string;
  severity: string;
  call_index?: number;
  element?: string;
  sco_id?: string;
  attempt?: number;
  count?: number;
  message: string;
}

const LEFTOVER = join(FIXTURES_DIR, 'courses', 'leftover-timer-writes');
const NESTED = join(FIXTURES_DIR, 'courses', 'nested-content-findapi');

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const call = <T = Data>(name: string, args: Data) => callTool<T>(server.client, name, args);

function describe(c: CallView): string {
  return `${c.method}(${c.args.join(',')})=${String(c.result)}/${c.sco_id}/${c.caller ?? 'sco'}`;
}

function assertOutsideCalls(calls: CallView[], anomalies: AnomalyView[]): void {
  const two = calls.filter((c) => c.sco_id === 'two' && c.method !== 'GetValue');
  const written = two.filter((c) => c.caller === 'outside_sco');
  assert.deepEqual(written.map(describe), [
    'SetValue(cmi.success_status,passed)=true/two/outside_sco',
    'SetValue(cmi.score.scaled,1)=true/two/outside_sco',
    'Commit()=true/two/outside_sco',
  ]);
  // The SCO's own calls (from functions of its frame) are not marked.
  assert.ok(two.some((c) => c.method === 'SetValue' && c.args[1] === 'failed' && c.caller === undefined));
  const outside = anomalies.filter((a) => a.type === 'call_from_outside_sco');
  assert.equal(outside.length, 1, JSON.stringify(anomalies));
  const [anomaly] = outside;
  assert.equal(anomaly?.severity, 'error');
  assert.equal(anomaly?.sco_id, 'two');
  assert.equal(anomaly?.call_index, written[0]?.index);
  assert.equal(anomaly?.element, 'cmi.success_status');
  assert.equal(anomaly?.count, 3);
  assert.equal(typeof anomaly?.attempt, 'number');
  assert.match(String(anomaly?.message), /SetValue, Commit/);
  assert.match(String(anomaly?.message), /RTE 3\.1/);
  // The timer's calls are not blamed on the SCO as its own lifecycle mistakes.
  assert.ok(!anomalies.some((a) => a.type === 'call_before_initialize' && a.sco_id === 'two'));
}

test('MCP: a timer the first SCO left in the player window writes the next SCO: recorded as outside_sco, an error anomaly', async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: LEFTOVER,
    new_attempt: true,
  });
  await call('scorm_sn_init', { session_id: id });
  await call('scorm_wait_for_api_call', { session_id: id, method: 'Terminate', include_past: true });
  const next = await call<{ delivered?: { activity_id: string } }>('scorm_nav_next', { session_id: id });
  assert.equal(next.delivered?.activity_id, 'two');
  const debug = await until(async () => {
    const d = await call<{ calls: CallView[]; anomalies: AnomalyView[] }>('scorm_debug_api_calls', {
      session_id: id,
      max_calls: 500,
    });
    return d.calls.some((c) => c.sco_id === 'two' && c.method === 'Terminate') ? d : undefined;
  }, "the second SCO's Terminate in the record");
  assertOutsideCalls(debug.calls, debug.anomalies);
  // Learner data is kept: the engine holds what the outside calls set.
  const model = await call<{ data: Record<string, unknown> }>('scorm_data_model_get', {
    session_id: id,
    elements: ['cmi.success_status'],
  });
  assert.equal(model.data['cmi.success_status'], 'passed');
  await call('scorm_close_course', { session_id: id });
});

test("CLI run --nav continue: the leftover timer's calls are outside_sco and the run fails on call_from_outside_sco", async () => {
  const r = await cli('run', LEFTOVER, '--nav', 'continue', '--json', '--settle-ms', '1500');
  const out = JSON.parse(r.stdout) as { api_calls: CallView[]; anomalies: AnomalyView[] };
  assertOutsideCalls(out.api_calls, out.anomalies);
  assert.equal(r.status, 1, r.stderr);
});

test('a correct course with nested content, a findAPI wrapper and a popup it opened: no call from outside the SCO', async () => {
  const r = await cli('run', NESTED, '--nav', 'continue', '--json', '--settle-ms', '1500');
  const out = JSON.parse(r.stdout) as { api_calls: CallView[]; anomalies: AnomalyView[] };
  const two = out.api_calls.filter((c) => c.sco_id === 'two');
  // The popup's own report is among them.
  assert.ok(
    two.some((c) => c.method === 'SetValue' && c.args[1] === 'notes-read'),
    JSON.stringify(two),
  );
  assert.ok(two.some((c) => c.method === 'Terminate' && c.result === 'true'));
  assert.deepEqual(out.api_calls.filter((c) => c.caller !== undefined).map(describe), []);
  assert.ok(!out.anomalies.some((a) => a.type === 'call_from_outside_sco'), JSON.stringify(out.anomalies));
  assert.equal(r.status, 0, r.stdout);
});
