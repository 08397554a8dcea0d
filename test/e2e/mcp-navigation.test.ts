/**
 * Sequencing and navigation of multi-SCO courses end to end: the real MCP server over stdio (the
 * SDK's client), our SN engine deciding, real SCOs in Chromium. Fixtures: test/fixtures/courses/seq-*.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedState } from '../../src/session/saved-state.js';
import type { NavOutcome, NavStateView, SnInitResult } from '../../src/session/navigation/types.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { allSessionEvents } from '../helpers/session-events.js';
import { writePackage } from '../helpers/course-builder.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { courseTextOf, spelledOut } from '../helpers/course-text.js';

const FLOW = join(FIXTURES_DIR, 'courses/seq-flow');
const CHOICE = join(FIXTURES_DIR, 'courses/seq-choice');
const GLOBAL = join(FIXTURES_DIR, 'courses/seq-global');
const SINGLE = join(FIXTURES_DIR, 'courses/scorm12-single');

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
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await state(id);
    if (ok(s) || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const scoRequests = async (id: string) =>
  (await allSessionEvents(server.client, id)).filter(
    (e) => e.type === 'sequencing:request' && e.payload?.source === 'sco',
  );

test('flow: start delivers the first SCO, next unloads a SCO that never terminates, the SCO-set continue is acted on at Terminate', async () => {
  const { id, init } = await openSequenced(FLOW, { new_attempt: true });
  assert.equal(init.success, true);
  assert.equal(init.how, 'start');
  assert.equal(init.outcome.delivered?.activity_id, 'one');
  assert.equal(await getValue(id, 'adl.nav.request_valid.continue'), 'true');
  assert.equal(await getValue(id, 'adl.nav.request_valid.previous'), 'false');
  assert.equal(await getValue(id, 'adl.nav.request_valid.choice.{target=three}'), 'true');

  const next = await call<NavOutcome>('scorm_nav_next', { session_id: id });
  assert.equal(next.success, true, next.message ?? '');
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
  assert.equal(prev.success, true, prev.message ?? '');
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
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await scoRequests(id);
      if (r.length > 0 || Date.now() > deadline) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  assert.equal(requests[0]?.payload?.outcome, 'denied');
  const payload = (requests[0]?.payload ?? {}) as { message?: string };
  assert.match(spelledOut(payload, String(payload.message)), /not valid, because .*"nowhere"/);
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

test('the navigation state: TOC with visibility, status, attempts and why an entry cannot be chosen; hidden LMS controls; denied requests are answers', async () => {
  const { id, init } = await openSequenced(CHOICE, { new_attempt: true });
  // Flow is off at the root: start finds nothing, so the first choosable leaf is delivered, as an LMS with a TOC would.
  assert.equal(init.how, 'choice');
  assert.equal(init.outcome.delivered?.activity_id, 'lesson');
  const nav = await state(id);
  assert.equal(nav.sn_available, true);
  assert.equal(nav.current_activity, 'lesson');
  assert.equal(nav.toc_enabled, true);
  const entry = (tocId: string) => nav.toc.find((e) => e.id === tocId);
  assert.equal(entry('lesson')?.attempt_count, 1);
  assert.equal(entry('lesson')?.title, 'Lesson');
  assert.equal(entry('invisible')?.visible, false);
  assert.equal(entry('secret')?.hidden_from_choice, true);
  assert.equal(entry('secret')?.can_choose, false);
  assert.ok(entry('secret')?.why_not);
  assert.equal(entry('locked')?.can_choose, false);
  assert.match(entry('locked')?.why_not ?? '', /disabled/i);
  assert.equal(nav.valid_requests.continue?.valid, false);
  assert.ok(nav.valid_requests.continue?.message);

  const next = await call<NavOutcome>('scorm_nav_next', { session_id: id });
  assert.equal(next.success, false);
  assert.equal(next.applicable, true);
  assert.equal(next.outcome, 'denied');
  assert.match(next.message ?? '', /^not valid, because /);
  assert.equal(next.unloaded, null, 'a denied request leaves the SCO running');

  for (const target of ['secret', 'locked', 'no-such-activity']) {
    const denied = await call<NavOutcome>('scorm_nav_choice', { session_id: id, targetId: target });
    assert.equal(denied.success, false, target);
    assert.equal(denied.outcome, 'denied', target);
    assert.match(denied.message ?? '', /^not valid, because /, target);
    assert.ok(denied.code, target);
  }
  assert.equal((await state(id)).current_activity, 'lesson', 'denials change nothing');

  const kiosk = await call<NavOutcome>('scorm_nav_choice', { session_id: id, targetId: 'kiosk' });
  assert.equal(kiosk.delivered?.activity_id, 'kiosk');
  const hidden = await state(id);
  assert.deepEqual([...hidden.hidden_lms_controls].sort(), ['continue', 'previous']);
  assert.equal(hidden.toc.find((e) => e.id === 'lesson')?.attempt_count, 1);
  await call('scorm_close_course', { session_id: id });
});

test('suspendAll → close → reopen → resumeAll lands on the suspended activity with its cmi data', async () => {
  const first = await openSequenced(FLOW, { new_attempt: true });
  const three = await call<NavOutcome>('scorm_nav_choice', { session_id: first.id, targetId: 'three' });
  assert.equal(three.delivered?.activity_id, 'three');
  assert.equal(await getValue(first.id, 'cmi.location'), 'three-page-5');
  const closed = await call<{ success: boolean; saved_state_path: string }>('scorm_close_course', {
    session_id: first.id,
  });
  assert.equal(closed.success, true);
  const saved = JSON.parse(readFileSync(closed.saved_state_path, 'utf8')) as SavedState;
  assert.equal(saved.activities.find((a) => a.sco_id === 'three')?.data['cmi.location'], 'three-page-5');
  assert.ok(saved.sequencing, 'the tracking state is saved');

  const again = await openSequenced(FLOW);
  assert.equal(again.init.how, 'resumeAll');
  assert.equal(again.init.restored, true);
  assert.equal(again.init.outcome.delivered?.activity_id, 'three');
  assert.equal(again.init.outcome.delivered?.entry, 'resume');
  assert.equal(await getValue(again.id, 'cmi.entry'), 'resume');
  assert.equal(await getValue(again.id, 'cmi.location'), 'three-page-5');
  const nav = await state(again.id);
  assert.equal(nav.current_activity, 'three');
  assert.equal(
    nav.toc.find((e) => e.id === 'one')?.attempt_count,
    1,
    'the start delivery of one is remembered',
  );
  await call('scorm_close_course', { session_id: again.id });
});

test('a global objective and an adl.data bucket written by SCO A are read by SCO B, and persist for the learner', async () => {
  const { id, init } = await openSequenced(GLOBAL, { new_attempt: true });
  assert.equal(init.outcome.delivered?.activity_id, 'a');
  // A passes, then asks for continue at Terminate: B is delivered and reads the global objective.
  const nav = await stateWhen(id, (s) => s.current_activity === 'b');
  assert.equal(nav.current_activity, 'b');
  assert.equal(await getValue(id, 'cmi.objectives.0.id'), 'obj-b');
  assert.equal(await getValue(id, 'cmi.objectives.0.success_status'), 'passed');
  assert.equal(await getValue(id, 'adl.data.0.id'), 'com.example.bucket');
  assert.equal(await getValue(id, 'adl.data.0.store'), 'written-by-a', 'the adl.data bucket A wrote');
  await call('scorm_close_course', { session_id: id });
  const learnerFiles = readdirSync(join(server.dataDir, 'scorm-sessions')).filter((f) =>
    f.includes('_learner_'),
  );
  assert.equal(learnerFiles.length, 1);
  const learner = JSON.parse(
    readFileSync(join(server.dataDir, 'scorm-sessions', learnerFiles[0]!), 'utf8'),
  ) as {
    global_objectives: Record<string, { satisfied?: boolean }>;
    shared_data: Record<string, string>;
  };
  assert.equal(learner.global_objectives['com.example.g-obj']?.satisfied, true);
  assert.equal(learner.shared_data['com.example.bucket'], 'written-by-a');

  // A new attempt on the course still reads the learner's global objective.
  const fresh = await openSequenced(GLOBAL, { new_attempt: true });
  const b = await call<NavOutcome>('scorm_nav_choice', { session_id: fresh.id, targetId: 'b' });
  assert.equal(b.delivered?.activity_id, 'b');
  assert.equal(await getValue(fresh.id, 'cmi.objectives.0.success_status'), 'passed');
  assert.equal(await getValue(fresh.id, 'adl.data.0.store'), 'written-by-a');
  await call('scorm_close_course', { session_id: fresh.id });
});

test('a corrupt saved sequencing state is SESSION_STATE_CORRUPT with both ways out; sn_reset and new_attempt start over', async () => {
  const first = await openSequenced(FLOW, { new_attempt: true });
  const closed = await call<{ saved_state_path: string }>('scorm_close_course', { session_id: first.id });
  const saved = JSON.parse(readFileSync(closed.saved_state_path, 'utf8')) as SavedState;
  for (const broken of [
    { format: 'scorm-tester/sequencing@1', tracking: { activities: 42 } },
    { format: 'other' },
  ]) {
    writeFileSync(closed.saved_state_path, JSON.stringify({ ...saved, sequencing: broken }));
    const opened = await call<{ session_id: string }>('scorm_open_course', { package_path: FLOW });
    const error = await callToolError(server.client, 'scorm_sn_init', { session_id: opened.session_id });
    assert.equal(error.error_code, 'SESSION_STATE_CORRUPT');
    assert.match(error.message, /new_attempt: true/);
    assert.match(error.message, /scorm_clear_saved_data/);
    // The session stays usable: a reset starts the course over.
    const reset = await call<SnInitResult>('scorm_sn_reset', { session_id: opened.session_id });
    assert.equal(reset.success, true);
    assert.equal(reset.outcome.delivered?.activity_id, 'one');
    await call('scorm_close_course', { session_id: opened.session_id });
  }
});

test('single-SCO courses and sessions before scorm_sn_init answer sn_available/applicable false with not_applicable SINGLE_SCO / SN_NOT_INITIALIZED', async () => {
  const single = await call<{ session_id: string }>('scorm_open_course', { package_path: SINGLE });
  const init = await call<{
    success: boolean;
    sn_available: boolean;
    not_applicable?: { code: string; message: string };
  }>('scorm_sn_init', {
    session_id: single.session_id,
  });
  assert.deepEqual(
    [init.success, init.sn_available, init.not_applicable?.code],
    [false, false, 'SINGLE_SCO'],
  );
  const stateSingle = await call<{
    sn_available: boolean;
    not_applicable?: { code: string; message: string };
  }>('scorm_nav_get_state', {
    session_id: single.session_id,
  });
  assert.deepEqual([stateSingle.sn_available, stateSingle.not_applicable?.code], [false, 'SINGLE_SCO']);
  await call('scorm_close_course', { session_id: single.session_id });

  const multi = await call<{ session_id: string }>('scorm_open_course', {
    package_path: FLOW,
    new_attempt: true,
  });
  for (const [tool, args] of [
    ['scorm_nav_next', {}],
    ['scorm_nav_previous', {}],
    ['scorm_nav_choice', { targetId: 'two' }],
  ] as const) {
    const r = await call<{
      success: boolean;
      applicable: boolean;
      not_applicable?: { code: string; message: string };
    }>(tool, {
      session_id: multi.session_id,
      ...args,
    });
    assert.deepEqual(
      [r.success, r.applicable, r.not_applicable?.code],
      [false, false, 'SN_NOT_INITIALIZED'],
      tool,
    );
  }
  const s = await call<{
    sn_available: boolean;
    not_applicable: { code: string; message: string };
  }>('scorm_nav_get_state', {
    session_id: multi.session_id,
  });
  assert.equal(s.sn_available, false);
  assert.equal(s.not_applicable.code, 'SN_NOT_INITIALIZED');
  assert.match(s.not_applicable.message, /scorm_sn_init/);
  await call('scorm_close_course', { session_id: multi.session_id });
  const closedRuntime = await callToolError(server.client, 'scorm_nav_next', {
    session_id: multi.session_id,
  });
  assert.equal(closedRuntime.error_code, 'SESSION_CLOSED');
});

test('SCORM 1.2 multi-SCO: flow through the organization and adlcp:prerequisites honoured', async () => {
  const { id, init } = await openSequenced(join(FIXTURES_DIR, 'courses/scorm12-multi'), {
    new_attempt: true,
  });
  assert.equal(init.success, true);
  assert.equal(init.outcome.delivered?.activity_id, 'intro');
  const early = await call<NavOutcome>('scorm_nav_choice', { session_id: id, targetId: 'quiz' });
  assert.equal(early.success, false);
  assert.match(early.message ?? '', /prerequisite/i);
  const next = await call<NavOutcome>('scorm_nav_next', { session_id: id });
  assert.equal(next.success, true, next.message ?? '');
  assert.equal(next.unloaded?.terminated_by, 'course', 'the 1.2 SCO calls LMSFinish in its unload handler');
  assert.equal(next.delivered?.activity_id, 'types');
  const nav = await state(id);
  assert.equal(nav.toc.find((e) => e.id === 'intro')?.completion_status, 'completed');
  await call('scorm_close_course', { session_id: id });
});

test('a manifest whose sequencing cannot run (dangling IDRef) fails scorm_sn_init with SN_INIT_FAILED; the session stays usable', async () => {
  const pkg = writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.dangling" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Dangling</title>
    <item identifier="a" identifierref="r"><title>A</title><imsss:sequencing IDRef="no-such-set"/></item>
    <item identifier="b" identifierref="r"><title>B</title></item>
  </organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="a.html"><file href="a.html"/></resource></resources>
</manifest>`,
    'a.html': '<!DOCTYPE html><html><body>a</body></html>',
  });
  const opened = await call<{ session_id: string }>('scorm_open_course', { package_path: pkg });
  const error = await callToolError(server.client, 'scorm_sn_init', { session_id: opened.session_id });
  assert.equal(error.error_code, 'SN_INIT_FAILED');
  assert.doesNotMatch(error.message, /no-such-set/, 'the manifest words only in course_text');
  assert.match(courseTextOf((error.data.details ?? {}) as object, 'problems'), /no-such-set/);
  const s = await call<{ sn_available: boolean }>('scorm_nav_get_state', { session_id: opened.session_id });
  assert.equal(s.sn_available, false);
  await call('scorm_close_course', { session_id: opened.session_id });
});
