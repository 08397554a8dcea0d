/**
 * Multi-SCO courses reopen where the learner left (issue 19): scorm_open_course on a course suspended
 * at its second SCO launches that SCO through sequencing's resumeAll, with its data and entry=resume,
 * and no other SCO runs first. SCORM 2004 (seq-flow fixture) and SCORM 1.2 (a Storyline-like
 * two-SCO course), with and without sequencing started before the close.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedState } from '../../src/session/saved-state.js';
import type { NavOutcome, NavStateView, SnInitResult } from '../../src/session/navigation/types.js';
import { authoringToolCourse } from '../helpers/authoring-tool-courses.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { allSessionEvents } from '../helpers/session-events.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const FLOW = join(FIXTURES_DIR, 'courses/seq-flow');

interface Opened {
  session_id: string;
  sco_id: string | null;
  resumed: boolean;
  entry: string;
  fresh_start_reason?: string;
  sequencing?: { how: string; activity_id: string | null };
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
const close = (id: string) => call<{ success: boolean }>('scorm_close_course', { session_id: id });
const getValue = async (id: string, element: string) =>
  (await call<{ result: string }>('scorm_api_call', { session_id: id, method: 'GetValue', args: [element] }))
    .result;
const text = async (id: string, selector: string) =>
  (
    await call<{ result: unknown }>('scorm_dom_evaluate', {
      session_id: id,
      expression: `document.querySelector(${JSON.stringify(selector)}).textContent`,
    })
  ).result;
const next = (id: string) =>
  call('scorm_dom_click', { session_id: id, selector: '#next', options: { wait_timeout_ms: 20_000 } });
/** The SCO of every API call the session recorded. */
const callingScos = async (id: string) =>
  new Set(
    (await allSessionEvents(server.client, id))
      .filter((e) => e.type === 'debug:api_call')
      .map((e) => e.payload?.sco_id),
  );

test('SCORM 2004: suspended at SCO "three" (suspendAll on close), scorm_open_course reopens at "three" through resumeAll', async () => {
  const first = await open(FLOW, { new_attempt: true });
  await call<SnInitResult>('scorm_sn_init', { session_id: first.session_id });
  const three = await call<NavOutcome>('scorm_nav_choice', {
    session_id: first.session_id,
    targetId: 'three',
  });
  assert.equal(three.delivered?.activity_id, 'three');
  assert.equal((await close(first.session_id)).success, true);

  const again = await open(FLOW);
  assert.equal(again.sco_id, 'three', `reopened at ${again.sco_id} (${again.fresh_start_reason ?? ''})`);
  assert.equal(again.resumed, true);
  assert.equal(again.entry, 'resume');
  assert.deepEqual(again.sequencing, { how: 'resumeAll', activity_id: 'three' });
  assert.equal(await getValue(again.session_id, 'cmi.entry'), 'resume');
  assert.equal(await getValue(again.session_id, 'cmi.location'), 'three-page-5');
  assert.deepEqual([...(await callingScos(again.session_id))], ['three'], 'no other SCO ran before it');
  const nav = await call<NavStateView>('scorm_nav_get_state', { session_id: again.session_id });
  assert.equal(nav.current_activity, 'three');
  const init = await call<SnInitResult>('scorm_sn_init', { session_id: again.session_id });
  assert.equal(init.how, 'resumeAll', 'scorm_sn_init after such an open reports how sequencing started');
  assert.equal(init.outcome.delivered?.activity_id, 'three');
  await close(again.session_id);

  const fresh = await open(FLOW, { new_attempt: true });
  assert.equal(fresh.sco_id, 'one', 'new_attempt starts at the first SCO');
  assert.equal(fresh.sequencing, undefined);
  await close(fresh.session_id);
});

test('SCORM 1.2 multi-SCO: the second SCO suspended under sequencing reopens at that SCO with its data and cmi.core.entry=resume', async () => {
  const pkg = authoringToolCourse('storyline', '1.2', ['part1', 'part2']);
  const first = await open(pkg);
  const init = await call<SnInitResult>('scorm_sn_init', { session_id: first.session_id });
  assert.equal(init.outcome.delivered?.activity_id, 'part1');
  const moved = await call<NavOutcome>('scorm_nav_next', { session_id: first.session_id });
  assert.equal(moved.delivered?.activity_id, 'part2', moved.message ?? '');
  await next(first.session_id);
  await next(first.session_id);
  const suspendData = await getValue(first.session_id, 'cmi.suspend_data');
  await close(first.session_id);

  const again = await open(pkg);
  assert.equal(again.sco_id, 'part2', `reopened at ${again.sco_id} (${again.fresh_start_reason ?? ''})`);
  assert.equal(again.resumed, true);
  assert.equal(again.sequencing?.how, 'resumeAll');
  assert.equal(await getValue(again.session_id, 'cmi.core.entry'), 'resume');
  assert.equal(await getValue(again.session_id, 'cmi.suspend_data'), suspendData);
  assert.equal(await text(again.session_id, '#slide'), 'slide 3');
  assert.deepEqual([...(await callingScos(again.session_id))], ['part2']);
  await close(again.session_id);
});

test('SCORM 1.2 multi-SCO without sequencing: the SCO last left suspended is where scorm_open_course goes back to', async () => {
  const pkg = authoringToolCourse('storyline', '1.2', ['a', 'b', 'c']);
  const first = await open(pkg, { item_id: 'b' });
  await next(first.session_id);
  await next(first.session_id);
  await close(first.session_id);

  const again = await open(pkg);
  assert.equal(again.sco_id, 'b', `reopened at ${again.sco_id} (${again.fresh_start_reason ?? ''})`);
  assert.equal(again.resumed, true);
  assert.equal(await getValue(again.session_id, 'cmi.core.entry'), 'resume');
  assert.equal(await text(again.session_id, '#slide'), 'slide 3');
  await close(again.session_id);
});

test('a new attempt on a sequenced course keeps each activity’s saved attempt as a previous attempt when the new one is saved', async () => {
  const first = await open(FLOW, { new_attempt: true });
  await call('scorm_sn_init', { session_id: first.session_id });
  await call('scorm_nav_choice', { session_id: first.session_id, targetId: 'three' });
  const firstClosed = await call<{ saved_state_path: string }>('scorm_close_course', {
    session_id: first.session_id,
  });
  const before = JSON.parse(readFileSync(firstClosed.saved_state_path, 'utf8')) as SavedState;
  const kept = before.activities.find((a) => a.sco_id === 'three')?.previous_attempts?.length ?? 0;

  const fresh = await open(FLOW, { new_attempt: true });
  const init = await call<SnInitResult>('scorm_sn_init', { session_id: fresh.session_id });
  assert.equal(init.restored, false);
  const three = await call<NavOutcome>('scorm_nav_choice', {
    session_id: fresh.session_id,
    targetId: 'three',
  });
  assert.equal(three.delivered?.entry, 'ab-initio');
  const closed = await call<{ saved_state_path: string }>('scorm_close_course', {
    session_id: fresh.session_id,
  });
  const saved = JSON.parse(readFileSync(closed.saved_state_path, 'utf8')) as SavedState;
  const activity = saved.activities.find((a) => a.sco_id === 'three');
  assert.equal(activity?.data['cmi.entry'], 'ab-initio', 'the new attempt is saved');
  assert.equal(activity?.previous_attempts?.[0]?.data['cmi.location'], 'three-page-5', 'the old one is kept');
  assert.equal(
    activity?.previous_attempts?.length,
    Math.min(kept + 1, 5),
    'kept once, not on every save of the new attempt',
  );
});

test('scorm_session_open + scorm_runtime_open reopen a suspended sequenced course the same way (SCORM 1.2)', async () => {
  const pkg = authoringToolCourse('storyline', '1.2', ['part1', 'part2']);
  const first = await open(pkg, { new_attempt: true });
  await call('scorm_sn_init', { session_id: first.session_id });
  const moved = await call<NavOutcome>('scorm_nav_next', { session_id: first.session_id });
  assert.equal(moved.delivered?.activity_id, 'part2', moved.message ?? '');
  await next(first.session_id);
  await close(first.session_id);

  const session = await call<{ session_id: string }>('scorm_session_open', { package_path: pkg });
  const runtime = await call<Opened>('scorm_runtime_open', { session_id: session.session_id });
  assert.equal(runtime.sco_id, 'part2');
  assert.equal(runtime.resumed, true);
  assert.deepEqual(runtime.sequencing, { how: 'resumeAll', activity_id: 'part2' });
  assert.equal(await getValue(session.session_id, 'cmi.core.entry'), 'resume');
  assert.equal(await text(session.session_id, '#slide'), 'slide 2');
  await call('scorm_session_close', { session_id: session.session_id });
});
