/**
 * Issue 20, finding 2, for SCORM 1.2, through the MCP server and the CLI: the first SCO of a 1.2 course
 * leaves a timer in the player's realm that bends the array iterator a launch configuration could pass
 * through, to turn recording off for the next SCO. The second SCO is recorded all the same, so Node's
 * check of the engine against the record finds nothing missing (no unrecorded_api_calls: a false error
 * would be as bad as a missed one), and its learner data is saved.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

type Data = Record<string, unknown>;
const COURSE = join(FIXTURES_DIR, 'courses', 'hide-later-sco-12');
const CALLS = [
  // Opening loads the first SCO; the start of sequencing delivers it again, as a new attempt.
  'LMSInitialize()=true',
  'LMSSetValue(cmi.core.lesson_status,completed)=true',
  'LMSCommit()=true',
  'LMSFinish()=true',
  'LMSInitialize()=true',
  'LMSSetValue(cmi.core.lesson_status,completed)=true',
  'LMSCommit()=true',
  'LMSFinish()=true',
  'LMSInitialize()=true',
  'LMSSetValue(cmi.core.lesson_status,passed)=true',
  'LMSSetValue(cmi.core.score.raw,100)=true',
  'LMSCommit()=true',
];

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const call = <T = Data>(name: string, args: Data) => callTool<T>(server.client, name, args);

test('MCP, SCORM 1.2: a timer the first SCO leaves in the player realm cannot hide the next SCO; nothing is unrecorded and its data is saved', async () => {
  const { session_id: id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: COURSE,
    new_attempt: true,
  });
  const init = await call<{ outcome: { delivered?: { activity_id: string } } }>('scorm_sn_init', {
    session_id: id,
  });
  assert.equal(init.outcome.delivered?.activity_id, 'one');
  await call('scorm_wait_for_api_call', { session_id: id, method: 'LMSFinish', include_past: true });
  const next = await call<{ delivered?: { activity_id: string } }>('scorm_nav_next', { session_id: id });
  assert.equal(next.delivered?.activity_id, 'two');

  const debug = await until(async () => {
    const d = await call<{
      calls: Array<{ method: string; args: unknown[]; result: unknown; source?: string }>;
      anomalies: Data[];
    }>('scorm_debug_api_calls', { session_id: id });
    return d.calls.filter((c) => c.method === 'LMSCommit').length === 3 ? d : undefined;
  }, "the second SCO's LMSCommit in the record");
  assert.deepEqual(
    debug.calls.map((c) => `${c.method}(${c.args.join(',')})=${String(c.result ?? 'true')}`),
    CALLS,
  );
  assert.ok(debug.calls.every((c) => (c.source ?? 'sco') === 'sco'));
  const tampered = (debug.anomalies ?? []).find((a) => a.type === 'player_tampered');
  assert.equal(tampered?.severity, 'error');
  assert.equal(tampered?.sco_id, 'one');
  const status = await call<{ initialize_state: string }>('scorm_runtime_status', { session_id: id });
  assert.equal(status.initialize_state, 'initialized');

  const closed = await call<{ saved_state_path: string | null; save_error: unknown; saved_from?: string }>(
    'scorm_close_course',
    {
      session_id: id,
    },
  );
  assert.equal(closed.save_error, null);
  const saved = JSON.parse(readFileSync(closed.saved_state_path!, 'utf8')) as {
    activities: Array<{ sco_id: string; data: Record<string, string> }>;
  };
  const two = saved.activities.find((a) => a.sco_id === 'two');
  assert.equal(two?.data['cmi.core.lesson_status'], 'passed');
  assert.equal(two?.data['cmi.core.score.raw'], '100');
  // Closing unloaded the second SCO and checked the engine against the record: had a call been missing,
  // the run would have stopped and the save come from the record instead.
  assert.equal(closed.saved_from, 'engine');
});

test('CLI run --nav, SCORM 1.2: the second SCO of a course whose first SCO bent the player realm is recorded, and nothing is unrecorded', async () => {
  const r = await cli('run', COURSE, '--nav', 'continue', '--json', '--settle-ms', '500');
  const out = JSON.parse(r.stdout) as {
    api_calls: Array<{ method: string; args: unknown[]; result: string }>;
    anomalies: Array<{ type: string; severity: string; sco_id?: string }>;
    navigation: { current_activity: string | null };
    data_model: Record<string, string>;
  };
  assert.equal(out.navigation.current_activity, 'two');
  assert.deepEqual(
    out.api_calls.map((c) => `${c.method}(${c.args.join(',')})=${c.result}`),
    // run --nav opens on sequencing's first delivery: the first SCO is launched once.
    CALLS.slice(4),
  );
  assert.deepEqual(
    out.anomalies.filter((a) => a.type === 'unrecorded_api_calls'),
    [],
  );
  assert.ok(out.anomalies.some((a) => a.type === 'player_tampered' && a.sco_id === 'one'));
  assert.equal(out.data_model['cmi.core.lesson_status'], 'passed');
  assert.equal(out.data_model['cmi.core.score.raw'], '100');
  assert.equal(r.status, 1, r.stderr);
});
