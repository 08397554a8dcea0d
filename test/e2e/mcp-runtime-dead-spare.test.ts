/**
 * Every renderer process killed while a spare browser context waits: the next scorm_open_course must
 * not be handed the dead spare (it failed with INTERNAL_ERROR "Target crashed"); it opens on a fresh
 * context. Own server, so killing its renderers affects no other test.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { descendantsOf } from '../helpers/processes.js';

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const course = join(FIXTURES_DIR, 'courses', 'scorm12-single');

function renderers(): number[] {
  const serverPid = (server.client.transport as StdioClientTransport).pid;
  assert.ok(serverPid, 'server pid');
  return descendantsOf(serverPid)
    .filter((p) => /chrom/i.test(p.cmdline) && p.cmdline.includes('--type=renderer'))
    .map((p) => p.pid);
}

test('all renderers killed while a spare context waits: the next open works on a fresh context', async () => {
  const first = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: course,
    new_attempt: true,
  });
  await callTool(server.client, 'scorm_session_close', { session_id: first.session_id });
  // The spare context is prepared in the background after an open; give it time to exist.
  await new Promise((r) => setTimeout(r, 1_500));
  const killed = renderers();
  assert.ok(killed.length >= 1, 'renderer processes to kill');
  for (const pid of killed) process.kill(pid, 'SIGKILL');

  const second = await callTool<{ session_id: string; runtime_id: string }>(
    server.client,
    'scorm_open_course',
    { package_path: course, new_attempt: true },
  );
  assert.match(second.runtime_id, /^rt_/);
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id: second.session_id,
    method: 'LMSInitialize',
    include_past: true,
  });
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: second.session_id });
  assert.equal(status.open, true);
  assert.equal(status.crashed, false);
  await callTool(server.client, 'scorm_session_close', { session_id: second.session_id });
});
