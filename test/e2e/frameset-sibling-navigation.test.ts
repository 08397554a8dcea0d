/**
 * A SCO whose frameset's frames navigate one another (Lectora's trivantis.js, S1000D viewers): a hidden
 * frame loads the first page into its sibling, which finds the API and initializes. The SCO frame was
 * once sandboxed, which forbids that sibling navigation: such real courses got initialize_never_called
 * and a page error they never make in an LMS. The top window is still kept: see mcp-runtime-hostile.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const COURSE = join(FIXTURES_DIR, 'courses/frameset-sibling-navigation');

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('run: the sibling frame is loaded and the SCO initializes, without a page error', async () => {
  const r = await cli('run', COURSE, '--json', '--settle-ms', '200');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const run = JSON.parse(r.stdout) as {
    initialized: boolean;
    final_state: string;
    anomalies: Array<{ type: string }>;
    console_errors: unknown[];
  };
  assert.equal(run.initialized, true);
  assert.equal(run.final_state, 'terminated');
  assert.deepEqual(run.anomalies, []);
  assert.deepEqual(run.console_errors, []);
});

test('MCP: the session records the sibling page’s calls and its data', async () => {
  const sessionId = await openSessionRuntime(server.client, COURSE);
  const status = await until(async () => {
    const s = await callTool<{ initialize_state: string; call_count: number }>(
      server.client,
      'scorm_runtime_status',
      { session_id: sessionId },
    );
    return s.initialize_state === 'terminated' ? s : undefined;
  }, 'the SCO to terminate');
  assert.equal(status.call_count, 6);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});
