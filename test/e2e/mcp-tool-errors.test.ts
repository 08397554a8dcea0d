/**
 * Tool errors as MCP clients expect them, through the SDK's own client on the real server: every error
 * code of docs/mcp-protocol.md's table that a client can provoke comes back as an isError result whose
 * structuredContent carries it (after tools/list, so the SDK client's output-schema check is on);
 * protocol errors stay JSON-RPC errors; SCORM_TESTER_TOOL_ERRORS=jsonrpc restores the specification's
 * JSON-RPC form with the same codes and messages.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  callToolRejected,
  SERVER_ENTRY,
  startServer,
  type StartedServer,
  type ToolFailure,
} from '../helpers/mcp-client.js';
import { writePackage } from '../helpers/course-builder.js';
import { singleScoPackage } from '../helpers/single-sco.js';
import { buildZip } from '../helpers/zip-writer.js';
import { tempDir } from '../helpers/temp.js';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';

/**
 * The codes of the table that no client can provoke, and why (docs/mcp-protocol.md says the same).
 */
const NOT_PROVOKABLE: Record<string, string> = {
  SCORM_API_ERROR:
    'the run-time engine threw instead of answering: it answers a wrong call with "false" and an RTE error code, and no call is known that makes it throw',
  INTERNAL_ERROR: 'a bug of ours; a fixed bug cannot be provoked any more',
  SN_BRIDGE_UNAVAILABLE:
    'reserved: sequencing runs in our own engine in the server process, there is no bridge',
  SN_BRIDGE_ERROR: 'reserved: there is no bridge',
  SN_RESET_FAILED: 'reserved: scorm_sn_reset fails with SN_INIT_FAILED or SESSION_STATE_CORRUPT',
  CONSOLE_ERROR_FETCH_FAILED: 'reserved: the console is recorded in memory, so reading it cannot fail',
};

const MISSING_LAUNCH = join(FIXTURES_DIR, 'courses/missing-launch');

/** A 2004 course whose sequencing cannot start: an item refers to a sequencing set that does not exist. */
function danglingSequencingCourse(): string {
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.dangling" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Dangling</title>
    <item identifier="a" identifierref="r"><title>A</title><imsss:sequencing IDRef="no-such-set"/></item>
    <item identifier="b" identifierref="r"><title>B</title></item>
  </organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="a.html"><file href="a.html"/></resource></resources>
</manifest>`,
    'a.html': '<!DOCTYPE html><html><body>a</body></html>',
  });
}

function zipSlipPackage(): string {
  const path = join(tempDir('scorm-tester-zip-'), 'slip.zip');
  writeFileSync(
    path,
    buildZip([
      { name: 'imsmanifest.xml', data: Buffer.from('<manifest/>') },
      { name: '../../evil.txt', data: Buffer.from('x') },
    ]),
  );
  return path;
}

/** The codes in docs/mcp-protocol.md's "Error codes" table (a row may name several). */
function documentedCodes(): string[] {
  const doc = readFileSync(join(REPO_ROOT, 'docs/mcp-protocol.md'), 'utf8');
  const from = doc.indexOf('### Error codes');
  const table = doc.slice(from, doc.indexOf('\n## ', from));
  const rows = table.split('\n').filter((line) => /^\| `[A-Z]/.test(line));
  return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

/** The JSON-RPC form's data as the result form's details: its `details`, else its other fields (`issues`). */
function detailsOf(data: Record<string, unknown>): unknown {
  const { error_code: _code, details, ...rest } = data;
  return details ?? rest;
}

let server: StartedServer;
/** Two sessions of the main server: one with its runtime open, one without. */
let running: string;
let idle: string;

before(async () => {
  server = await startServer();
  // The SDK client checks a result's structuredContent against the outputSchema of a listed tool only.
  await server.client.listTools();
  running = (
    await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
      package_path: singleScoPackage({ version: '2004', script: 'api.Initialize("");' }),
    })
  ).session_id;
  idle = (
    await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
      package_path: singleScoPackage({ version: '2004', script: 'api.Initialize("");' }),
    })
  ).session_id;
});
after(async () => {
  await server.close();
});

/** How the main server is made to answer each code (MCP_TOOL_DISABLED and BROWSER_REQUIRED need their own). */
const PROVOKE: Record<string, () => Promise<ToolFailure>> = {
  MCP_INVALID_PARAMS: () => callToolError(server.client, 'system_set_log_level', { level: 'loud' }),
  MCP_UNKNOWN_SESSION: () =>
    callToolError(server.client, 'scorm_session_status', { session_id: 'sess_nope' }),
  PATH_RESOLUTION_ERROR: () =>
    callToolError(server.client, 'scorm_validate_workspace', { workspace_path: '/no/such/course' }),
  MANIFEST_NOT_FOUND: () =>
    callToolError(server.client, 'scorm_lint_manifest', {
      workspace_path: writePackage({ 'index.html': '<p>hi</p>' }),
    }),
  MANIFEST_VALIDATION_ERROR: () =>
    callToolError(server.client, 'scorm_session_open', {
      package_path: writePackage({ 'imsmanifest.xml': '<manifest><organizations>' }),
    }),
  MANIFEST_LAUNCH_NOT_FOUND: () =>
    callToolError(server.client, 'scorm_test_api_integration', { workspace_path: MISSING_LAUNCH }),
  CONTENT_FILE_MISSING: () =>
    callToolError(server.client, 'scorm_lint_api_usage', { workspace_path: MISSING_LAUNCH }),
  ZIP_SLIP: () => callToolError(server.client, 'scorm_lint_manifest', { workspace_path: zipSlipPackage() }),
  SESSION_CLOSED: async () => {
    const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
      package_path: singleScoPackage({ version: '2004', script: 'api.Initialize("");' }),
    });
    await callTool(server.client, 'scorm_session_close', { session_id });
    return callToolError(server.client, 'scorm_runtime_open', { session_id });
  },
  RUNTIME_NOT_OPEN: () => callToolError(server.client, 'scorm_accessibility_audit', { session_id: idle }),
  INVALID_SCORM_METHOD: () =>
    callToolError(server.client, 'scorm_api_call', { session_id: running, method: 'LMSGetValues' }),
  SN_INIT_FAILED: async () => {
    const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
      package_path: danglingSequencingCourse(),
    });
    try {
      return await callToolError(server.client, 'scorm_sn_init', { session_id });
    } finally {
      await callTool(server.client, 'scorm_close_course', { session_id });
    }
  },
};
/**
 * Provoked on a server with some groups switched off and no usable Chromium; the remote browser codes on
 * servers given a SCORM_TESTER_BROWSER_WS that cannot be used (test/e2e/mcp-remote-browser.test.ts).
 */
const PROVOKED_ELSEWHERE = [
  'MCP_TOOL_DISABLED',
  'BROWSER_REQUIRED',
  'BROWSER_UNREACHABLE',
  'BROWSER_UNSUITABLE',
];

test("every code of the docs' table is provoked here or argued as not provokable", () => {
  const documented = documentedCodes();
  assert.ok(documented.length >= 15, `codes read from the table: ${documented.join(', ')}`);
  const covered = [...Object.keys(PROVOKE), ...PROVOKED_ELSEWHERE, ...Object.keys(NOT_PROVOKABLE)];
  assert.deepEqual([...documented].sort(), [...covered].sort());
});

for (const [code, provoke] of Object.entries(PROVOKE)) {
  test(`${code}: an isError result carrying it, with a message and details`, async () => {
    const failure = await provoke();
    assert.equal(failure.error_code, code, failure.message);
    assert.ok(failure.message.length > 0);
    assert.deepEqual(failure.data, { error_code: code, message: failure.message, details: failure.details });
  });
}

test('invalid parameters name the field in the message and list the schema issues in details', async () => {
  const failure = await callToolError(server.client, 'system_get_logs', { tial: 3 });
  assert.equal(failure.error_code, 'MCP_INVALID_PARAMS');
  assert.match(failure.message, /tial/);
  assert.ok(Array.isArray(failure.details.issues) && failure.details.issues.length > 0);
});

test('after an error the session goes on: the runtime still answers', async () => {
  await callToolError(server.client, 'scorm_api_call', { session_id: running, method: 'LMSGetValues' });
  const got = await callTool<{ result: string }>(server.client, 'scorm_api_call', {
    session_id: running,
    method: 'GetValue',
    args: ['cmi.mode'],
  });
  assert.equal(got.result, 'normal');
});

test('protocol errors stay JSON-RPC errors: an unknown tool is -32602 with MCP_INVALID_PARAMS', async () => {
  const unknown = await callToolRejected(server.client, 'scorm_no_such_tool', {});
  assert.equal(unknown.code, -32602);
  assert.equal(unknown.error_code, 'MCP_INVALID_PARAMS');
  assert.match(unknown.message, /Unknown tool/);
});

test('MCP_TOOL_DISABLED and BROWSER_REQUIRED are isError results too', async () => {
  const limited = await startServer({
    SCORM_TESTER_TOOLSETS: 'validation,session,runtime',
    SCORM_TESTER_CHROMIUM: '/nonexistent/chromium',
  });
  try {
    await limited.client.listTools();
    const disabled = await callToolError(limited.client, 'scorm_dom_click', {
      session_id: 'sess_x',
      selector: 'a',
    });
    assert.equal(disabled.error_code, 'MCP_TOOL_DISABLED');
    assert.match(disabled.message, /"dom"/);
    const { session_id } = await callTool<{ session_id: string }>(limited.client, 'scorm_session_open', {
      package_path: singleScoPackage({ version: '2004', script: 'api.Initialize("");' }),
    });
    const noBrowser = await callToolError(limited.client, 'scorm_runtime_open', { session_id });
    assert.equal(noBrowser.error_code, 'BROWSER_REQUIRED');
    assert.match(noBrowser.message, /SCORM_TESTER_CHROMIUM/);
  } finally {
    await limited.close();
  }
});

test('SCORM_TESTER_TOOL_ERRORS=jsonrpc: the specification form, with the same codes, messages and details', async () => {
  const spec = await startServer({ SCORM_TESTER_TOOL_ERRORS: 'jsonrpc' });
  try {
    await spec.client.listTools();
    const invalid = await callToolRejected(spec.client, 'system_set_log_level', { level: 'loud' });
    assert.equal(invalid.code, -32602);
    assert.equal(invalid.error_code, 'MCP_INVALID_PARAMS');
    assert.ok(Array.isArray(invalid.data.issues));
    const unknownSession = await callToolRejected(spec.client, 'scorm_session_status', {
      session_id: 'sess_nope',
    });
    assert.equal(unknownSession.code, -32000);
    assert.equal(unknownSession.error_code, 'MCP_UNKNOWN_SESSION');
    const unknownTool = await callToolRejected(spec.client, 'scorm_no_such_tool', {});
    assert.equal(unknownTool.code, -32602);

    // The same failures in both forms: same code, message and details.
    const cases: Array<[string, Record<string, unknown>]> = [
      ['system_set_log_level', { level: 'loud' }],
      ['scorm_session_status', { session_id: 'sess_nope' }],
      ['scorm_validate_workspace', { workspace_path: '/no/such/course' }],
      ['scorm_lint_api_usage', { workspace_path: MISSING_LAUNCH }],
    ];
    for (const [name, args] of cases) {
      const asResult = await callToolError(server.client, name, args);
      const asRpc = await callToolRejected(spec.client, name, args);
      assert.equal(asRpc.error_code, asResult.error_code, name);
      assert.equal(asRpc.message, `MCP error ${asRpc.code}: ${asResult.message}`, name);
      assert.deepEqual(detailsOf(asRpc.data), asResult.details, name);
    }
  } finally {
    await spec.close();
  }
});

test('an unknown SCORM_TESTER_TOOL_ERRORS value stops the server at start with exit code 2', () => {
  const run = spawnSync(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SCORM_TESTER_TOOL_ERRORS: 'isError',
      SCORM_TESTER_LOG_DIR: tempDir('scorm-tester-logs-'),
    },
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /SCORM_TESTER_TOOL_ERRORS must be "result" \(the default\) or "jsonrpc"/);
  assert.equal(run.stdout, '');
});
