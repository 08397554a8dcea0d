import { z } from 'zod';

/** Tool groups; each can be switched off with SCORM_TESTER_TOOLSETS. */
export type ToolGroup =
  'system' | 'validation' | 'session' | 'runtime' | 'dom' | 'navigation' | 'automation' | 'inspector';

/**
 * MCP tool annotations: hints clients use to auto-approve a tool or to warn before it. Set on every tool
 * by these rules:
 * - readOnlyHint: the call changes nothing: no learner state, no file (a screenshot artifact or a report
 *   counts), no session or runtime opened or closed, no input to the course, no agent code run in its
 *   page. A throwaway run (workspace_path instead of session_id) leaves nothing behind, so it can be
 *   read-only.
 * - destructiveHint: the call itself may delete or overwrite data saved before it: saved learner state
 *   (clearing it, closing with save, any sequencing step or Terminate, which save the tracking state),
 *   a report file it replaces, a trace it clears, or whatever the agent's own page code does
 *   (scorm_dom_evaluate). Learner input (click, fill, an automation answer) is additive: it is recorded,
 *   and saved only by the tools above.
 * - idempotentHint: repeating the call with the same arguments has no further effect (closing twice,
 *   clearing twice, going to the same slide); every read-only tool is idempotent.
 * - openWorldHint: the call makes the course act (launch or deliver a SCO, give it input, call its
 *   SCORMAutomation methods that act, run agent code in its page) in a session whose allow_network may
 *   be on, so the course may reach the network. Reads of recorded data, our own page probes and
 *   throwaway runs (always offline) are closed-world.
 */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The annotations of a tool that only reads (the most common case). */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** MCP content blocks a handler may add next to its JSON data (e.g. a screenshot). */
export type ExtraContent = { type: 'image'; data: string; mimeType: string } | { type: 'text'; text: string };

export interface ToolResult<T = unknown> {
  data: T;
  content?: ExtraContent[];
}

/** One progress report: steps done, the total when known, and what is happening now. */
export interface ProgressUpdate {
  done: number;
  total?: number;
  message?: string;
}

export interface ToolContext {
  /** JSON-RPC id of the request, for log correlation. */
  requestId: string | number;
  /** Aborted when the client sends notifications/cancelled for this request. */
  signal: AbortSignal;
  /** Reports progress when the client asked for it (a progressToken); a no-op otherwise. */
  progress: (update: ProgressUpdate) => void;
}

export interface TypedToolDefinition<S extends z.ZodRawShape> {
  name: string;
  group: ToolGroup;
  /** Human title shown by clients (e.g. "Take screenshot"). */
  title: string;
  /** Required, so that no tool is listed without them (rules at ToolAnnotations). */
  annotations: ToolAnnotations;
  /** Short (< 600 chars), key point first. */
  description: string;
  input: S;
  /** The shape of the result's data (structuredContent), listed as the tool's outputSchema. */
  output?: z.ZodRawShape;
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

export interface ArgIssue {
  path: string;
  message: string;
}

/** Checks a tool's arguments against its input (unknown keys refused), exactly as tools/call does. */
export function parseToolArgs(
  tool: ToolDefinition,
  args: unknown,
): { ok: true; data: Record<string, unknown> } | { ok: false; issues: ArgIssue[]; summary: string } {
  const parsed = z
    .object(tool.input)
    .strict()
    .safeParse(args ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return { ok: false, issues, summary };
}

/** The tools a server was built with, for tools that run other tools (scorm_test_api_integration's scenario). */
export interface ToolRegistry {
  /** The tool with this name and whether its group is switched on; undefined when no such tool exists. */
  find(name: string): { tool: ToolDefinition; enabled: boolean } | undefined;
  /** Every enabled tool. */
  enabled(): readonly ToolDefinition[];
}
