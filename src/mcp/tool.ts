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

export interface ToolDefinition<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  group: ToolGroup;
  /** Short (< 600 chars), key point first. */
  description: string;
  input: S;
  /** Throw ScormTesterError for failures; return the tool's data on success. */
  handler: (args: z.infer<z.ZodObject<S>>, ctx: ToolContext) => Promise<ToolResult>;
}

/** Identity function that keeps the handler's argument type tied to its schema. */
export function defineTool<S extends z.ZodRawShape>(def: ToolDefinition<S>): ToolDefinition<S> {
  return def;
}
