import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedState } from '../../src/session/saved-state.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
const SCORM12 = join(FIXTURES_DIR, 'courses/scorm12-single');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Opened {
  session_id: string;
  resumed: boolean;
  entry: string;
  fresh_start_reason?: string;
  saved_state_path: string;
}

test('session lifecycle: open, status, events, close; then its status says closed', async () => {
  const opened = await callTool<{
    session_id: string;
    workspace_path: string;
    artifacts_manifest_path: string;
  }>(server.client, 'scorm_session_open', {
    package_path: SAMPLE,
  });
  assert.match(opened.session_id, /^sess_/);
  assert.ok(existsSync(opened.artifacts_manifest_path));
  const status = await callTool<{ state: string; artifacts_count: number; runtime_open: boolean }>(
    server.client,
    'scorm_session_status',
    {
      session_id: opened.session_id,
    },
  );
  assert.equal(status.state, 'ready');
  assert.equal(status.runtime_open, false);
  const events = await callTool<{ events: Array<{ id: number; type: string }>; latest_event_id: number }>(
    server.client,
    'scorm_session_events',
    {
      session_id: opened.session_id,
    },
  );
  assert.equal(events.events[0]?.type, 'session:opened');
  const none = await callTool<{ events: unknown[] }>(server.client, 'scorm_session_events', {
    session_id: opened.session_id,
    since_event_id: events.latest_event_id,
  });
  assert.equal(none.events.length, 0);
  const closed = await callTool<{ success: boolean; artifacts_manifest_path: string }>(
    server.client,
    'scorm_session_close',
    { session_id: opened.session_id },
  );
  assert.equal(closed.success, true);
  // Its record stays readable after the close (issue 22; mcp-closed-session-records.test.ts covers it).
  const after = await callTool<{ state: string }>(server.client, 'scorm_session_status', {
    session_id: opened.session_id,
  });
  assert.equal(after.state, 'closed');
});

test('unknown session ids and bad packages give precise errors', async () => {
  for (const tool of [
    'scorm_session_status',
    'scorm_session_events',
    'scorm_session_close',
    'scorm_close_course',
  ]) {
    assert.equal(
      (await callToolError(server.client, tool, { session_id: 'sess_nope' })).error_code,
      'MCP_UNKNOWN_SESSION',
      tool,
    );
  }
  assert.equal(
    (await callToolError(server.client, 'scorm_session_open', { package_path: '/no/such/dir' })).error_code,
    'PATH_RESOLUTION_ERROR',
  );
});

test('saved state: close saves, reopen resumes, force_new and new_attempt start fresh, clear deletes (SCORM 2004)', async () => {
  await callTool(server.client, 'scorm_clear_saved_data', { package_path: SAMPLE });
  const first = await callTool<Opened>(server.client, 'scorm_open_course', { package_path: SAMPLE });
  assert.equal(first.resumed, false);
  assert.equal(first.entry, 'ab-initio');
  const closed = await callTool<{ saved_state_path: string }>(server.client, 'scorm_close_course', {
    session_id: first.session_id,
  });
  const saved = JSON.parse(readFileSync(closed.saved_state_path, 'utf8')) as SavedState;
  const data = saved.activities[0]?.data ?? {};
  assert.equal(data['cmi.exit'], 'suspend');
  assert.equal(data['cmi.location'], 'intro');

  const second = await callTool<Opened>(server.client, 'scorm_open_course', { package_path: SAMPLE });
  assert.equal(second.resumed, true);
  assert.equal(second.entry, 'resume');

  const reloaded = await callTool<Opened & { previous_session_id: string }>(
    server.client,
    'scorm_reload_course',
    { session_id: second.session_id, force_new: true },
  );
  assert.equal(reloaded.previous_session_id, second.session_id);
  assert.notEqual(reloaded.session_id, second.session_id);
  assert.equal(reloaded.resumed, false);
  assert.equal(reloaded.fresh_start_reason, 'new_attempt');
  await callTool(server.client, 'scorm_close_course', { session_id: reloaded.session_id });

  const fresh = await callTool<Opened>(server.client, 'scorm_open_course', {
    package_path: SAMPLE,
    new_attempt: true,
  });
  assert.equal(fresh.resumed, false);
  await callTool(server.client, 'scorm_close_course', { session_id: fresh.session_id });

  const cleared = await callTool<{ deleted: boolean; course_id: string }>(
    server.client,
    'scorm_clear_saved_data',
    { package_path: SAMPLE },
  );
  assert.equal(cleared.deleted, true);
  assert.equal(cleared.course_id, 'com.example.scorm-tester.sample');
  const after = await callTool<Opened>(server.client, 'scorm_open_course', { package_path: SAMPLE });
  assert.equal(after.resumed, false);
  assert.equal(after.fresh_start_reason, 'no_saved_state');
  await callTool(server.client, 'scorm_close_course', { session_id: after.session_id });
});

test('saved state for SCORM 1.2 and a corrupt saved-state file', async () => {
  const first = await callTool<Opened>(server.client, 'scorm_open_course', {
    package_path: SCORM12,
    new_attempt: true,
  });
  const closed = await callTool<{ saved_state_path: string }>(server.client, 'scorm_close_course', {
    session_id: first.session_id,
  });
  const saved = JSON.parse(readFileSync(closed.saved_state_path, 'utf8')) as SavedState;
  assert.equal(saved.activities[0]?.scorm_version, '1.2');
  assert.ok('cmi.core.lesson_status' in (saved.activities[0]?.data ?? {}));

  writeFileSync(closed.saved_state_path, '{ not json');
  const corrupt = await callToolError(server.client, 'scorm_open_course', { package_path: SCORM12 });
  assert.equal(corrupt.error_code, 'SESSION_STATE_CORRUPT');
  const fresh = await callTool<Opened>(server.client, 'scorm_open_course', {
    package_path: SCORM12,
    new_attempt: true,
  });
  assert.equal(fresh.resumed, false);
  await callTool(server.client, 'scorm_close_course', { session_id: fresh.session_id });
});
