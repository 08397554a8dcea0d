import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO_ROOT } from './paths.js';
import { tempDir } from './temp.js';

export const SERVER_ENTRY = join(REPO_ROOT, 'dist/bundle/mcp-main.js');

export interface StartedServer {
  client: Client;
  logDir: string;
  dataDir: string;
  /** SCORM_TESTER_OUTPUT_DIR of the server (a fresh temp folder unless `env` sets it). */
  outputDir: string;
  stderr: () => string;
  close: () => Promise<void>;
}

/** Starts the real server (compiled) as a child process and connects the SDK's own client over stdio. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const logDir = tempDir('scorm-tester-logs-');
  const dataDir = tempDir('scorm-tester-data-');
  const outputDir = env.SCORM_TESTER_OUTPUT_DIR ?? tempDir('scorm-tester-output-');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY],
    cwd: REPO_ROOT,
    env: {
      ...(process.env as Record<string, string>),
      SCORM_TESTER_LOG_DIR: logDir,
      SCORM_TESTER_DATA_DIR: dataDir,
      SCORM_TESTER_SESSIONS_DIR: tempDir('scorm-tester-sessions-'),
      SCORM_TESTER_OUTPUT_DIR: outputDir,
      // Each tool result is checked against the tool's outputSchema (see src/mcp/output-check.ts).
      SCORM_TESTER_CHECK_OUTPUT: '1',
      ...env,
    },
    stderr: 'pipe',
  });
  let stderrText = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString();
  });
  const client = new Client({ name: 'scorm-tester-tests', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    logDir,
    dataDir,
    outputDir,
    stderr: () => stderrText,
    close: async () => {
      await client.close();
    },
  };
}

/** The SDK's 60 s default is too short for the heaviest calls on a loaded 2-core machine. */
const TOOL_CALL_TIMEOUT_MS = 180_000;

/** Calls a tool and returns its structured data; throws when the call fails (an isError result or a JSON-RPC error). */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await client.callTool({ name, arguments: args }, undefined, {
    timeout: TOOL_CALL_TIMEOUT_MS,
  });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent as T;
}

/** Opens a session on a package (with any other scorm_session_open/scorm_runtime_open arguments) and its runtime. */
export async function openSessionRuntime(
  client: Client,
  packagePath: string,
  sessionArgs: Record<string, unknown> = {},
  runtimeArgs: Record<string, unknown> = {},
): Promise<string> {
  const { session_id } = await callTool<{ session_id: string }>(client, 'scorm_session_open', {
    package_path: packagePath,
    ...sessionArgs,
  });
  await callTool(client, 'scorm_runtime_open', { session_id, ...runtimeArgs });
  return session_id;
}

/** A failed call as the isError result's structuredContent carries it. */
export interface ToolFailure {
  error_code: string;
  message: string;
  details: Record<string, unknown>;
  /** The whole structuredContent (`{ error_code, message, details }`). */
  data: Record<string, unknown>;
}

/**
 * Calls a tool expecting it to fail the way MCP reports a tool's own failure: a result with
 * `isError: true`, `structuredContent` `{ error_code, message, details }` and the same JSON as its text.
 * A JSON-RPC error or a successful result fails the test.
 */
export async function callToolError(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolFailure> {
  const result = await client.callTool({ name, arguments: args }, undefined, {
    timeout: TOOL_CALL_TIMEOUT_MS,
  });
  if (result.isError !== true)
    throw new Error(`expected ${name} to fail, got ${JSON.stringify(result).slice(0, 300)}`);
  const data = result.structuredContent as Record<string, unknown> | undefined;
  if (!data) throw new Error(`${name}: an isError result without structuredContent`);
  const { error_code, message, details } = data;
  if (
    typeof error_code !== 'string' ||
    typeof message !== 'string' ||
    typeof details !== 'object' ||
    !details
  ) {
    throw new Error(`${name}: the error is not { error_code, message, details }: ${JSON.stringify(data)}`);
  }
  const text = (result.content as Array<{ type: string; text?: string }>).find(
    (c) => c.type === 'text',
  )?.text;
  if (text !== JSON.stringify(data))
    throw new Error(`${name}: the error's text differs from its structuredContent`);
  return { error_code, message, details: details as Record<string, unknown>, data };
}

/**
 * Calls a tool expecting a JSON-RPC error: a protocol error (an unknown tool), or any failure under
 * SCORM_TESTER_TOOL_ERRORS=jsonrpc. Returns the error's code, data.error_code, message and data.
 */
export async function callToolRejected(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ code: number; error_code: string; message: string; data: Record<string, unknown> }> {
  let result;
  try {
    result = await client.callTool({ name, arguments: args }, undefined, { timeout: TOOL_CALL_TIMEOUT_MS });
  } catch (error) {
    const e = error as { code: number; message: string; data?: Record<string, unknown> };
    return { code: e.code, error_code: String(e.data?.error_code), message: e.message, data: e.data ?? {} };
  }
  throw new Error(`expected ${name} to get a JSON-RPC error, got ${JSON.stringify(result).slice(0, 300)}`);
}
