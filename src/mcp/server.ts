/**
 * The MCP server: a low-level SDK `Server` so that tool failures become JSON-RPC errors
 * (-32602 / -32000 with data.error_code, as the spec requires) instead of isError results.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isScormTesterError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { SERVER_INSTRUCTIONS } from './instructions.js';
import { parseToolArgs, type ToolDefinition } from './tool.js';
import { VERSION } from '../core/version.js';

/** A JSON-RPC error as the SDK's protocol layer sends it: it copies code, message and data. */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const INVALID_PARAMS = -32602;
export const TOOL_ERROR = -32000;

export interface ServerOptions {
  tools: ToolDefinition[];
  /** Tools that exist but whose group is switched off (callers get MCP_TOOL_DISABLED). */
  disabledTools: ToolDefinition[];
  logger: Logger;
}

export function createMcpServer(options: ServerOptions): Server {
  const { logger } = options;
  const byName = new Map(options.tools.map((t) => [t.name, t]));
  const disabled = new Map(options.disabledTools.map((t) => [t.name, t]));
  // Built on the first tools/list, not at start: converting every schema costs ~35 ms the initialize
  // reply does not need.
  let listed: Array<{
    name: string;
    description: string;
    inputSchema: ReturnType<typeof toInputSchema>;
  }> | null = null;

  const server = new Server(
    { name: 'scorm-tester', version: VERSION },
    { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    listed ??= options.tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: toInputSchema(t),
    }));
    return { tools: listed };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const id = extra.requestId;
    const name = request.params.name;
    const started = Date.now();
    logger.info('MCP_TOOLS_CALL', { id, method: 'tools/call', tool: name, args: request.params.arguments });
    try {
      const tool = byName.get(name);
      if (!tool) {
        if (disabled.has(name)) {
          const group = disabled.get(name)!.group;
          throw new JsonRpcError(
            INVALID_PARAMS,
            `Tool ${name} is switched off: its group "${group}" is not in SCORM_TESTER_TOOLSETS. Add "${group}" (or "all") to enable it.`,
            { error_code: 'MCP_TOOL_DISABLED' },
          );
        }
        throw new JsonRpcError(
          INVALID_PARAMS,
          `Unknown tool "${name}". Call tools/list for the available tools.`,
          {
            error_code: 'MCP_INVALID_PARAMS',
          },
        );
      }
      const parsed = parseToolArgs(tool, request.params.arguments);
      if (!parsed.ok) {
        throw new JsonRpcError(INVALID_PARAMS, `Invalid parameters for ${name}: ${parsed.summary}`, {
          error_code: 'MCP_INVALID_PARAMS',
          issues: parsed.issues,
        });
      }
      const result = await tool.handler(parsed.data, { requestId: id, signal: extra.signal });
      const data = (result.data ?? {}) as Record<string, unknown>;
      logger.info('MCP_TOOLS_RESULT', {
        id,
        method: 'tools/call',
        tool: name,
        duration_ms: Date.now() - started,
      });
      return {
        content: [{ type: 'text' as const, text: JSON.stringify(data) }, ...(result.content ?? [])],
        structuredContent: data,
      };
    } catch (error) {
      const rpc = toJsonRpcError(error);
      logger.log(rpc.code === INVALID_PARAMS ? 'warn' : 'error', 'MCP_TOOLS_ERROR', {
        id,
        method: 'tools/call',
        tool: name,
        duration_ms: Date.now() - started,
        code: rpc.code,
        error_code: rpc.data.error_code,
        message: rpc.message,
        stack:
          error instanceof Error && !isScormTesterError(error) && !(error instanceof JsonRpcError)
            ? error.stack
            : undefined,
      });
      throw rpc;
    }
  });

  return server;
}

function toJsonRpcError(error: unknown): JsonRpcError {
  if (error instanceof JsonRpcError) return error;
  if (isScormTesterError(error)) {
    const code = error.code === 'MCP_INVALID_PARAMS' ? INVALID_PARAMS : TOOL_ERROR;
    return new JsonRpcError(code, error.message, {
      error_code: error.code,
      ...(error.details ? { details: error.details } : {}),
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new JsonRpcError(
    TOOL_ERROR,
    `Internal error: ${message}. This is a bug in scorm-tester; the log has the stack trace.`,
    {
      error_code: 'INTERNAL_ERROR',
    },
  );
}

function toInputSchema(tool: ToolDefinition): { type: 'object'; [key: string]: unknown } {
  const schema = z.toJSONSchema(z.object(tool.input).strict(), {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete schema.$schema;
  return { ...schema, type: 'object' };
}
