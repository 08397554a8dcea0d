/**
 * Progress notifications and cancellation through the SDK's own client over stdio: long tools report
 * increasing progress when the client sends a progressToken (opening a course, validating a package of
 * 300 pages, a navigation flow), and notifications/cancelled ends waits at once, stops a busy page script
 * and a validation, leaves no report file, and leaves the session usable.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { generateLargePackage } from '../../bench/generate.js';
import { appLogEntries } from '../helpers/app-log.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const SCORM12 = join(FIXTURES_DIR, 'courses/scorm12-single');
const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');
/** The time limit each cancelled call is given: a call that ends before it was ended by the cancel. */
const CALL_TIMEOUT_MS = 30_000;

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** Calls a tool with a progressToken; returns the result and every notification received. */
async function withProgress(
  name: string,
  args: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; notes: Progress[] }> {
  const notes: Progress[] = [];
  const result = await server.client.callTool({ name, arguments: args }, undefined, {
    onprogress: (p) => notes.push(p),
    timeout: 120_000,
  });
  return { data: result.structuredContent as Record<string, unknown>, notes };
}

/**
 * The SDK's client dispatches a notification a microtask after reading it but a response at once, so a
 * notification read together with the response is dropped: the final one cannot be asserted, only that
 * what arrives increases and stays within the total.
 */
function assertIncreasing(notes: Progress[]): void {
  for (let i = 1; i < notes.length; i++) {
    assert.ok(
      notes[i]!.progress > notes[i - 1]!.progress,
      `progress must increase: ${JSON.stringify(notes)}`,
    );
  }
  for (const n of notes) if (n.total !== undefined) assert.ok(n.progress <= n.total, JSON.stringify(n));
}

/** Starts a call, cancels it after `afterMs`, and returns how it ended. */
async function cancelAfter(
  name: string,
  args: Record<string, unknown>,
  afterMs: number,
): Promise<{ error: unknown }> {
  const controller = new AbortController();
  const call = server.client.callTool({ name, arguments: args }, undefined, {
    signal: controller.signal,
    timeout: 120_000,
  });
  setTimeout(() => controller.abort('the test cancels'), afterMs);
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  return { error };
}

/** The server's log entries for cancelled calls of `tool`. */
function cancelledInLog(tool: string): Array<Record<string, unknown>> {
  return appLogEntries(server.logDir).filter((e) => e.msg === 'MCP_TOOLS_CANCELLED' && e.tool === tool);
}

async function waitForLog(tool: string): Promise<Array<Record<string, unknown>>> {
  for (let i = 0; i < 50; i++) {
    const entries = cancelledInLog(tool);
    if (entries.length > 0) return entries;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

test('scorm_open_course reports the steps of the open (browser, player page, SCO) up to the total', async () => {
  const { data, notes } = await withProgress('scorm_open_course', {
    package_path: SCORM12,
    new_attempt: true,
  });
  assert.ok(notes.length >= 2, JSON.stringify(notes));
  assertIncreasing(notes);
  assert.equal(notes[0]!.progress, 0);
  assert.match(notes[0]!.message ?? '', /starting the browser/);
  assert.ok(notes.every((n) => n.total === 3 && typeof n.message === 'string' && n.message.length > 0));
  await callTool(server.client, 'scorm_close_course', { session_id: data.session_id });
});

test('validating a package of 300 pages reports progress with the total of phases and scanned files', async () => {
  const big = generateLargePackage(300);
  const { data, notes } = await withProgress('scorm_validate_workspace', { workspace_path: big });
  assert.equal(data.success, true);
  assert.ok(notes.length >= 2, JSON.stringify(notes));
  assertIncreasing(notes);
  // Opening, the manifest, schemas, packaging rules, sequencing, launch chains, 300 files, dependencies.
  assert.ok(
    notes.slice(1).every((n) => n.total === 307),
    JSON.stringify(notes),
  );
  // Which of the per-file steps get through the 100 ms throttle depends on the machine's speed; that
  // each scanned file is reported is checked without the throttle in test/unit/progress-cancel.test.ts.
  assert.ok(
    notes.every((n) => typeof n.message === 'string' && n.message.length > 0),
    JSON.stringify(notes.map((n) => n.message)),
  );
});

test('scorm_test_navigation_flow reports each navigation step', async () => {
  const { data, notes } = await withProgress('scorm_test_navigation_flow', {
    workspace_path: NAV_FLOW,
    navigation_sequence: ['start', 'next', 'next', 'previous'],
    capture_each_step: false,
    settle_ms: 300,
  });
  assert.equal(data.steps_executed, 3);
  assertIncreasing(notes);
  assert.ok(notes.length >= 1, 'at least the first step is reported');
  assert.ok(
    notes.every((n) => n.total === 3 && /^(step \d+: (next|previous)|steps done)$/.test(n.message ?? '')),
    JSON.stringify(notes),
  );
});

test('a cancelled scorm_wait_for_api_call (30 s timeout) ends at once, and the session answers the next call', async () => {
  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: SCORM12,
    new_attempt: true,
  });
  const session_id = opened.session_id;
  const { error } = await cancelAfter(
    'scorm_wait_for_api_call',
    { session_id, method: 'LMSCommit', timeout_ms: CALL_TIMEOUT_MS },
    300,
  );
  assert.ok(error, 'the cancelled call must not resolve');
  // The server ended it too (the SDK sends no response for a cancelled request; the log says it).
  const logged = await waitForLog('scorm_wait_for_api_call');
  assert.equal(logged.length, 1);
  assert.ok(Number(logged[0]!.duration_ms) < CALL_TIMEOUT_MS, JSON.stringify(logged[0]));

  const status = await callTool<{ open: boolean }>(server.client, 'scorm_runtime_status', { session_id });
  assert.equal(status.open, true);
  const call = await callTool<{ result: string }>(server.client, 'scorm_api_call', {
    session_id,
    method: 'LMSGetValue',
    args: ['cmi.core.lesson_status'],
  });
  assert.equal(typeof call.result, 'string');
  await callTool(server.client, 'scorm_close_course', { session_id });
});

test('a cancelled scorm_dom_wait_for ends at once; a cancelled busy scorm_dom_evaluate has its script stopped', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: SCORM12,
    new_attempt: true,
  });
  const wait = await cancelAfter(
    'scorm_dom_wait_for',
    { session_id, condition: { selector: '#never-there' }, timeout_ms: CALL_TIMEOUT_MS },
    300,
  );
  assert.ok(wait.error);
  // The server ended the wait too, before the time limit it was given.
  const waitLogged = await waitForLog('scorm_dom_wait_for');
  assert.equal(waitLogged.length, 1);
  assert.ok(Number(waitLogged[0]!.duration_ms) < CALL_TIMEOUT_MS, JSON.stringify(waitLogged[0]));

  // Hostile: an expression that never yields. The call ends at once; the server stops the loop.
  const busy = await cancelAfter(
    'scorm_dom_evaluate',
    { session_id, expression: 'for (;;) {}', timeout_ms: CALL_TIMEOUT_MS },
    300,
  );
  assert.ok(busy.error);
  // The page answers again within 10 s, well before the 30 s the loop was given: the loop was stopped.
  const after = await callTool<{ result: unknown }>(server.client, 'scorm_dom_evaluate', {
    session_id,
    expression: '6 * 7',
    timeout_ms: 10_000,
  });
  assert.equal(after.result, 42);
  const events = await callTool<{ events: Array<{ type: string; payload?: Record<string, unknown> }> }>(
    server.client,
    'scorm_session_events',
    { session_id },
  );
  assert.ok(
    events.events.some((e) => e.type === 'error' && e.payload?.kind === 'script_terminated'),
    'the busy script was stopped through the runtime',
  );
  await callTool(server.client, 'scorm_close_course', { session_id });
});

test('a cancelled scorm_report leaves no file, and validation works again afterwards', async () => {
  const big = generateLargePackage(3_000);
  const controller = new AbortController();
  const call = server.client.callTool(
    { name: 'scorm_report', arguments: { workspace_path: big, output_path: 'cancelled.html' } },
    undefined,
    {
      signal: controller.signal,
      timeout: 120_000,
      // Cancel once the validation has started in the worker.
      onprogress: () => controller.abort('the test cancels'),
    },
  );
  await assert.rejects(call);
  await waitForLog('scorm_report');
  // The worker running it was stopped; the next validation gets a fresh one.
  const small = await callTool<{ success: boolean }>(server.client, 'scorm_validate_workspace', {
    workspace_path: SCORM12,
  });
  assert.equal(typeof small.success, 'boolean');
  assert.deepEqual(readdirSync(server.outputDir), [], 'no report and no temporary file');
});
