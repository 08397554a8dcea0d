/**
 * The MCP server. It uses the SDK's low-level `Server` to decide itself how each failure is answered
 * (src/mcp/tool-error-result.ts): a failure of the tool's own work, invalid arguments included, is an
 * `isError` result carrying the product spec's `error_code` (or, with SCORM_TESTER_TOOL_ERRORS=jsonrpc,
 * the spec's JSON-RPC error: -32602, or -32000 with data.error_code); an unknown tool is a protocol
 * error either way. The SDK's high-level `McpServer` would answer every failure, unknown tools included,
 * as a bare `isError` text without our codes.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isScormTesterError } from '../core/errors.js';
import { mcpErrorCode } from './error-codes.js';
import type { Logger } from '../core/logger.js';
import { isCancelled, untilCancelled } from '../core/progress.js';
import { SERVER_INSTRUCTIONS } from './instructions.js';
import { outputCheckFromEnv } from './output-check.js';
import { leanJsonSchema } from './lean-schema.js';
import { toolErrorResult, type ToolErrorForm } from './tool-error-result.js';
import { admitToolError } from './error-output-schema.js';
import { shareRepeatedSubschemas } from './shared-subschemas.js';
import { shallowOutputSchema } from './shallow-output-schema.js';
import { compactOutputSchema } from './compact-output-schema.js';
import { BrowserConsoleLog } from '../app/browser-console.js';
import { ResourceCatalog } from './resources/catalog.js';
import { AnswerGuard, logAnswerCuts } from './answer-guard.js';
import { RESOURCES_CAPABILITY, serveResources } from './resources/register.js';
import { parseToolArgs, type ToolContext, type ToolDefinition } from '../app/tool.js';
import { VERSION } from '../core/version.js';

/** A JSON-RPC error as the SDK's protocol layer sends it: it copies code, message and data. */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: Record<string, unknown>,
    /** A protocol error (MCP: "unknown tools") stays a JSON-RPC error in every form. */
    readonly protocol = false,
  ) {
    super(message);
  }
}

export const INVALID_PARAMS = -32602;
export const TOOL_ERROR = -32000;
/** MCP's code for resources/read of an unknown resource. */
export const RESOURCE_NOT_FOUND = -32002;

export interface ServerOptions {
  tools: ToolDefinition[];
  /** Tools that exist but whose group is switched off (callers get MCP_TOOL_DISABLED). */
  disabledTools: ToolDefinition[];
  logger: Logger;
  /**
   * Listed and read as MCP resources; tool results link what a call added to it. Without one (a server
   * built only to list its tools), the server lists its logs alone.
   */
  resources?: ResourceCatalog;
  /** How a failed tool call is answered (default `result`: an isError result). */
  toolErrors?: ToolErrorForm;
}

export function createMcpServer(options: ServerOptions): Server {
  const { logger } = options;
  const byName = new Map(options.tools.map((t) => [t.name, t]));
  const disabled = new Map(options.disabledTools.map((t) => [t.name, t]));
  // Built on the first tools/list, not at start: converting every schema costs ~35 ms the initialize
  // reply does not need.
  let listed: ListedTool[] | null = null;
  const listedTools = (): ListedTool[] => (listed ??= options.tools.map((t) => toListedTool(t)));
  const checkOutput = outputCheckFromEnv((name) => {
    const tool = byName.get(name);
    return tool && checkedOutputSchema(tool);
  });
  const toolErrors = options.toolErrors ?? 'result';

  const server = new Server(
    { name: 'scorm-tester', version: VERSION },
    { capabilities: { tools: {}, resources: RESOURCES_CAPABILITY }, instructions: SERVER_INSTRUCTIONS },
  );
  const resources = options.resources ?? new ResourceCatalog(logger, new BrowserConsoleLog());
  serveResources(server, resources, toJsonRpcError);
  const guard = new AnswerGuard(
    resources.keepAnswer.bind(resources),
    (t) => Object.keys(byName.get(t)?.input ?? {}),
    logAnswerCuts(logger),
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    return { tools: listedTools() };
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
          { error_code: 'MCP_INVALID_PARAMS' },
          true,
        );
      }
      const parsed = parseToolArgs(tool, request.params.arguments);
      if (!parsed.ok) {
        throw new JsonRpcError(INVALID_PARAMS, `Invalid parameters for ${name}: ${parsed.summary}`, {
          error_code: 'MCP_INVALID_PARAMS',
          issues: parsed.issues,
        });
      }
      const progressToken = request.params._meta?.progressToken;
      // The call ends as soon as the client cancels it; the handler's own work stops on the same signal.
      const { value: result, links } = await resources.collect(() =>
        untilCancelled(
          tool.handler(parsed.data, {
            requestId: id,
            signal: extra.signal,
            progress: progressReporter(progressToken, extra.sendNotification),
          }),
          extra.signal,
          name,
        ),
      );
      const data = (result.data ?? {}) as Record<string, unknown>;
      const mismatch = checkOutput?.(name, data);
      if (mismatch) {
        throw new JsonRpcError(
          TOOL_ERROR,
          `Internal error: the result of ${name} does not match its outputSchema (${mismatch}). This is a bug in scorm-tester: the tool's output shape and its data disagree.`,
          { error_code: 'INTERNAL_ERROR' },
        );
      }
      logger.info('MCP_TOOLS_RESULT', {
        id,
        method: 'tools/call',
        tool: name,
        duration_ms: Date.now() - started,
      });
      return guard.toolResult(name, data, [...(result.content ?? []), ...links]);
    } catch (error) {
      if (isCancelled(error)) {
        // The SDK sends no response for a cancelled request; the log says what happened to it.
        logger.info('MCP_TOOLS_CANCELLED', {
          id,
          method: 'tools/call',
          tool: name,
          duration_ms: Date.now() - started,
          reason: extra.signal.reason === undefined ? undefined : String(extra.signal.reason),
        });
        throw toJsonRpcError(error);
      }
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
      if (rpc.protocol || toolErrors === 'jsonrpc') throw rpc;
      return toolErrorResult(rpc);
    }
  });

  return server;
}

function toJsonRpcError(error: unknown): JsonRpcError {
  if (error instanceof JsonRpcError) return error;
  if (isScormTesterError(error)) {
    const errorCode = mcpErrorCode(error.code);
    const code =
      errorCode === 'MCP_INVALID_PARAMS'
        ? INVALID_PARAMS
        : errorCode === 'RESOURCE_NOT_FOUND'
          ? RESOURCE_NOT_FOUND
          : TOOL_ERROR;
    return new JsonRpcError(code, error.message, {
      error_code: errorCode,
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

type ObjectSchema = { type: 'object'; [key: string]: unknown };

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  annotations: ToolDefinition['annotations'] & { title: string };
}

/**
 * A tool as tools/list sends it: its output schema compact, with repeated parts shared and objects left
 * open (the run-time check, checkedOutputSchema, keeps them closed), accepting the same results
 * otherwise. docs/tools.md renders it `forDocs`: the output schema keeps its descriptions and closed
 * objects, and each field stands where it is described rather than behind a `$ref`.
 */
export function toListedTool(t: ToolDefinition, options: { forDocs?: boolean } = {}): ListedTool {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: leanJsonSchema(toObjectSchema(z.object(t.input).strict(), 'input')),
    outputSchema: admitToolError(
      options.forDocs
        ? outputSchema(t, true)
        : shareRepeatedSubschemas(shallowOutputSchema(compactOutputSchema(outputSchema(t, false)))),
    ),
    annotations: { ...t.annotations, title: t.title },
  };
}

/**
 * What SCORM_TESTER_CHECK_OUTPUT holds each result to: the full output schema (every depth, not the
 * listing's two levels) with its objects closed, so a field the declared shape does not have is still a
 * drift the tests catch.
 */
export function checkedOutputSchema(t: ToolDefinition): ObjectSchema {
  return shareRepeatedSubschemas(compactOutputSchema(outputSchema(t, true)));
}

function outputSchema(t: ToolDefinition, closed: boolean): ObjectSchema {
  return leanJsonSchema(toObjectSchema(z.object(t.output), 'output'), { keepClosedObjects: closed });
}

function toObjectSchema(schema: z.ZodObject, io: 'input' | 'output'): ObjectSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return { ...json, type: 'object' };
}

type SendNotification = Parameters<Parameters<Server['setRequestHandler']>[1]>[1]['sendNotification'];

/**
 * notifications/progress for the call's progressToken, at most every 100 ms (the last one always goes).
 * MCP requires the progress value to increase: an update that does not move it forward is dropped.
 */
function progressReporter(
  token: string | number | undefined,
  send: SendNotification,
): ToolContext['progress'] {
  if (token === undefined) return () => {};
  let lastSent = 0;
  let lastDone = -Infinity;
  return (update) => {
    const now = Date.now();
    const final = update.total !== undefined && update.done >= update.total;
    if (update.done <= lastDone || (!final && now - lastSent < 100)) return;
    lastSent = now;
    lastDone = update.done;
    void send({
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress: update.done,
        ...(update.total !== undefined ? { total: update.total } : {}),
        ...(update.message ? { message: update.message } : {}),
      },
    }).catch(() => {});
  };
}
