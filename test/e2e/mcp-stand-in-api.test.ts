/**
 * A SCO page that keeps a stand-in API object of its own (a test stub left in: other-1's
 * `var API = {...}`) sends every call to it, so the LMS hears nothing whatever the learner does. Through
 * the real MCP server and Chromium, the open visit already says so: initialize_never_called names the
 * page, not a wait for the learner's click.
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
  severity: string;
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

test('an open course whose page keeps its own API object: initialize_never_called names the page', async () => {
  const session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/run-stand-in-api'));
  const never = await until(async () => {
    const debug = await callTool<{ anomalies: Anomaly[] }>(server.client, 'scorm_debug_api_calls', {
      session_id,
    });
    return (debug.anomalies ?? []).find((a) => a.type === 'initialize_never_called');
  }, 'the open visit names the stand-in');
  assert.equal(never.severity, 'error');
  assert.match(never.likely_cause ?? '', /defines an `API` object of its own/);
  assert.equal(courseTextOf(never, 'stand_in_pages'), 'index.html');
  assert.match(never.fix ?? '', /Remove the stand-in `API` object/);
  await callTool(server.client, 'scorm_session_close', { session_id });
});
