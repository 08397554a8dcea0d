/**
 * A SCO that ends its session (LMSFinish) with lesson_status still "incomplete" gets one warning,
 * finished_without_completion, naming the status and the LMSFinish call; one that reported "completed"
 * first gets none. Real MCP server over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { scorm12SingleSco } from '../helpers/scorm12-course.js';

interface AnomalyView {
  type: string;
  severity: string;
  message: string;
  call_index?: number;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

async function anomaliesAfterFinish(status: string): Promise<AnomalyView[]> {
  const script =
    `api.LMSSetValue('cmi.core.lesson_status','${status}');api.LMSSetValue('cmi.core.session_time','0000:00:05');` +
    "api.LMSSetValue('cmi.core.exit','suspend');api.LMSCommit('');api.LMSFinish('');";
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: scorm12SingleSco({ script }),
    new_attempt: true,
  });
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id,
    method: 'LMSFinish',
    include_past: true,
    timeout_ms: 20_000,
  });
  const debug = await callTool<{ anomalies?: AnomalyView[] }>(server.client, 'scorm_debug_api_calls', {
    session_id,
  });
  await callTool(server.client, 'scorm_session_close', { session_id });
  return (debug.anomalies ?? []).filter((a) => a.type === 'finished_without_completion');
}

test('1.2: LMSFinish with lesson_status "incomplete" is one warning naming the status and the call', async () => {
  const found = await anomaliesAfterFinish('incomplete');
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0]!.severity, 'warning');
  assert.equal(found[0]!.call_index, 5);
  assert.match(found[0]!.message, /cmi\.core\.lesson_status "incomplete"/);
  assert.match(found[0]!.message, /call #5/);
});

test('1.2: a SCO that reported "completed" before LMSFinish gets no such warning', async () => {
  assert.deepEqual(await anomaliesAfterFinish('completed'), []);
});
