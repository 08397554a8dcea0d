/**
 * The runtime tools when the course or the browser fails: a course stuck in an endless loop gives
 * COURSE_TIMEOUT and stays closable; a killed Chromium gives BROWSER_CRASHED, closing saves what the
 * course set from the record, and reopening the runtime starts a new browser.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  callTool,
  callToolError,
  openSessionRuntime,
  startServer,
  type StartedServer,
} from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { childrenOf } from '../helpers/processes.js';

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const course = (name: string): string => join(FIXTURES_DIR, 'courses', name);

const openRuntime = (name: string): Promise<string> => openSessionRuntime(server.client, course(name));

test('endless-loop: COURSE_TIMEOUT, then the runtime still reports, closes and the session closes', async () => {
  const sessionId = await openRuntime('endless-loop');
  // The fixture's GetValue is recorded as its loop begins.
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id: sessionId,
    method: 'GetValue',
    include_past: true,
    timeout_ms: 20_000,
  });
  const stuck = await callToolError(server.client, 'scorm_api_call', {
    session_id: sessionId,
    method: 'GetValue',
    args: ['cmi.location'],
  });
  assert.equal(stuck.error_code, 'COURSE_TIMEOUT');
  assert.match(stuck.message, /stuck|endless loop/);
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  assert.equal(status.open, true);
  assert.equal(status.initialize_state, 'initialized');
  const history = await callTool<{ changes: Array<{ element: string; newValue: string }> }>(
    server.client,
    'scorm_get_data_model_history',
    { session_id: sessionId },
  );
  assert.deepEqual(
    history.changes.map((c) => [c.element, c.newValue]),
    [['cmi.location', 'before-loop']],
  );
  const closed = await callTool(server.client, 'scorm_runtime_close', { session_id: sessionId });
  assert.equal(closed.success, true);
  const sessionClosed = await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
  assert.equal(sessionClosed.success, true);
});

test('Chromium killed mid-session: BROWSER_CRASHED, then runtime_close + runtime_open works again', async () => {
  const first = await openRuntime('scorm12-single');
  const second = await openRuntime('scorm2004-multi');
  const serverPid = (server.client.transport as StdioClientTransport).pid;
  assert.ok(serverPid, 'server pid');
  const browsers = childrenOf(serverPid).filter((p) => /chrom/i.test(p.cmdline));
  assert.ok(browsers.length >= 1, 'a Chromium child of the server');
  for (const b of browsers) process.kill(b.pid, 'SIGKILL');

  const crashedError = await callToolError(server.client, 'scorm_api_call', {
    session_id: first,
    method: 'GetValue',
    args: ['cmi.core.lesson_status'],
  });
  assert.equal(crashedError.error_code, 'BROWSER_CRASHED');
  assert.match(crashedError.message, /scorm_runtime_close|open the course again/);
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: second });
  assert.equal(status.crashed, true);
  assert.equal(status.open, false);
  for (const name of ['scorm_capture_screenshot', 'scorm_data_model_get', 'scorm_get_console_errors']) {
    const e = await callToolError(server.client, name, { session_id: second });
    assert.equal(e.error_code, 'BROWSER_CRASHED', name);
  }

  // The attempt was initialized when the browser died: what the course set is saved from the record.
  const closed = await callTool<{
    success: boolean;
    saved_from: string | null;
    save_error: { error_code: string } | null;
  }>(server.client, 'scorm_runtime_close', { session_id: first });
  assert.equal(closed.success, true, JSON.stringify(closed.save_error));
  assert.equal(closed.saved_from, 'record');
  const reopened = await callTool(server.client, 'scorm_runtime_open', { session_id: first });
  assert.match(String(reopened.runtime_id), /^rt_/);
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id: first,
    method: 'LMSCommit',
    include_past: true,
  });
  const got = await callTool(server.client, 'scorm_api_call', {
    session_id: first,
    method: 'LMSGetValue',
    args: ['cmi.core.lesson_location'],
  });
  assert.equal(got.result, 'page1');
  const secondClosed = await callTool(server.client, 'scorm_session_close', { session_id: second });
  assert.equal(secondClosed.success, true, 'the crashed attempt of the second session was saved');
  assert.equal(secondClosed.saved_from, 'record');
  assert.equal(secondClosed.session_closed, true);
  assert.equal((await callTool(server.client, 'scorm_session_close', { session_id: first })).success, true);
});
