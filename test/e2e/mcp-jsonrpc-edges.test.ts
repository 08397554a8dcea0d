/**
 * JSON-RPC edge cases, written as raw lines to the real server process over stdio. Before, the SDK's stdio
 * transport dropped these lines without a reply (the client waited forever), and a tools/call without
 * params got -32603 with a raw schema dump.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SERVER_ENTRY } from '../helpers/mcp-client.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

interface Reply {
  jsonrpc: string;
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: { error_code?: string } };
}

let child: ChildProcessWithoutNullStreams;
let logDir: string;
const pending: Array<(reply: Reply) => void> = [];
const early: Reply[] = [];

before(async () => {
  logDir = tempDir('scorm-tester-logs-');
  child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SCORM_TESTER_LOG_DIR: logDir,
      SCORM_TESTER_DATA_DIR: tempDir('scorm-tester-data-'),
      SCORM_TESTER_SESSIONS_DIR: tempDir('scorm-tester-sessions-'),
      SCORM_TESTER_OUTPUT_DIR: tempDir('scorm-tester-output-'),
    },
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reply = JSON.parse(line) as Reply;
    const waiter = pending.shift();
    if (waiter) waiter(reply);
    else early.push(reply);
  });
  const init = await send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  );
  assert.ok(init.result);
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
});

after(() => {
  child.stdin.end();
});

/** Writes one raw line and waits for the next line the server prints (10 s at most). */
function send(line: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reply within 10 s to ${line.slice(0, 80)}`)), 10_000);
    pending.push((reply) => {
      clearTimeout(timer);
      resolve(reply);
    });
    child.stdin.write(line + '\n');
  });
}

test('malformed JSON: -32700 Parse error with id null', async () => {
  const r = await send('{"jsonrpc":"2.0","id":1,"method":');
  assert.equal(r.id, null);
  assert.equal(r.error?.code, -32700);
  assert.match(r.error?.message ?? '', /^Parse error/);
});

test('params:null: -32602 with data.error_code MCP_INVALID_PARAMS and the request id', async () => {
  const r = await send('{"jsonrpc":"2.0","id":2,"method":"tools/list","params":null}');
  assert.equal(r.id, 2);
  assert.equal(r.error?.code, -32602);
  assert.equal(r.error?.data?.error_code, 'MCP_INVALID_PARAMS');
});

test('"jsonrpc":"1.0": -32600 Invalid Request with the request id', async () => {
  const r = await send('{"jsonrpc":"1.0","id":3,"method":"tools/list"}');
  assert.equal(r.id, 3);
  assert.equal(r.error?.code, -32600);
  assert.match(r.error?.message ?? '', /"2\.0"/);
});

test('batch array: -32600 Invalid Request with id null (nothing in it runs)', async () => {
  const r = await send(
    '[{"jsonrpc":"2.0","id":4,"method":"tools/list"},{"jsonrpc":"2.0","id":5,"method":"ping"}]',
  );
  assert.equal(r.id, null);
  assert.equal(r.error?.code, -32600);
  assert.match(r.error?.message ?? '', /batch/i);
});

test('tools/call with no params: -32602 / MCP_INVALID_PARAMS, not -32603 with a schema dump', async () => {
  const r = await send('{"jsonrpc":"2.0","id":6,"method":"tools/call"}');
  assert.equal(r.id, 6);
  assert.equal(r.error?.code, -32602);
  assert.equal(r.error?.data?.error_code, 'MCP_INVALID_PARAMS');
  assert.doesNotMatch(r.error?.message ?? '', /"code":|\[\s*\{/);
  const noName = await send('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{}}}');
  assert.equal(noName.error?.code, -32602);
  assert.match(noName.error?.message ?? '', /name/);
});

test('other shapes: a bare value, an object id, an unknown member; a bad notification gets no reply', async () => {
  const bare = await send('42');
  assert.deepEqual([bare.id, bare.error?.code], [null, -32600]);
  const objectId = await send('{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}');
  assert.deepEqual([objectId.id, objectId.error?.code], [null, -32600]);
  const extra = await send('{"jsonrpc":"2.0","id":8,"method":"ping","extra":true}');
  assert.deepEqual([extra.id, extra.error?.code], [8, -32600]);
  assert.match(extra.error?.message ?? '', /extra/);
  // A notification is never answered: the next line printed is the ping's reply.
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":null}\n');
  const ping = await send('{"jsonrpc":"2.0","id":9,"method":"ping"}');
  assert.deepEqual([ping.id, ping.error], [9, undefined]);
  assert.equal(early.length, 0);
});

test('the server keeps serving after all of that, and logs each rejected line', async () => {
  const r = await send(
    '{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"system_get_logs","arguments":{"tail":1}}}',
  );
  assert.equal(r.id, 10);
  assert.ok(r.result);
  const log = readFileSync(join(logDir, 'app.ndjson'), 'utf8');
  assert.ok((log.match(/MCP_PROTOCOL_ERROR/g) ?? []).length >= 8);
});
