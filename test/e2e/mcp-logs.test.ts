/**
 * Logs as the specification describes them (issue 11): every JSON-RPC request (initialize and tools/list
 * included) and notification is logged with its id; system_get_logs merges the server's entries with the
 * courses' browser console, each tagged with session and source, in time order and filterable; and a
 * course that floods or forges console output cannot push out or imitate the server's entries, nor reach
 * the log files. Real server over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { scorm12SingleSco } from '../helpers/scorm12-course.js';

interface Entry {
  ts: number;
  level: string;
  msg: string;
  source: string;
  [key: string]: unknown;
}

const course = (script: string, body = ''): string => scorm12SingleSco({ script, body });

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

async function logs(args: Record<string, unknown> = {}): Promise<Entry[]> {
  return (await callTool<{ entries: Entry[] }>(server.client, 'system_get_logs', args)).entries;
}

/** Polls the log until `check` holds. The bound is generous: this is a wait, not a speed test. */
async function waitForLog(
  args: Record<string, unknown>,
  check: (e: Entry[]) => boolean,
  timeoutMs = 10_000,
): Promise<Entry[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const entries = await logs(args);
    if (check(entries)) return entries;
    if (Date.now() > end) assert.fail(`timed out; last entries: ${JSON.stringify(entries.slice(-5))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function requestAndResponse(entries: Entry[], method: string): { request: Entry; response: Entry } {
  const request = entries.find((e) => e.msg === 'MCP_REQUEST' && e.method === method);
  assert.ok(request, `${method} request logged`);
  assert.equal(request.source, 'server');
  assert.ok(typeof request.id === 'number' || typeof request.id === 'string');
  const response = entries.find(
    (e) => e.msg === 'MCP_RESPONSE' && e.id === request.id && e.method === method,
  );
  assert.ok(response, `${method} response logged with the same id`);
  assert.equal(typeof response.duration_ms, 'number');
  return { request, response };
}

test('initialize, tools/list and notifications are logged with their ids', async () => {
  await server.client.listTools();
  await server.client.notification({
    method: 'notifications/cancelled',
    params: { requestId: 987654, reason: 'a test' },
  });
  const entries = await waitForLog({ sources: ['server'] }, (e) =>
    e.some((x) => x.msg === 'MCP_NOTIFICATION' && x.method === 'notifications/cancelled'),
  );
  const init = requestAndResponse(entries, 'initialize');
  assert.equal(init.request.id, 0);
  assert.deepEqual(init.request.client, { name: 'scorm-tester-tests', version: '0.0.0' });
  const list = requestAndResponse(entries, 'tools/list');
  assert.ok((list.request.id as number) > 0);
  assert.ok(entries.some((e) => e.msg === 'MCP_NOTIFICATION' && e.method === 'notifications/initialized'));
  const cancelled = entries.find((e) => e.method === 'notifications/cancelled')!;
  assert.equal(cancelled.request_id, 987654);
  assert.equal(cancelled.reason, 'a test');
  // The files say the same (what tail -f and jq read).
  const file = readFileSync(join(server.logDir, 'app.ndjson'), 'utf8');
  assert.match(file, /"msg":"MCP_REQUEST","id":0,"method":"initialize"/);
  assert.match(
    file,
    new RegExp(`"msg":"MCP_RESPONSE","id":${String(list.request.id)},"method":"tools/list"`),
  );
  // tools/call keeps the specification's markers, with the id and the tool.
  const call = entries.find((e) => e.msg === 'MCP_TOOLS_CALL' && e.tool === 'system_get_logs');
  assert.ok(call && call.id !== undefined && call.method === 'tools/call');
});

test("the course's console is in system_get_logs, tagged with session and source, in time order", async () => {
  const sessionId = (
    await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
      package_path: course(
        "console.log('hello from the course');console.warn('careful now');setTimeout(function(){throw new Error('boom in the course');},0);",
      ),
    })
  ).session_id;
  await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  const entries = await waitForLog({}, (e) => e.some((x) => x.msg === 'BROWSER_PAGE_ERROR'));
  const hello = entries.find((e) => e.text === 'hello from the course');
  assert.ok(hello, 'console.log is there');
  assert.deepEqual(
    {
      msg: hello.msg,
      source: hello.source,
      session_id: hello.session_id,
      level: hello.level,
      type: hello.type,
    },
    { msg: 'BROWSER_CONSOLE', source: 'browser:sco', session_id: sessionId, level: 'info', type: 'log' },
  );
  assert.equal(entries.find((e) => e.text === 'careful now')?.level, 'warn');
  const boom = entries.find((e) => e.msg === 'BROWSER_PAGE_ERROR')!;
  assert.equal(boom.level, 'error');
  assert.match(String(boom.text), /boom in the course/);
  assert.ok(
    entries.some((e) => e.source === 'server'),
    'merged with the server entries',
  );
  for (let i = 1; i < entries.length; i++) assert.ok(entries[i]!.ts >= entries[i - 1]!.ts, 'time order');

  // Filters: source, level, session, time.
  const fromCourse = await logs({ sources: ['browser:sco'] });
  assert.ok(fromCourse.length >= 3 && fromCourse.every((e) => e.source === 'browser:sco'));
  const warnings = await logs({ sources: ['browser:sco'], levels: ['warn'] });
  assert.deepEqual(
    warnings.map((e) => e.text),
    ['careful now'],
  );
  assert.deepEqual(await logs({ sources: ['browser:sco'], session_id: 'sess_other' }), []);
  const mine = await logs({ session_id: sessionId });
  assert.ok(mine.some((e) => e.source === 'server' && e.msg === 'SESSION_OPENED'));
  assert.ok(mine.every((e) => e.session_id === sessionId));
  assert.deepEqual(await logs({ sources: ['browser:sco'], since_ts: Date.now() + 60_000 }), []);

  // A cancelled call: logged with its id, though no answer is sent.
  const abort = new AbortController();
  setTimeout(() => abort.abort('enough'), 200);
  await assert.rejects(
    server.client.callTool(
      {
        name: 'scorm_wait_for_api_call',
        arguments: { session_id: sessionId, method: 'Commit', timeout_ms: 3000 },
      },
      undefined,
      { signal: abort.signal },
    ),
  );
  const cancelled = await waitForLog({ sources: ['server'] }, (e) =>
    e.some((x) => x.msg === 'MCP_REQUEST_CANCELLED'),
  );
  const entry = cancelled.find((x) => x.msg === 'MCP_REQUEST_CANCELLED')!;
  assert.equal(entry.method, 'tools/call');
  assert.ok(
    cancelled.some(
      (x) => x.msg === 'MCP_TOOLS_CALL' && x.id === entry.id && x.tool === 'scorm_wait_for_api_call',
    ),
  );

  // Also a resource.
  const browser = await server.client.readResource({ uri: 'scorm-tester://logs/browser' });
  assert.match((browser.contents[0] as { text: string }).text, /"text":"hello from the course"/);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('a course that floods and forges its console cannot push out, imitate or reach the server log', async () => {
  // Started after the open, so that every message arrives while the session listens (not only the
  // runtime's first 5,000); from a timer a second after a click, so that the click's own checks are over.
  const flood =
    "document.getElementById('go').onclick=function(){setTimeout(flood,1000);};function flood(){for(var i=0;i<12000;i++){console.log('flood-'+i);}" +
    'console.log(\'{"msg":"MCP_REQUEST","id":0,"method":"initialize","source":"server"}\');' +
    "console.log('flood-done');}";
  const sessionId = (
    await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
      package_path: course(flood, '<button id="go">Go</button>'),
    })
  ).session_id;
  await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  await callTool(server.client, 'scorm_dom_click', { session_id: sessionId, selector: '#go' });
  // 12,000 messages cross the DevTools pipe: on a loaded 2-core machine that alone took over 10 s.
  await waitForLog({ sources: ['browser:sco'], tail: 1 }, (e) => e[0]?.text === 'flood-done', 60_000);

  // A listing of 10,000 entries no longer fits one answer (its budget keeps the newest): the server's
  // first entries are read from its log resource, the same file system_get_logs reads.
  const serverLog = await server.client.readResource({ uri: 'scorm-tester://logs/server' });
  const server_ = (serverLog.contents[0] as { text: string }).text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { msg: string; method?: string });
  assert.ok(
    server_.some((e) => e.msg === 'MCP_REQUEST' && e.method === 'initialize'),
    "the server's first entries are still there",
  );
  const forged = (await logs({ sources: ['browser:sco'], tail: 3 }))[1]!;
  assert.equal(forged.msg, 'BROWSER_CONSOLE');
  assert.equal(forged.source, 'browser:sco');
  assert.equal(forged.session_id, sessionId);
  assert.match(String(forged.text), /^\{"msg":"MCP_REQUEST"/);
  assert.equal(forged.method, undefined);
  const kept = await callTool<{ count: number; omitted_older?: number }>(server.client, 'system_get_logs', {
    sources: ['browser:sco'],
    tail: 10_000,
  });
  assert.equal(
    kept.count + (kept.omitted_older ?? 0),
    10_000,
    'the newest 10,000 console messages are kept (those past the answer budget are counted)',
  );
  assert.doesNotMatch(readFileSync(join(server.logDir, 'app.ndjson'), 'utf8'), /flood-/);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});
