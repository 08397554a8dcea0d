/**
 * Issue 20: code from outside the delivered SCO's frame cannot write that SCO's results. The first SCO of
 * leftover-timer-writes tries to leave strict-mode code in the player window (a timer and an observer made
 * with parent.Function, and a frame of its own added to the player page) that would report the second SCO
 * passed: the player refuses both, the second SCO's results are its own, and the run reports
 * player_tampered naming the first SCO, through MCP (the scorm_nav_* flow) and the CLI
 * (`run --nav continue`). A correct course whose content sits in a nested iframe, finds the API through
 * window.parent and reports from a popup it opened gets no anomaly about where its calls came from.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';
import { withRepeats } from '../helpers/listed-calls.js';
import { courseTextOf } from '../helpers/course-text.js';
import type { CourseTexts } from '../../src/core/course-text.js';

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
  sco_id?: string;
  attempt?: number;
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

function assertRefused(calls: CallView[], anomalies: AnomalyView[]): void {
  // The second SCO's calls are its own, and only its own.
  const two = calls.filter((c) => c.sco_id === 'two');
  assert.deepEqual(two.map(describe), [
    'Initialize()=true/two/sco',
    'SetValue(cmi.success_status,failed)=true/two/sco',
    'SetValue(cmi.score.scaled,0.1)=true/two/sco',
    'Commit()=true/two/sco',
    'Terminate()=true/two/sco',
  ]);
  const tampered = anomalies.filter((a) => a.type === 'player_tampered');
  assert.equal(tampered.length, 1, JSON.stringify(anomalies));
  const [anomaly] = tampered;
  assert.equal(anomaly?.severity, 'error');
  assert.equal(anomaly?.sco_id, 'one');
  assert.equal(typeof anomaly?.attempt, 'number');
  const details = courseTextOf(anomaly as { course_text?: CourseTexts }, 'details');
  assert.match(
    details,
    /code from a string \(eval, Function or a timer given text\) in the LMS page's window/,
  );
  assert.match(details, /added a iframe element to the LMS page; it was removed/);
  assert.ok(!anomalies.some((a) => a.type === 'call_from_outside_sco'), JSON.stringify(anomalies));
  assert.ok(!anomalies.some((a) => a.sco_id === 'two' && a.severity === 'error'), JSON.stringify(anomalies));
}

test("MCP: the first SCO's strict-mode leftovers (parent.Function, a frame of its own) are refused; the next SCO's results are its own", async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: LEFTOVER,
    new_attempt: true,
  });
  await call('scorm_sn_init', { session_id: id });
  await call('scorm_wait_for_api_call', { session_id: id, method: 'Terminate', include_past: true });
  const next = await call<{ delivered?: { activity_id: string } }>('scorm_nav_next', { session_id: id });
  assert.equal(next.delivered?.activity_id, 'two');
  const debug = await until(async () => {
    const d = await call<{ calls: CallView[]; sco_id: string | null; anomalies: AnomalyView[] }>(
      'scorm_debug_api_calls',
      { session_id: id, max_calls: 500 },
    );
    const calls = withRepeats(d);
    return calls.some((c) => c.sco_id === 'two' && c.method === 'Terminate')
      ? { calls, anomalies: d.anomalies }
      : undefined;
  }, "the second SCO's Terminate in the record");
  assertRefused(debug.calls, debug.anomalies);
  const model = await call<{ data: Record<string, unknown> }>('scorm_data_model_get', {
    session_id: id,
    elements: ['cmi.success_status', 'cmi.score.scaled'],
  });
  assert.deepEqual(model.data, { 'cmi.success_status': 'failed', 'cmi.score.scaled': '0.1' });
  await call('scorm_close_course', { session_id: id });
});

test("CLI run --nav continue: the first SCO's leftovers are refused, the run fails on player_tampered naming it", async () => {
  const r = await cli('run', LEFTOVER, '--nav', 'continue', '--json', '--settle-ms', '1500');
  const out = JSON.parse(r.stdout) as { api_calls: CallView[]; anomalies: AnomalyView[] };
  assertRefused(out.api_calls, out.anomalies);
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
