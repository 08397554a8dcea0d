/**
 * Resume of courses that bookmark the way real exports do (issue 19): Storyline, iSpring, Adapt and
 * Captivate keep their place in cmi.suspend_data and never set a location. Suspended, closed and
 * reopened through the real MCP server, each must come back where the learner was, with entry
 * "resume", and keep it across further closes. Fixtures: test/helpers/authoring-tool-courses.ts.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { SavedState } from '../../src/session/saved-state.js';
import { authoringToolCourse, type AuthoringTool } from '../helpers/authoring-tool-courses.js';
import { writePackage } from '../helpers/course-builder.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';

interface Opened {
  session_id: string;
  sco_id: string | null;
  resumed: boolean;
  entry: string;
  fresh_start_reason?: string;
  learner_data?: string[];
}
interface Closed {
  success: boolean;
  saved_state_path: string | null;
  exit: string | null;
  exit_set_by: string | null;
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
const close = (id: string) => call<Closed>('scorm_close_course', { session_id: id });
const text = async (id: string, selector: string) =>
  (
    await call<{ result: unknown }>('scorm_dom_evaluate', {
      session_id: id,
      expression: `document.querySelector(${JSON.stringify(selector)}).textContent`,
    })
  ).result;
const next = (id: string) =>
  call('scorm_dom_click', { session_id: id, selector: '#next', options: { wait_timeout_ms: 20_000 } });
const getValue = async (id: string, element: string) =>
  (await call<{ result: string }>('scorm_api_call', { session_id: id, method: 'GetValue', args: [element] }))
    .result;

const CASES: Array<[AuthoringTool, '1.2' | '2004']> = [
  ['storyline', '2004'],
  ['storyline', '1.2'],
  ['ispring', '1.2'],
  ['adapt', '2004'],
  ['captivate', '2004'],
];

for (const [tool, version] of CASES) {
  test(`${tool} (SCORM ${version}): suspend_data only → close → reopen resumes with entry=resume and its data, and keeps it across closes`, async () => {
    const pkg = authoringToolCourse(tool, version);
    const entryElement = version === '1.2' ? 'cmi.core.entry' : 'cmi.entry';
    const locationElement = version === '1.2' ? 'cmi.core.lesson_location' : 'cmi.location';

    const first = await open(pkg);
    assert.equal(first.resumed, false);
    assert.equal(first.fresh_start_reason, 'no_saved_state');
    await next(first.session_id);
    await next(first.session_id);
    assert.equal(await text(first.session_id, '#slide'), 'slide 3');
    const suspendData = await getValue(first.session_id, 'cmi.suspend_data');
    assert.notEqual(suspendData, '');
    const closed = await close(first.session_id);
    assert.equal(closed.success, true);
    assert.equal(closed.exit, 'suspend');
    assert.equal(closed.exit_set_by, tool === 'ispring' ? 'tester' : 'course');
    const saved = JSON.parse(readFileSync(closed.saved_state_path!, 'utf8')) as SavedState;
    assert.equal(
      saved.activities[0]?.data[locationElement] ?? '',
      '',
      'the course never bookmarks in the location',
    );

    for (const round of ['reopened', 'reopened after a close with no change']) {
      const again = await open(pkg);
      assert.equal(again.resumed, true, `${round}: ${again.fresh_start_reason ?? ''}`);
      assert.equal(again.entry, 'resume');
      assert.ok(again.learner_data?.includes('cmi.suspend_data'), round);
      assert.equal(await getValue(again.session_id, entryElement), 'resume', round);
      assert.equal(await getValue(again.session_id, 'cmi.suspend_data'), suspendData, round);
      assert.equal(
        await text(again.session_id, '#slide'),
        'slide 3',
        `${round}: the course is back where it was`,
      );
      assert.equal(await text(again.session_id, '#entry'), 'resume', round);
      assert.equal((await close(again.session_id)).success, true, round);
    }

    const further = await open(pkg);
    await next(further.session_id);
    assert.equal(await text(further.session_id, '#slide'), 'slide 4');
    await close(further.session_id);
    const last = await open(pkg);
    assert.equal(await text(last.session_id, '#slide'), 'slide 4', 'progress made after a resume is kept');
    await close(last.session_id);
  });
}

test('an attempt that ended (Adapt-like course completed, exit left empty) starts a new attempt; the old one is kept, not overwritten', async () => {
  const pkg = authoringToolCourse('adapt', '2004', ['finale']);
  const first = await open(pkg);
  for (let i = 0; i < 7; i++) await next(first.session_id);
  const completed = await getValue(first.session_id, 'cmi.suspend_data');
  assert.match(String(completed), /"11111111"/);
  const closed = await close(first.session_id);
  assert.equal(closed.exit, '', 'a complete course quits without suspending');

  const again = await call<
    Opened & { previous_exit?: string; previous_attempt?: { learner_data: string[] } }
  >('scorm_open_course', { package_path: pkg });
  assert.equal(again.resumed, false);
  assert.equal(again.fresh_start_reason, 'exit_not_suspend');
  assert.equal(again.previous_exit, '');
  assert.deepEqual(again.previous_attempt?.learner_data.sort(), [
    'cmi.completion_status',
    'cmi.suspend_data',
  ]);
  assert.equal(await getValue(again.session_id, 'cmi.entry'), 'ab-initio');
  assert.equal(await text(again.session_id, '#slide'), 'slide 1');
  await next(again.session_id);
  const closedAgain = await close(again.session_id);
  const saved = JSON.parse(readFileSync(closedAgain.saved_state_path!, 'utf8')) as SavedState;
  const activity = saved.activities.find((a) => a.sco_id === 'finale');
  assert.match(activity?.data['cmi.suspend_data'] ?? '', /"11000000"/, 'the new attempt is saved');
  assert.equal(
    activity?.previous_attempts?.[0]?.data['cmi.suspend_data'],
    completed,
    'the ended attempt is kept as a previous attempt',
  );
});

test('a SCO closed right after Initialize (suspended by the tester, nothing written) starts fresh: suspended_without_data', async () => {
  const pkg = writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.init-only" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Init only</title>
    <item identifier="only" identifierref="r"><title>Only</title></item>
  </organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`,
    'index.html':
      "<!DOCTYPE html><html><head><title>Init only</title></head><body><script>var w=window,n=0;while(!w.API_1484_11&&w.parent&&w.parent!==w&&n<50){n++;w=w.parent;}w.API_1484_11.Initialize('');</script></body></html>",
  });
  const first = await open(pkg);
  const closed = await close(first.session_id);
  assert.equal(closed.exit, 'suspend');
  assert.equal(closed.exit_set_by, 'tester');
  const again = await call<Opened & { previous_attempt?: unknown }>('scorm_open_course', {
    package_path: pkg,
  });
  assert.equal(again.resumed, false);
  assert.equal(again.fresh_start_reason, 'suspended_without_data');
  assert.equal(again.previous_attempt, undefined, 'there was nothing to keep');
  await close(again.session_id);
});
