import type { z } from 'zod';

/** Tool groups; each can be switched off with SCORM_TESTER_TOOLSETS. */
export type ToolGroup = 'system' | 'validation' | 'session' | 'runtime' | 'dom' | 'navigation' | 'automation';

/** MCP content blocks a handler may add next to its JSON data (e.g. a screenshot). */
export type ExtraContent = { type: 'image'; data: string; mimeType: string } | { type: 'text'; text: string };

export interface ToolResult<T = unknown> {
  data: T;
  content?: ExtraContent[];
}

export interface ToolContext {
  /** JSON-RPC id of the request, for log correlation. */
  requestId: string | number;
  signal: AbortSignal;
}

export interface TypedToolDefinition<S extends z.ZodRawShape> {
  name: string;
  group: ToolGroup;
  /** Short (< 600 chars), key point first. */
  description: string;
  input: S;
  /** Throw ScormTesterError for failures; return the tool's data on success. */
  handler: (args: z.infer<z.ZodObject<S>>, ctx: ToolContext) => Promise<ToolResult>;
}

/** A tool as the registry holds it: arguments are validated against `input` before the handler runs. */
export interface ToolDefinition extends Omit<TypedToolDefinition<z.ZodRawShape>, 'handler'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased here; defineTool keeps it typed
  handler: (args: any, ctx: ToolContext) => Promise<ToolResult>;
}

/** Keeps the handler's argument type tied to its schema, then erases it for the registry. */
export function defineTool<S extends z.ZodRawShape>(def: TypedToolDefinition<S>): ToolDefinition {
  return def as ToolDefinition;
}
