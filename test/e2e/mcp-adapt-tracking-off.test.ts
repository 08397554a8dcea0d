/**
 * An Adapt course whose configuration turns SCORM tracking off (`_spoor._isEnabled: false`, as adapt-1
 * ships) never calls the API: through the real MCP server and Chromium, the initialize_never_called
 * anomaly names that switch and its file as the likely cause, with a fix that is the course's setting,
 * not "call Initialize when the SCO loads" (issue 23).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { courseTextOf } from '../helpers/course-text.js';
import { until } from '../helpers/until.js';
import type { CourseTexts } from '../../src/core/course-text.js';

interface Anomaly {
  type: string;
  likely_cause?: string;
  fix?: string;
  course_text?: CourseTexts;
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('adapt with spoor off: initialize_never_called names course/config.json and _spoor._isEnabled', async () => {
  const session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/adapt-spoor-off'));
  await until(async () => {
    const r = await callTool<{ result: unknown }>(server.client, 'scorm_dom_evaluate', {
      session_id,
      expression: "document.getElementById('state').textContent",
    });
    return r.result === 'not tracking' ? true : undefined;
  }, 'the course read its configuration');
  await callTool(server.client, 'scorm_session_close', { session_id });
  const debug = await callTool<{ anomalies: Anomaly[] }>(server.client, 'scorm_debug_api_calls', {
    session_id,
  });
  const never = (debug.anomalies ?? []).find((a) => a.type === 'initialize_never_called');
  assert.ok(never, JSON.stringify(debug.anomalies));
  assert.match(
    never.likely_cause ?? '',
    /turned its own SCORM tracking off: `course_text.tracking_file` sets _spoor._isEnabled to false/,
  );
  assert.equal(courseTextOf(never, 'tracking_file'), 'course/config.json');
  assert.match(never.fix ?? '', /Set _spoor._isEnabled to true/);
});

test('adapt with spoor off: the open visit already names the switch (a learner need not finish it to learn it records nothing)', async () => {
  const session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/adapt-spoor-off'));
  const never = await until(async () => {
    const debug = await callTool<{ anomalies: Anomaly[] }>(server.client, 'scorm_debug_api_calls', {
      session_id,
    });
    return (debug.anomalies ?? []).find((a) => a.type === 'initialize_never_called');
  }, 'initialize_never_called on the open session');
  assert.match(never.likely_cause ?? '', /turned its own SCORM tracking off/);
  assert.equal(courseTextOf(never, 'tracking_file'), 'course/config.json');
  assert.match(never.fix ?? '', /Set _spoor._isEnabled to true/);
  await callTool(server.client, 'scorm_session_close', { session_id });
});
