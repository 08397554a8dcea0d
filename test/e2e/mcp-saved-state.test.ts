/**
 * Saved learner state end to end (issue 6, finding 4): per-SCO resume, the course's own exit, a close
 * that cannot save, the call cap, and no workspace left behind by a failed open. Real server over MCP,
 * real courses in Chromium.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedState } from '../../src/session/saved-state.js';
import { writePackage } from '../helpers/course-builder.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

const FIND_2004 =
  'function findApi(w){var n=0;while(!w.API_1484_11&&w.parent&&w.parent!==w&&n<50){n++;w=w.parent;}return w.API_1484_11;}var api=findApi(window);';
const FIND_12 =
  'function findApi(w){var n=0;while(!w.API&&w.parent&&w.parent!==w&&n<50){n++;w=w.parent;}return w.API;}var api=findApi(window);';
const page = (script: string, find = FIND_2004): string =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>SCO</title></head><body><p>SCO</p><script>${find}${script}</script></body></html>`;

/** intro suspends itself by leaving the exit empty; quiz only initializes; done exits "normal"; chatty makes 60 calls. */
function course2004(): string {
  const items = ['intro', 'quiz', 'done', 'done_terminates', 'chatty'];
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.state-2004" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>State</title>
    ${items.map((id) => `<item identifier="${id}" identifierref="r-${id}"><title>${id}</title></item>`).join('\n    ')}
  </organization></organizations>
  <resources>
    ${items.map((id) => `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="sco" href="${id}.html"><file href="${id}.html"/></resource>`).join('\n    ')}
  </resources>
</manifest>`,
    'intro.html': page(
      "api.Initialize('');api.SetValue('cmi.location','intro-page-3');api.SetValue('cmi.suspend_data','intro-data');",
    ),
    'quiz.html': page("api.Initialize('');"),
    'done.html': page(
      "api.Initialize('');api.SetValue('cmi.location','end');api.SetValue('cmi.exit','normal');",
    ),
    'done_terminates.html': page(
      "api.Initialize('');api.SetValue('cmi.location','end');api.SetValue('cmi.exit','normal');api.Terminate('');",
    ),
    'chatty.html': page("api.Initialize('');for(var i=0;i<60;i++){api.SetValue('cmi.location','p'+i);}"),
  });
}

function course12(): string {
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.state-12" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>State 1.2</title>
    <item identifier="lesson" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`,
    'index.html': page(
      "api.LMSInitialize('');api.LMSSetValue('cmi.core.lesson_location','p2');api.LMSSetValue('cmi.core.exit','logout');",
      FIND_12,
    ),
  });
}

interface Opened {
  session_id: string;
  resumed: boolean;
  fresh_start_reason?: string;
}
interface Closed {
  success: boolean;
  session_closed: boolean;
  saved_state_path: string | null;
  saved_from: 'engine' | 'record' | null;
  terminated_by: string;
  exit: string | null;
  exit_set_by: string | null;
  save_error: { error_code: string; message: string } | null;
}

let server: StartedServer;
let sessionsDir: string;
let COURSE: string;

before(async () => {
  sessionsDir = tempDir('scorm-tester-sessions-');
  server = await startServer({ SCORM_TESTER_SESSIONS_DIR: sessionsDir });
  COURSE = course2004();
});
after(async () => {
  await server.close();
});

const open = (s: StartedServer, item_id: string, extra: Record<string, unknown> = {}): Promise<Opened> =>
  callTool<Opened>(s.client, 'scorm_open_course', { package_path: COURSE, item_id, ...extra });
const close = (s: StartedServer, session_id: string): Promise<Closed> =>
  callTool<Closed>(s.client, 'scorm_close_course', { session_id });
const getValue = async (s: StartedServer, session_id: string, element: string): Promise<unknown> =>
  (
    await callTool<{ result: unknown }>(s.client, 'scorm_api_call', {
      session_id,
      method: 'GetValue',
      args: [element],
    })
  ).result;

test('a suspended SCO resumes only into itself: another SCO of the course starts ab-initio', async () => {
  const intro = await open(server, 'intro');
  assert.equal(intro.resumed, false);
  const closedIntro = await close(server, intro.session_id);

  const quiz = await open(server, 'quiz');
  assert.equal(await getValue(server, quiz.session_id, 'cmi.entry'), 'ab-initio');
  assert.equal(await getValue(server, quiz.session_id, 'cmi.location'), '');
  assert.equal(await getValue(server, quiz.session_id, 'cmi.suspend_data'), '');
  assert.equal(quiz.resumed, false);
  assert.equal(quiz.fresh_start_reason, 'no_saved_state');
  await close(server, quiz.session_id);
  assert.equal(closedIntro.success, true);
  assert.equal(closedIntro.saved_from, 'engine');
  assert.equal(closedIntro.exit, 'suspend');
  assert.equal(closedIntro.exit_set_by, 'tester', 'the course left the exit empty');

  const again = await open(server, 'intro');
  assert.equal(again.resumed, true);
  assert.equal(await getValue(server, again.session_id, 'cmi.entry'), 'resume');
  assert.equal(await getValue(server, again.session_id, 'cmi.location'), 'intro-page-3');
  assert.equal(await getValue(server, again.session_id, 'cmi.suspend_data'), 'intro-data');
  const closed = await close(server, again.session_id);

  const file = JSON.parse(readFileSync(closed.saved_state_path!, 'utf8')) as SavedState;
  assert.equal(file.course_id, 'com.example.state-2004');
  assert.deepEqual(file.activities.map((a) => a.sco_id).sort(), ['intro', 'quiz']);
});

test("the course's own exit is kept: exit=normal (2004) is saved as normal and the next open starts fresh", async () => {
  for (const item of ['done', 'done_terminates']) {
    const first = await open(server, item);
    const closed = await close(server, first.session_id);
    const next = await open(server, item);
    assert.equal(next.resumed, false, item);
    assert.equal(next.fresh_start_reason, 'exit_not_suspend', item);
    if (item === 'done') assert.equal(await getValue(server, next.session_id, 'cmi.entry'), 'ab-initio');
    await close(server, next.session_id);
    assert.equal(closed.success, true, item);
    assert.equal(closed.exit, 'normal', item);
    assert.equal(closed.exit_set_by, 'course', item);
    assert.equal(closed.terminated_by, item === 'done' ? 'tester' : 'course');
    const file = JSON.parse(readFileSync(closed.saved_state_path!, 'utf8')) as SavedState;
    assert.equal(file.activities.find((a) => a.sco_id === item)?.data['cmi.exit'], 'normal');
  }
});

test("SCORM 1.2: the course's cmi.core.exit (logout) is kept and the next open starts fresh", async () => {
  const pkg = course12();
  const first = await callTool<Opened>(server.client, 'scorm_open_course', { package_path: pkg });
  const closed = await close(server, first.session_id);
  const next = await callTool<Opened>(server.client, 'scorm_open_course', { package_path: pkg });
  assert.equal(next.resumed, false);
  assert.equal(next.fresh_start_reason, 'exit_not_suspend');
  await close(server, next.session_id);
  assert.equal(closed.exit, 'logout');
  assert.equal(closed.exit_set_by, 'course');
  const file = JSON.parse(readFileSync(closed.saved_state_path!, 'utf8')) as SavedState;
  assert.equal(file.activities[0]?.data['cmi.core.exit'], 'logout');
});

test('failed opens leave no workspace behind', async () => {
  const before = readdirSync(sessionsDir).length;
  const brokenManifest = writePackage({ 'imsmanifest.xml': '<manifest><organizations>' });
  const missingLaunch = join(FIXTURES_DIR, 'courses/missing-launch');
  const notAZip = join(tempDir('scorm-tester-zip-'), 'course.zip');
  writeFileSync(notAZip, 'not a zip');
  const failures: Array<[string, Record<string, unknown>]> = [
    ['scorm_open_course', { package_path: '/no/such/course' }],
    ['scorm_open_course', { package_path: brokenManifest }],
    ['scorm_open_course', { package_path: notAZip }],
    ['scorm_open_course', { package_path: missingLaunch }],
    ['scorm_open_course', { package_path: COURSE, item_id: 'no-such-item' }],
    ['scorm_session_open', { package_path: '/no/such/course' }],
    ['scorm_session_open', { package_path: brokenManifest }],
    ['scorm_session_open', { package_path: notAZip }],
  ];
  for (const [tool, args] of failures) {
    const error = await callToolError(server.client, tool, args);
    assert.notEqual(error.error_code, 'INTERNAL_ERROR', `${tool} ${JSON.stringify(args)}: ${error.message}`);
  }
  assert.equal(readdirSync(sessionsDir).length, before, 'no workspace left by a failed open');

  const ok = await open(server, 'quiz');
  assert.equal(readdirSync(sessionsDir).length, before + 1);
  await close(server, ok.session_id);
  assert.equal(readdirSync(sessionsDir).length, before + 1, 'a closed session keeps its artifacts');
});

test('past the call cap the engine still answers, calls are counted as unrecorded, and the close saves', async () => {
  const capped = await startServer({ SCORM_TESTER_MAX_RECORDED_CALLS: '20' });
  try {
    const opened = await open(capped, 'chatty');
    const call = await callTool<{
      result: unknown;
      recorded?: boolean;
      call_index: number;
      error_code: string;
    }>(capped.client, 'scorm_api_call', {
      session_id: opened.session_id,
      method: 'GetValue',
      args: ['cmi.location'],
    });
    assert.equal(call.result, 'p59', "the engine's answer");
    assert.equal(call.error_code, '0');
    assert.equal(call.recorded, false);
    assert.equal(call.call_index, 61, 'Initialize + 60 SetValue, then ours');
    const status = await callTool<{ call_count: number; unrecorded_calls: number }>(
      capped.client,
      'scorm_runtime_status',
      { session_id: opened.session_id },
    );
    assert.equal(status.call_count, 20);
    assert.equal(status.unrecorded_calls, 42);
    const history = await callTool<{ unrecorded_calls: number }>(
      capped.client,
      'scorm_get_data_model_history',
      {
        session_id: opened.session_id,
      },
    );
    assert.equal(history.unrecorded_calls, 42);

    const closed = await close(capped, opened.session_id);
    assert.equal(closed.success, true);
    assert.equal(closed.save_error, null);
    assert.equal(closed.exit, 'suspend');
    assert.equal(closed.terminated_by, 'tester');
    const file = JSON.parse(readFileSync(closed.saved_state_path!, 'utf8')) as SavedState;
    assert.equal(file.activities[0]?.data['cmi.location'], 'p59');
    const again = await open(capped, 'chatty');
    assert.equal(again.resumed, true);
    await close(capped, again.session_id);
  } finally {
    await capped.close();
  }
});

test('a close that cannot save says so: success false with SESSION_STATE_SAVE_FAILED, the session still closes', async () => {
  const file = join(tempDir('scorm-tester-notadir-'), 'plain-file');
  writeFileSync(file, 'I am a file, not a directory');
  const broken = await startServer({ SCORM_TESTER_DATA_DIR: join(file, 'data') });
  try {
    const opened = await open(broken, 'intro');
    assert.equal(opened.resumed, false);
    const closed = await close(broken, opened.session_id);
    assert.equal(closed.success, false);
    assert.equal(closed.session_closed, true);
    assert.equal(closed.saved_state_path, null);
    assert.equal(closed.save_error?.error_code, 'SESSION_STATE_SAVE_FAILED');
    assert.match(closed.save_error?.message ?? '', /SCORM_TESTER_DATA_DIR/);
    const gone = await callTool<{ state: string }>(broken.client, 'scorm_session_status', {
      session_id: opened.session_id,
    });
    assert.equal(gone.state, 'closed');

    const runtimeSession = await callTool<{ session_id: string }>(broken.client, 'scorm_session_open', {
      package_path: COURSE,
    });
    await callTool(broken.client, 'scorm_runtime_open', {
      session_id: runtimeSession.session_id,
      item_id: 'intro',
    });
    const runtimeClosed = await callTool<Closed>(broken.client, 'scorm_runtime_close', {
      session_id: runtimeSession.session_id,
    });
    assert.equal(runtimeClosed.success, false);
    assert.equal(runtimeClosed.save_error?.error_code, 'SESSION_STATE_SAVE_FAILED');
    await callTool(broken.client, 'scorm_session_close', { session_id: runtimeSession.session_id });

    const toReload = await open(broken, 'intro');
    const reload = await callToolError(broken.client, 'scorm_reload_course', {
      session_id: toReload.session_id,
    });
    assert.equal(reload.error_code, 'SESSION_STATE_SAVE_FAILED');
    assert.match(reload.message, /was closed, but its learner state was not saved/);
  } finally {
    await broken.close();
  }
});
