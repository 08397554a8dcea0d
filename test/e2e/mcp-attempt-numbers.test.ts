/**
 * Anomalies name the SCORM attempt, not the launch (issue 19): a resumed attempt (cmi.entry "resume")
 * keeps its number across sessions, a new attempt after one that ended takes the next; in a sequenced
 * course each SCO counts its own attempts and the launch sequencing replaced is not reported at all.
 * A sequenced close answers the exit the attempt ended with.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { singleScoPackage } from '../helpers/single-sco.js';
import { tempDir } from '../helpers/temp.js';

interface Opened {
  session_id: string;
  resumed: boolean;
  entry: string;
  fresh_start_reason?: string;
}
interface Anomaly {
  type: string;
  sco_id?: string;
  attempt?: number;
  also_in_attempts?: number[];
  message: string;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const call = <T = Record<string, unknown>>(name: string, args: Record<string, unknown>) =>
  callTool<T>(server.client, name, args);
const open = (pkg: string, extra: Record<string, unknown> = {}) =>
  call<Opened>('scorm_open_course', { package_path: pkg, ...extra });

/** The rejected SetValues the session's course made so far, as [sco, attempt, other attempts]. */
async function rejected(session_id: string): Promise<unknown[]> {
  const { anomalies } = await call<{ anomalies: Anomaly[] }>('scorm_debug_api_calls', { session_id });
  return anomalies
    .filter((a) => a.type === 'set_value_rejected')
    .map((a) => [a.sco_id, a.attempt, a.also_in_attempts ?? []]);
}

test('one SCO: suspended and resumed, the attempt keeps its number; after it ended, the next attempt is 2', async () => {
  // Suspends on its first visit and ends its attempt on the resumed one; every visit makes one refused SetValue.
  const pkg = singleScoPackage({
    version: '2004',
    script:
      "api.Initialize('');var resumed=api.GetValue('cmi.entry')==='resume';" +
      "api.SetValue('cmi.score.scaled','50');api.SetValue('cmi.location','p2');" +
      "api.SetValue('cmi.completion_status',resumed?'completed':'incomplete');" +
      "api.SetValue('cmi.exit',resumed?'normal':'suspend');api.SetValue('cmi.session_time','PT1S');api.Commit('');",
  });
  const first = await open(pkg);
  assert.deepEqual(await rejected(first.session_id), [['lesson', 1, []]]);
  await call('scorm_close_course', { session_id: first.session_id });

  const resumed = await open(pkg);
  assert.equal(resumed.entry, 'resume', resumed.fresh_start_reason ?? '');
  assert.deepEqual(
    await rejected(resumed.session_id),
    [['lesson', 1, []]],
    'the resumed attempt is attempt 1',
  );
  await call('scorm_close_course', { session_id: resumed.session_id });

  const fresh = await open(pkg);
  assert.equal(fresh.fresh_start_reason, 'exit_not_suspend');
  assert.deepEqual(
    await rejected(fresh.session_id),
    [['lesson', 2, []]],
    'a new attempt after one that ended',
  );
  await call('scorm_close_course', { session_id: fresh.session_id });
});

test('sequenced: each SCO counts its own attempts, the replaced launch is not reported, a resumed SCO keeps its number; the close answers the real exit', async () => {
  const pkg = tempDir('scorm-tester-attempts-');
  cpSync(join(FIXTURES_DIR, 'courses/seq-flow'), pkg, { recursive: true });
  // Every SCO of the course makes one refused SetValue (407) right after Initialize.
  appendFileSync(join(pkg, 'sco.js'), "\napi.SetValue('cmi.score.scaled', '50');\n");

  const first = await open(pkg, { new_attempt: true });
  await call('scorm_sn_init', { session_id: first.session_id });
  const three = await call<{ delivered?: { activity_id: string } }>('scorm_nav_choice', {
    session_id: first.session_id,
    targetId: 'three',
  });
  assert.equal(three.delivered?.activity_id, 'three');
  // "one" ran twice: once as the launch scorm_sn_init replaced (no anomaly), once delivered (attempt 1).
  assert.deepEqual(await rejected(first.session_id), [
    ['one', 1, []],
    ['three', 1, []],
  ]);
  const closed = await call<{ exit: string | null; exit_set_by: string | null }>('scorm_close_course', {
    session_id: first.session_id,
  });
  // Three sets cmi.exit "suspend" in its own unload handler.
  assert.deepEqual([closed.exit, closed.exit_set_by], ['suspend', 'course']);

  const again = await open(pkg);
  assert.equal(again.entry, 'resume', again.fresh_start_reason ?? '');
  assert.deepEqual(await rejected(again.session_id), [['three', 1, []]], 'the resumed attempt of three');
  await call('scorm_close_course', { session_id: again.session_id });
});

test('a sequenced close answers the exit the attempt ended with: "suspend" the close set, or the course`s own', async () => {
  const flow = join(FIXTURES_DIR, 'courses/seq-flow');
  // "one" never sets cmi.exit nor terminates: the close ends its attempt with exit "suspend".
  const first = await open(flow, { new_attempt: true });
  await call('scorm_sn_init', { session_id: first.session_id });
  const byTester = await call<{ exit: string | null; exit_set_by: string | null }>('scorm_close_course', {
    session_id: first.session_id,
  });
  assert.deepEqual([byTester.exit, byTester.exit_set_by], ['suspend', 'tester']);
  // "three" sets cmi.exit "suspend" in its own unload handler.
  const second = await open(flow, { new_attempt: true });
  await call('scorm_sn_init', { session_id: second.session_id });
  await call('scorm_nav_choice', { session_id: second.session_id, targetId: 'three' });
  const byCourse = await call<{ exit: string | null; exit_set_by: string | null }>('scorm_close_course', {
    session_id: second.session_id,
  });
  assert.deepEqual([byCourse.exit, byCourse.exit_set_by], ['suspend', 'course']);
});
