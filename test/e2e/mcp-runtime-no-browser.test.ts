/** The runtime tools on a machine without a usable Chromium: BROWSER_REQUIRED, and nothing left open. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { appLogEntries } from '../helpers/app-log.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

let server: StartedServer;

before(async () => {
  server = await startServer({ SCORM_TESTER_CHROMIUM: '/nonexistent/chromium' });
});
after(async () => {
  await server.close();
});

const COURSE = join(FIXTURES_DIR, 'courses/scorm12-single');

test('scorm_runtime_open -> BROWSER_REQUIRED naming the setting; the session stays usable', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: COURSE,
  });
  const error = await callToolError(server.client, 'scorm_runtime_open', { session_id });
  assert.equal(error.error_code, 'BROWSER_REQUIRED');
  assert.match(error.message, /SCORM_TESTER_CHROMIUM/);
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id });
  assert.equal(status.open, false);
  const notOpen = await callToolError(server.client, 'scorm_api_call', {
    session_id,
    method: 'LMSCommit',
    args: [''],
  });
  assert.equal(notOpen.error_code, 'RUNTIME_NOT_OPEN');
  assert.equal((await callTool(server.client, 'scorm_session_close', { session_id })).success, true);
});

test('scorm_take_screenshot with workspace_path -> BROWSER_REQUIRED; its temporary session is closed', async () => {
  const error = await callToolError(server.client, 'scorm_take_screenshot', { workspace_path: COURSE });
  assert.equal(error.error_code, 'BROWSER_REQUIRED');
  const log = appLogEntries<{ msg: string; session_id?: string; package_path?: string }>(server.logDir);
  const opened = log
    .filter((e) => e.msg === 'SESSION_OPENED' && e.package_path === COURSE)
    .map((e) => e.session_id);
  const closed = new Set(log.filter((e) => e.msg === 'SESSION_CLOSED').map((e) => e.session_id));
  assert.equal(opened.length, 2);
  assert.ok(opened.every((id) => closed.has(id)));
});
