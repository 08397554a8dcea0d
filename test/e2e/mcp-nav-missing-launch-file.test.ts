/**
 * Issue 19 review P1 over MCP: a delivery whose launch file is missing begins no attempt (SN book DB.2:
 * the attempt begins with the delivery), sets no status, leaves the current activity and its SCO
 * running, and is in the sequencing trace with its error, for continue, choice, jump and previous alike.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { missingLaunchCourse } from '../helpers/missing-launch-course.js';
import { spelledOut } from '../helpers/course-text.js';

interface Outcome {
  outcome: string;
  code: string | null;
  message: string | null;
  unloaded: { activity_id: string } | null;
  delivered: { activity_id: string } | null;
}
interface State {
  current_activity: string | null;
  valid_requests: Record<string, { valid: boolean; code?: string }>;
  toc: Array<{
    id: string;
    can_choose: boolean;
    attempt_count: number;
    active: boolean;
    completion_status: string;
    success_status: string;
  }>;
  delivered: { activity_id: string; initialize_state: string } | null;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
});

test('a missing launch file: no attempt, no status, the SCO keeps running, the refusal is traced', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: missingLaunchCourse(),
    new_attempt: true,
  });
  const call = <T>(tool: string, args: Record<string, unknown> = {}) =>
    callTool<T>(server.client, tool, { session_id, ...args });
  const untouched = (state: State) => {
    const b = state.toc.find((e) => e.id === 'b');
    assert.deepEqual(
      [b?.attempt_count, b?.active, b?.completion_status, b?.success_status, b?.can_choose],
      [0, false, 'unknown', 'unknown', false],
      JSON.stringify(b),
    );
  };
  const refused = (out: Outcome, what: string) => {
    assert.equal(out.outcome, 'denied', `${what}: ${JSON.stringify(out)}`);
    assert.equal(out.code, 'MANIFEST_LAUNCH_NOT_FOUND', what);
    assert.match(spelledOut(out, out.message ?? ''), /"lesson2\.html"/, what);
    assert.doesNotMatch(out.message ?? '', /lesson2\.html/, `${what}: the file name only in course_text`);
    assert.equal(out.unloaded, null, `${what} unloads nothing`);
  };
  try {
    await call('scorm_sn_init');
    const before = await call<State>('scorm_nav_get_state');
    assert.equal(before.current_activity, 'a');
    assert.equal(before.valid_requests['continue']?.valid, false, JSON.stringify(before.valid_requests));
    assert.equal(before.valid_requests['continue']?.code, 'MANIFEST_LAUNCH_NOT_FOUND');
    const asked = await call<{ result: string }>('scorm_api_call', {
      method: 'GetValue',
      args: ['adl.nav.request_valid.continue'],
    });
    assert.equal(asked.result, 'false', 'the SCO hears the same answer');

    refused(await call<Outcome>('scorm_nav_next'), 'continue');
    const after = await call<State>('scorm_nav_get_state');
    assert.equal(after.current_activity, 'a');
    assert.equal(after.delivered?.activity_id, 'a');
    assert.equal(after.delivered?.initialize_state, 'initialized', 'a is still running');
    untouched(after);
    refused(await call<Outcome>('scorm_nav_choice', { targetId: 'b' }), 'choice');
    refused(await call<Outcome>('scorm_nav_request', { request: 'jump', target: 'b' }), 'jump');

    assert.equal((await call<Outcome>('scorm_nav_choice', { targetId: 't' })).delivered?.activity_id, 't');
    refused(await call<Outcome>('scorm_nav_previous'), 'previous');
    untouched(await call<State>('scorm_nav_get_state'));

    const trace = await call<{ denials: Array<{ navigation_request: string; code: string }> }>(
      'scorm_trace_sequencing',
    );
    const denied = trace.denials
      .filter((d) => d.code === 'MANIFEST_LAUNCH_NOT_FOUND')
      .map((d) => d.navigation_request);
    assert.deepEqual(denied, ['continue', 'choice:b', 'jump:b', 'previous'], JSON.stringify(trace.denials));
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id });
  }
});

test('a launch file removed after sequencing started: the player refuses it, and the delivery is undone', async () => {
  const dir = missingLaunchCourse(true);
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: dir,
    new_attempt: true,
  });
  const call = <T>(tool: string, args: Record<string, unknown> = {}) =>
    callTool<T>(server.client, tool, { session_id, ...args });
  try {
    await call('scorm_sn_init');
    rmSync(join(dir, 'lesson2.html'));
    const next = await call<Outcome>('scorm_nav_next');
    assert.equal(next.outcome, 'denied', JSON.stringify(next));
    assert.equal(next.code, 'MANIFEST_LAUNCH_NOT_FOUND');
    assert.match(spelledOut(next, next.message ?? ''), /"lesson2\.html"/);
    assert.doesNotMatch(next.message ?? '', /lesson2\.html/, 'the file name only in course_text');
    assert.equal(next.unloaded?.activity_id, 'a', 'a was unloaded before the player found the file missing');
    const state = await call<State>('scorm_nav_get_state');
    assert.equal(state.current_activity, 'a', 'the current activity stays what it was');
    const b = state.toc.find((e) => e.id === 'b');
    assert.deepEqual(
      [b?.attempt_count, b?.active, b?.completion_status, b?.success_status],
      [0, false, 'unknown', 'unknown'],
      JSON.stringify(b),
    );
    assert.equal(state.toc.find((e) => e.id === 'a')?.completion_status, 'completed', "a's data is kept");
    const trace = await call<{ denials: Array<{ navigation_request: string; code: string }> }>(
      'scorm_trace_sequencing',
    );
    assert.ok(
      trace.denials.some(
        (d) => d.navigation_request === 'continue' && d.code === 'MANIFEST_LAUNCH_NOT_FOUND',
      ),
      JSON.stringify(trace.denials),
    );
    // The course goes on: a choice of the post-test delivers it.
    assert.equal((await call<Outcome>('scorm_nav_choice', { targetId: 't' })).delivered?.activity_id, 't');
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id });
  }
});
