/**
 * A starved renderer is not a stuck script (issue 19). Real server over MCP, a real hostile course in
 * Chromium whose renderer is busy laying out for seconds per frame.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { hostileCloseCourse } from '../helpers/hostile-close-courses.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { until } from '../helpers/until.js';

interface Opened {
  session_id: string;
  resumed: boolean;
}

/** A short course time limit keeps the timed-out calls short. */
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
const close = (session_id: string): Promise<unknown> =>
  callTool(server.client, 'scorm_close_course', { session_id });
test('a screenshot of a starved renderer is COURSE_TIMEOUT "too slow" and its script is not stopped', async () => {
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
  const shot = await callToolError(server.client, 'scorm_capture_screenshot', {
    session_id: first.session_id,
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
  await close(first.session_id);
});
