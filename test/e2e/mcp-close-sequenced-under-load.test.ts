/**
 * A close never loses learner data under sequencing either (issue 19): real server over MCP, a real
 * 2-SCO SCORM 2004 course in Chromium whose second SCO hangs right after its last SetValue. The close
 * answers within its bound, saves that SCO from the record, and the next open resumes at it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hostileSequencedCloseCourse,
  SEQUENCED_EXTRA,
  SET_BEFORE_TROUBLE,
} from '../helpers/hostile-close-courses.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';

interface Opened {
  session_id: string;
  sco_id: string | null;
  resumed: boolean;
  sequencing?: { how: string; activity_id: string | null };
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

/** A short course time limit keeps the hung close short; the close's own bound is this plus its grace. */
const COURSE_TIMEOUT_MS = 2_000;

let server: StartedServer;
let COURSE: string;

before(async () => {
  server = await startServer({ SCORM_TESTER_COURSE_TIMEOUT_MS: String(COURSE_TIMEOUT_MS) });
  COURSE = hostileSequencedCloseCourse();
});
after(async () => {
  await server.close();
});

const call = <T>(name: string, args: Record<string, unknown>): Promise<T> =>
  callTool<T>(server.client, name, args);
const getValue = async (session_id: string, element: string): Promise<unknown> =>
  (await call<{ result: unknown }>('scorm_api_call', { session_id, method: 'GetValue', args: [element] }))
    .result;

/** Opens the course afresh under sequencing, chooses `item`, and closes: saved from the record. */
async function chooseAndClose(item: string): Promise<void> {
  const first = await call<Opened>('scorm_open_course', { package_path: COURSE, new_attempt: true });
  await call('scorm_sn_init', { session_id: first.session_id });
  const chosen = await call<{ delivered?: { activity_id: string } | null }>('scorm_nav_choice', {
    session_id: first.session_id,
    targetId: item,
  });
  assert.equal(chosen.delivered?.activity_id, item);

  // A hung close never answers: the call's own deadline fails it. How long it takes is measured by the
  // benchmark (npm run bench -- --only limits).
  const closed = await call<Closed>('scorm_close_course', { session_id: first.session_id });
  assert.equal(closed.success, true, JSON.stringify(closed.save_error));
  assert.equal(closed.save_error, null);
  assert.equal(closed.saved_from, 'record');
  assert.equal(closed.exit, 'suspend');
  assert.equal(closed.exit_set_by, 'tester', 'the SCO left the exit empty');
  assert.equal(closed.terminated_by, 'tester');
}

/** The next open resumes at `item` with what it set, its session time added to the total; returns the session. */
async function assertResumesAt(item: string): Promise<string> {
  const again = await call<Opened>('scorm_open_course', { package_path: COURSE });
  assert.equal(again.sco_id, item);
  assert.equal(again.resumed, true);
  assert.deepEqual(again.sequencing, { how: 'resumeAll', activity_id: item });
  assert.equal(await getValue(again.session_id, 'cmi.entry'), 'resume');
  for (const [element, value] of Object.entries(SET_BEFORE_TROUBLE))
    assert.equal(await getValue(again.session_id, element), value, element);
  assert.equal(
    await getValue(again.session_id, 'cmi.total_time'),
    'PT0H0M30S',
    'the session time of the attempt the record ended joined the total',
  );
  return again.session_id;
}

test('SCORM 2004 under sequencing: the second SCO hangs after its last SetValue; the close saves it from the record and the next open resumes at it', async () => {
  await chooseAndClose('hang');
  const again = await assertResumesAt('hang');
  assert.equal(await getValue(again, 'adl.data.0.store'), SEQUENCED_EXTRA['adl.data.0.store']);
  const reclosed = await call<Closed>('scorm_close_course', { session_id: again });
  assert.equal(reclosed.saved_from, 'engine', 'a page that answers is saved from its engine');
});

test('SCORM 2004 under sequencing: a SCO whose unload handler never returns is saved from the record and resumed', async () => {
  await chooseAndClose('hang-unload');
  const again = await assertResumesAt('hang-unload');
  await call<Closed>('scorm_close_course', { session_id: again });
});
