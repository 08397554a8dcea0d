import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  callToolRejected,
  SERVER_ENTRY,
  startServer,
  type StartedServer,
} from '../helpers/mcp-client.js';
import { appLogEntries } from '../helpers/app-log.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { until } from '../helpers/until.js';

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('initialize advertises the server, its version and a workflow in instructions', () => {
  const info = server.client.getServerVersion();
  assert.equal(info?.name, 'scorm-tester');
  const instructions = server.client.getInstructions() ?? '';
  assert.match(instructions, /scorm_validate_workspace/);
  assert.match(instructions, /scorm_session_open/);
});

test('tools/list: every tool has an object input schema and a short description', async () => {
  const { tools } = await server.client.listTools();
  assert.ok(tools.length >= 2);
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, 'object', tool.name);
    assert.ok(tool.description && tool.description.length < 600, `${tool.name} description length`);
  }
  const names = tools.map((t) => t.name);
  assert.ok(names.includes('system_get_logs'));
  assert.ok(names.includes('system_set_log_level'));
});

test('invalid params -> an isError result with MCP_INVALID_PARAMS and the offending field named', async () => {
  const error = await callToolError(server.client, 'system_set_log_level', { level: 'loud' });
  assert.equal(error.error_code, 'MCP_INVALID_PARAMS');
  assert.match(error.message, /level/);
  assert.ok(Array.isArray(error.details.issues), 'the schema issues are the details');
  const unknownField = await callToolError(server.client, 'system_get_logs', { tial: 3 });
  assert.equal(unknownField.error_code, 'MCP_INVALID_PARAMS');
  assert.match(unknownField.message, /tial/);
});

test('unknown tool -> a protocol error: JSON-RPC -32602 with MCP_INVALID_PARAMS', async () => {
  const error = await callToolRejected(server.client, 'scorm_does_not_exist', {});
  assert.equal(error.code, -32602);
  assert.equal(error.error_code, 'MCP_INVALID_PARAMS');
});

test('every call is logged with its JSON-RPC id and markers; system_get_logs filters by level', async () => {
  await callTool(server.client, 'system_set_log_level', { level: 'debug' });
  const logs = await callTool<{ entries: Array<{ msg: string; id?: number; level: string }> }>(
    server.client,
    'system_get_logs',
    { tail: 50 },
  );
  const calls = logs.entries.filter((e) => e.msg === 'MCP_TOOLS_CALL');
  assert.ok(calls.length >= 1);
  assert.ok(calls.every((e) => typeof e.id === 'number'));
  assert.ok(logs.entries.some((e) => e.msg === 'MCP_TOOLS_RESULT'));
  assert.ok(logs.entries.some((e) => e.msg === 'MCP_TOOLS_ERROR'));
  const warnOnly = await callTool<{ entries: Array<{ level: string }> }>(server.client, 'system_get_logs', {
    levels: ['warn'],
  });
  assert.ok(warnOnly.entries.length > 0 && warnOnly.entries.every((e) => e.level === 'warn'));
  const future = await callTool<{ count: number }>(server.client, 'system_get_logs', {
    since_ts: Date.now() + 60_000,
  });
  assert.equal(future.count, 0);

  assert.ok(appLogEntries(server.logDir).length > 0, 'every finished line of app.ndjson is JSON');
  assert.ok(statSync(join(server.logDir, 'app.log')).size > 0);
  await callTool(server.client, 'system_set_log_level', { level: 'info' });
});

for (const via of ['node', 'npm run mcp'] as const) {
  test(`stdout carries only JSON-RPC messages (${via})`, async () => {
    const logDir = tempDir('scorm-tester-raw-');
    const env = { ...process.env, SCORM_TESTER_LOG_DIR: logDir };
    const child =
      via === 'node'
        ? spawn(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env })
        : spawn('npm', ['run', 'mcp'], { cwd: REPO_ROOT, env, shell: process.platform === 'win32' });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const send = (msg: object): boolean => child.stdin.write(JSON.stringify(msg) + '\n');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'system_get_logs', arguments: { tail: 1 } },
    });
    send({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'system_set_log_level', arguments: {} },
    });
    send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'scorm_nope', arguments: {} } });
    child.stdin.write('this is not json\n');
    // Five answers (ids 1-5) and the parse error: wait for all six before closing stdin.
    await until(
      async () => (out.trim().split('\n').length >= 6 ? true : undefined),
      'six answers on stdout',
      60_000,
    );
    child.stdin.end();
    await new Promise((r) => child.on('exit', r));
    const lines = out.trim().split('\n');
    assert.ok(lines.length >= 4, out);
    for (const line of lines) {
      const msg = JSON.parse(line) as { jsonrpc: string };
      assert.equal(msg.jsonrpc, '2.0');
    }
    const byId = new Map(
      lines
        .map(
          (l) =>
            JSON.parse(l) as {
              id?: number;
              result?: { isError?: boolean; structuredContent?: { error_code?: string } };
              error?: { code: number; data?: { error_code?: string } };
            },
        )
        .map((m) => [m.id, m]),
    );
    // Invalid arguments are the tool's error (an isError result); an unknown tool is a protocol error.
    assert.equal(byId.get(4)?.result?.isError, true);
    assert.equal(byId.get(4)?.result?.structuredContent?.error_code, 'MCP_INVALID_PARAMS');
    assert.equal(byId.get(5)?.error?.code, -32602);
    assert.equal(byId.get(5)?.error?.data?.error_code, 'MCP_INVALID_PARAMS');
  });
}

test('logs are cleared at start-up and truncated past SCORM_TESTER_MAX_LOG_BYTES', async () => {
  const small = await startServer({ SCORM_TESTER_MAX_LOG_BYTES: '4000' });
  try {
    for (let i = 0; i < 30; i++) await callTool(small.client, 'system_get_logs', { tail: 1 });
    const size = statSync(join(small.logDir, 'app.ndjson')).size;
    assert.ok(size <= 4000, `app.ndjson is ${size} bytes`);
    assert.match(readFileSync(join(small.logDir, 'app.ndjson'), 'utf8'), /LOG_TRUNCATED/);
  } finally {
    await small.close();
  }
  const again = await startServer({ SCORM_TESTER_LOG_DIR: small.logDir });
  try {
    const text = readFileSync(join(small.logDir, 'app.ndjson'), 'utf8');
    assert.doesNotMatch(text, /LOG_TRUNCATED/);
  } finally {
    await again.close();
  }
});

test('SCORM_TESTER_TOOLSETS switches groups off; calling a switched-off tool says how to enable it', async () => {
  const limited = await startServer({ SCORM_TESTER_TOOLSETS: 'system' });
  try {
    const { tools } = await limited.client.listTools();
    assert.ok(tools.every((t) => t.name.startsWith('system_')));
    const error = await callToolError(limited.client, 'scorm_lint_manifest', { workspace_path: REPO_ROOT });
    assert.equal(error.error_code, 'MCP_TOOL_DISABLED');
    assert.match(error.message, /SCORM_TESTER_TOOLSETS/);
  } finally {
    await limited.close();
  }
});
