/**
 * A close never loses learner data, and a starved renderer is not a stuck script (issue 19). Real server
 * over MCP, real hostile courses in Chromium: a SCO whose unload handler never returns, one that hangs
 * right after its last SetValue, and one whose renderer is busy laying out for seconds per frame.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { SavedState } from '../../src/session/saved-state.js';
import { hostileCloseCourse, SET_BEFORE_TROUBLE } from '../helpers/hostile-close-courses.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { until } from '../helpers/until.js';

interface Opened {
  session_id: string;
  resumed: boolean;
}
interface Closed {
  success: boolean;
  saved_state_path: string | null;
  saved_from: 'engine' | 'record' | null;
  terminated_by: string;
  exit: string | null;
  exit_set_by: string | null;
  save_error: { error_code: string; message: string } | null;
}

/** A short course time limit keeps the hung closes short; the close's own bound is this plus its grace. */
const COURSE_TIMEOUT_MS = 2_000;

let server: StartedServer;
let COURSE: string;

before(async () => {
  server = await startServer({ SCORM_TESTER_COURSE_TIMEOUT_MS: String(COURSE_TIMEOUT_MS) });
  COURSE = hostileCloseCourse();
});
after(async () => {
  await server.close();
});

const open = (item_id: string): Promise<Opened> =>
  callTool<Opened>(server.client, 'scorm_open_course', { package_path: COURSE, item_id });
const close = (session_id: string): Promise<Closed> =>
  callTool<Closed>(server.client, 'scorm_close_course', { session_id });
const getValue = async (session_id: string, element: string): Promise<unknown> =>
  (
    await callTool<{ result: unknown }>(server.client, 'scorm_api_call', {
      session_id,
      method: 'GetValue',
      args: [element],
    })
  ).result;

/** The next open of `item` resumes, and the SCO reads back everything it set before its trouble. */
async function assertResumes(item: string, extra: Record<string, string> = {}): Promise<void> {
  const again = await open(item);
  assert.equal(again.resumed, true, item);
  assert.equal(await getValue(again.session_id, 'cmi.entry'), 'resume');
  for (const [element, value] of Object.entries({ ...SET_BEFORE_TROUBLE, ...extra })) {
    assert.equal(await getValue(again.session_id, element), value, `${item}: ${element}`);
  }
  const closed = await close(again.session_id);
  assert.equal(closed.success, true);
  assert.equal(closed.saved_from, 'engine', 'a page that answers is saved from its engine');
}

function savedData(closed: Closed, item: string): Record<string, string> {
  const file = JSON.parse(readFileSync(closed.saved_state_path!, 'utf8')) as SavedState;
  const activity = file.activities.find((a) => a.sco_id === item);
  assert.ok(activity, `${item} saved`);
  return activity.data;
}

test('an unload handler that never returns: the close answers, saves from the record, and the next open resumes', async () => {
  const first = await open('hang-unload');
  // A hung close never answers: the call's own deadline fails it. How long it takes is measured by the
  // benchmark (npm run bench -- --only limits).
  const closed = await close(first.session_id);
  assert.equal(closed.success, true, JSON.stringify(closed.save_error));
  assert.equal(closed.saved_from, 'record');
  assert.equal(closed.exit, 'suspend');
  assert.equal(closed.exit_set_by, 'tester', 'the course left the exit empty');
  assert.equal(closed.terminated_by, 'none');
  const data = savedData(closed, 'hang-unload');
  for (const [element, value] of Object.entries(SET_BEFORE_TROUBLE)) assert.equal(data[element], value);
  assert.equal(data['cmi.interactions.0.id'], 'q1');
  assert.equal(data['cmi.learner_id'], 'learner-1', 'the launch values are the base');
  await assertResumes('hang-unload', { 'cmi.interactions.0.id': 'q1' });
});

test('a page that hangs right after its last SetValue: the queued calls still reach the save', async () => {
  const first = await open('hang-after-set');
  const closed = await close(first.session_id);
  assert.equal(closed.success, true, JSON.stringify(closed.save_error));
  assert.equal(closed.saved_from, 'record');
  assert.equal(closed.exit, 'suspend');
  const data = savedData(closed, 'hang-after-set');
  for (const [element, value] of Object.entries(SET_BEFORE_TROUBLE)) assert.equal(data[element], value);
  await assertResumes('hang-after-set');
});

test('a screenshot of a starved renderer is COURSE_TIMEOUT "too slow", its script is not stopped, and the close saves', async () => {
  const first = await open('starved-renderer');
  // The boxes are in place once the SCO reports its progress.
  await until(async () => {
    const history = await callTool<{ changes: Array<{ element: string }> }>(
      server.client,
      'scorm_get_data_model_history',
      { session_id: first.session_id },
    );
    return history.changes.some((c) => c.element === 'cmi.progress_measure') ? true : undefined;
  }, 'the SCO to build its page');
  // A full-page capture lays out and paints the whole (very tall) page: seconds past the time limit.
  const shot = await callToolError(server.client, 'scorm_capture_screenshot', {
    session_id: first.session_id,
    capture_options: { full_page: true },
  });
  assert.equal(shot.error_code, 'COURSE_TIMEOUT', shot.message);
  assert.match(shot.message, /not stopped/);
  assert.match(shot.message, /busy|starved/);
  assert.doesNotMatch(shot.message, /stuck \(|was stopped/);
  const events = await callTool<{ events: Array<{ type: string; payload?: { kind?: string } }> }>(
    server.client,
    'scorm_session_events',
    { session_id: first.session_id },
  );
  assert.ok(!events.events.some((e) => e.payload?.kind === 'script_terminated'), 'no script was stopped');
  const closed = await close(first.session_id);
  assert.equal(closed.success, true, JSON.stringify(closed.save_error));
  const data = savedData(closed, 'starved-renderer');
  for (const [element, value] of Object.entries(SET_BEFORE_TROUBLE)) assert.equal(data[element], value);
  assert.equal(data['cmi.progress_measure'], '0.5');
});
