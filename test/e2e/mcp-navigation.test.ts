/**
 * Sequencing and navigation of multi-SCO courses end to end: the real MCP server over stdio (the
 * SDK's client), our SN engine deciding, real SCOs in Chromium. Fixtures: test/fixtures/courses/seq-*.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { NavOutcome, NavStateView, SnInitResult } from '../../src/session/navigation/types.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const FLOW = join(FIXTURES_DIR, 'courses/seq-flow');

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const call = <T = Record<string, unknown>>(name: string, args: Record<string, unknown>) =>
  callTool<T>(server.client, name, args);

async function openSequenced(pkg: string, extra: Record<string, unknown> = {}) {
  const opened = await call<{ session_id: string }>('scorm_open_course', { package_path: pkg, ...extra });
  const init = await call<SnInitResult>('scorm_sn_init', { session_id: opened.session_id });
  return { id: opened.session_id, init };
}
const state = (id: string) => call<NavStateView>('scorm_nav_get_state', { session_id: id });
const getValue = async (id: string, element: string) =>
  (await call<{ result: string }>('scorm_api_call', { session_id: id, method: 'GetValue', args: [element] }))
    .result;
/** Polls the navigation state until `ok` holds (a SCO acting on its own, on a timer). */
async function stateWhen(id: string, ok: (s: NavStateView) => boolean): Promise<NavStateView> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const s = await state(id);
    if (ok(s) || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const scoRequests = async (id: string) =>
  (
    await call<{ events: Array<{ type: string; payload?: Record<string, unknown> }> }>(
      'scorm_session_events',
      {
        session_id: id,
        max_events: 5000,
      },
    )
  ).events.filter((e) => e.type === 'sequencing:request' && e.payload?.source === 'sco');

test('flow: start delivers the first SCO, next unloads a SCO that never terminates, the SCO-set continue is acted on at Terminate', async () => {
  const { id, init } = await openSequenced(FLOW, { new_attempt: true });
  assert.equal(init.success, true);
  assert.equal(init.how, 'start');
  assert.equal(init.outcome.delivered?.activity_id, 'one');
  assert.equal(await getValue(id, 'adl.nav.request_valid.continue'), 'true');
  assert.equal(await getValue(id, 'adl.nav.request_valid.previous'), 'false');
  assert.equal(await getValue(id, 'adl.nav.request_valid.choice.{target=three}'), 'true');

  const next = await call<NavOutcome>('scorm_nav_next', { session_id: id });
  assert.equal(next.success, true, next.reason ?? '');
  assert.equal(next.applicable, true);
  assert.deepEqual(next.unloaded, { activity_id: 'one', terminated_by: 'tester', ignored_nav_request: null });
  assert.equal(next.delivered?.activity_id, 'two');
  assert.equal(next.delivered?.entry, 'ab-initio');

  // two sets adl.nav.request=continue and terminates by itself: three is delivered.
  const nav = await stateWhen(id, (s) => s.current_activity === 'three');
  assert.equal(nav.current_activity, 'three');
  assert.equal((await scoRequests(id))[0]?.payload?.request, 'continue');
  assert.equal(nav.delivered?.activity_id, 'three');
  const one = nav.toc.find((e) => e.id === 'one');
  assert.equal(one?.completion_status, 'completed');
  assert.equal(one?.attempt_count, 1);
  assert.equal(await getValue(id, 'cmi.location'), 'three-page-5');

  // three leaves a choice pending and terminates in its unload handler: an LMS-side previous wins.
  const prev = await call<NavOutcome>('scorm_nav_previous', { session_id: id });
  assert.equal(prev.success, true, prev.reason ?? '');
  assert.deepEqual(prev.unloaded, {
    activity_id: 'three',
    terminated_by: 'course',
    ignored_nav_request: '{target=one}choice',
  });
  assert.equal(prev.delivered?.activity_id, 'two');
  await call('scorm_close_course', { session_id: id });
});

test('a SCO that sets an invalid adl.nav.request: the SetValue fails, a choice of an unknown activity is denied at Terminate, the session stays usable', async () => {
  const { id } = await openSequenced(FLOW, { new_attempt: true });
  const choice = await call<NavOutcome>('scorm_nav_choice', { session_id: id, targetId: 'four' });
  assert.equal(choice.delivered?.activity_id, 'four');
  const requests = await (async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const r = await scoRequests(id);
      if (r.length > 0 || Date.now() > deadline) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  assert.equal(requests[0]?.payload?.outcome, 'denied');
  assert.match(String(requests[0]?.payload?.reason), /not valid, because .*nowhere/);
  const nav = await state(id);
  assert.equal(nav.current_activity, 'four');
  const calls = await call<{ calls: Array<{ method: string; args: unknown[]; result: string }> }>(
    'scorm_debug_api_calls',
    { session_id: id },
  );
  const bad = calls.calls.find((c) => c.method === 'SetValue' && c.args[1] === 'go-somewhere');
  assert.equal(bad?.result, 'false');
  const back = await call<NavOutcome>('scorm_nav_choice', { session_id: id, targetId: 'one' });
  assert.equal(back.delivered?.activity_id, 'one');
  await call('scorm_close_course', { session_id: id });
});
