/**
 * What the journey benchmarks share: a real MCP server (any build: the server's entry file is a parameter,
 * so a frozen earlier build can be measured the same way) over the SDK's stdio client, and the record of
 * what each tool result costs the model.
 */
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { tempDir } from '../test/helpers/temp.js';

/** The size of one tool result as the model is shown it. */
export interface MeasuredResult {
  tool: string;
  /**
   * bytes/4 of the text content, plus the JSON of structuredContent when no text block already carries it
   * (a client hands the model one of the two copies, not both), or of a JSON-RPC error.
   */
  tokens: number;
  /** Base64 bytes of image content, kept apart: a model pays for images by resolution, not by bytes. */
  image_bytes: number;
  failed: boolean;
  /** The error_code of a failed call, so that a journey that could not go on says why. */
  error_code?: string;
  /** What the model was shown as data (structuredContent), for `--breakdown` and `--dump`. */
  answer?: unknown;
}

export const CALL_TIMEOUT_MS = 180_000;

type CallResult = Awaited<ReturnType<Client['callTool']>>;

/** What a result costs the model: its text blocks and its structuredContent (images apart). */
export function measure(tool: string, result: CallResult): MeasuredResult {
  let bytes = 0;
  let imageBytes = 0;
  // Both copies count: a client may show the model the text content and structuredContent alike.
  for (const item of (result.content ?? []) as Array<{ type: string; text?: string; data?: string }>) {
    if (item.type === 'text') bytes += Buffer.byteLength(item.text ?? '');
    else if (item.type === 'image') imageBytes += Buffer.byteLength(item.data ?? '');
    else bytes += Buffer.byteLength(JSON.stringify(item));
  }
  if (result.structuredContent !== undefined)
    bytes += Buffer.byteLength(JSON.stringify(result.structuredContent));
  const failed = result.isError === true;
  const code = (result.structuredContent as { error_code?: unknown } | undefined)?.error_code;
  return {
    tool,
    tokens: bytes / 4,
    image_bytes: imageBytes,
    failed,
    ...(failed && typeof code === 'string' ? { error_code: code } : {}),
    ...(result.structuredContent === undefined ? {} : { answer: result.structuredContent }),
  };
}

/** Starts the server at `serverEntry` with private folders; its repository root is its working directory. */
export async function connect(serverEntry: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry],
    cwd: dirname(dirname(dirname(serverEntry))),
    env: {
      ...(process.env as Record<string, string>),
      SCORM_TESTER_LOG_DIR: tempDir('scorm-tester-journey-logs-'),
      SCORM_TESTER_DATA_DIR: tempDir('scorm-tester-journey-data-'),
      SCORM_TESTER_SESSIONS_DIR: tempDir('scorm-tester-journey-sessions-'),
      SCORM_TESTER_OUTPUT_DIR: tempDir('scorm-tester-journey-output-'),
    },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'scorm-tester-journey-bench', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool call measured into `results`: its structured answer (an error's too), undefined when it threw. */
export type MeasuredCall = (tool: string, args: Record<string, unknown>) => Promise<unknown>;

/**
 * Calls a tool and records its measured result. A failed call (isError or a JSON-RPC error) is recorded
 * with its error_code, so that a journey goes on or stops by its own rules.
 */
export function measuredCaller(client: Client, results: MeasuredResult[]): MeasuredCall {
  return async (tool, args) => {
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: CALL_TIMEOUT_MS,
      });
      results.push(measure(tool, result));
      return result.structuredContent;
    } catch (error) {
      const e = error as { message?: string; data?: unknown };
      const shown = Buffer.byteLength(JSON.stringify({ message: e.message, data: e.data }));
      const code = (e.data as { error_code?: unknown } | undefined)?.error_code;
      results.push({
        tool,
        tokens: shown / 4,
        image_bytes: 0,
        failed: true,
        ...(typeof code === 'string' ? { error_code: code } : {}),
      });
      return undefined;
    }
  };
}

/** Our own build's server entry. */
export function ownServerEntry(packageRoot: string): string {
  return join(packageRoot, 'dist/bundle/mcp-main.js');
}
