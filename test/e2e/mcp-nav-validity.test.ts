/**
 * Issue 19 over MCP: the validity answers (scorm_nav_get_state, the SCO's adl.nav.request_valid.*) say
 * what the request then does, a refused request leaves the SCO running, a launch that cannot happen
 * is a traced denial without an attempt, exit on a post-test retries it and retryAll starts over.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { navValidityCourse } from '../helpers/nav-validity-course.js';

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
  controls: Record<string, { enabled: boolean }>;
  toc: Array<{ id: string; can_choose?: boolean; attempt_count?: number }>;
  delivered: { activity_id: string; initialize_state: string } | null;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
});

test('scorm_nav_*: validity matches the outcome, refusals keep the SCO, launch failures are traced, exit retries, retryAll restarts', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: navValidityCourse(),
    new_attempt: true,
  });
  const call = <T>(tool: string, args: Record<string, unknown> = {}) =>
    callTool<T>(server.client, tool, { session_id, ...args });
  try {
    await call('scorm_sn_init');
    assert.equal((await call<Outcome>('scorm_nav_next')).delivered?.activity_id, 'b');

    const state = await call<State>('scorm_nav_get_state');
    assert.equal(state.valid_requests['continue']?.valid, false, JSON.stringify(state.valid_requests));
    assert.equal(state.valid_requests['continue']?.code, 'SB.2.2-1');
    assert.equal(state.controls['continue']?.enabled, false);
    const asked = await call<{ result: string }>('scorm_api_call', {
      method: 'GetValue',
      args: ['adl.nav.request_valid.continue'],
    });
    assert.equal(asked.result, 'false', 'the SCO hears the same answer');

    const next = await call<Outcome>('scorm_nav_next');
    assert.equal(next.outcome, 'denied');
    assert.equal(next.code, 'SB.2.2-1');
    assert.equal(next.unloaded, null);
    const still = await call<State>('scorm_nav_get_state');
    assert.equal(still.delivered?.activity_id, 'b');
    assert.equal(still.delivered?.initialize_state, 'initialized', 'b is still running');

    const broken = await call<Outcome>('scorm_nav_choice', { targetId: 'broken' });
    assert.equal(broken.outcome, 'denied');
    assert.equal(broken.code, 'MANIFEST_LAUNCH_NOT_FOUND');
    assert.equal(broken.unloaded, null);
    const trace = await call<{ denials: Array<{ navigation_request: string; code: string }> }>(
      'scorm_trace_sequencing',
    );
    assert.ok(
      trace.denials.some(
        (d) => d.navigation_request === 'choice:broken' && d.code === 'MANIFEST_LAUNCH_NOT_FOUND',
      ),
      JSON.stringify(trace.denials),
    );

    assert.equal((await call<Outcome>('scorm_nav_choice', { targetId: 't' })).delivered?.activity_id, 't');
    const exit = await call<Outcome>('scorm_nav_request', { request: 'exit' });
    assert.equal(exit.outcome, 'delivered', JSON.stringify(exit));
    assert.equal(exit.delivered?.activity_id, 't');
    const retryAll = await call<Outcome>('scorm_nav_request', { request: 'retryAll' });
    assert.equal(retryAll.outcome, 'delivered', JSON.stringify(retryAll));
    assert.equal(retryAll.delivered?.activity_id, 'a');
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id });
  }
});
