import type { CourseTexts } from '../core/course-text.js';
import { z } from 'zod';
import type { ProgressUpdate } from '../core/progress.js';

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

/** A tool that makes the course act (gives it input, runs its code or delivers a SCO); nothing saved is replaced. */
export const ACTS_IN_COURSE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

/** A tool that changes our own state (a session, a runtime, an artifact) without the course acting. */
export const CHANGES_STATE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** A tool that may replace or delete what was saved before it (learner state, a report file). */
export const REPLACES_SAVED: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};

/** A link to a resource the call made (resources/read returns it). The server adds these, not the tools. */
export interface ResourceLinkContent {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
  description?: string;
  /** What of the course the resource concerns (its identifier, the SCO), as course text. */
  _meta?: { course_text: CourseTexts };
}

/** MCP content blocks a handler may add next to its JSON data (e.g. a screenshot). */
export type ExtraContent =
  { type: 'image'; data: string; mimeType: string } | { type: 'text'; text: string } | ResourceLinkContent;

export interface ToolResult<T = unknown> {
  data: T;
  content?: ExtraContent[];
}

export type { ProgressUpdate };

export interface ToolContext {
  /** JSON-RPC id of the request, for log correlation. */
  requestId: string | number;
  /** Aborted when the client sends notifications/cancelled for this request. */
  signal: AbortSignal;
  /** Reports progress when the client asked for it (a progressToken); a no-op otherwise. */
  progress: (update: ProgressUpdate) => void;
}

/** The data a tool returns as its output shape declares it: the result's structuredContent. */
export type ToolData<O extends z.ZodRawShape> = z.input<z.ZodObject<O>>;

/**
 * T with literal types widened to their primitives ("none" | "initialized" -> string, true -> boolean)
 * and arrays accepting readonly ones. tsc loses the literal types of a handler's returned object while it
 * infers the tool's output shape from the same defineTool call, so the handler is checked against this:
 * fields, nullability and kinds at compile time; enum and literal values at run time (the listed schema).
 */
export type WidenLiterals<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer E)[]
        ? readonly WidenLiterals<E>[]
        : T extends object
          ? { [K in keyof T]: WidenLiterals<T[K]> }
          : T;

export interface TypedToolDefinition<S extends z.ZodRawShape, O extends z.ZodRawShape> {
  name: string;
  group: ToolGroup;
  /** Human title shown by clients (e.g. "Take screenshot"). */
  title: string;
  /** Required, so that no tool is listed without them (rules at ToolAnnotations). */
  annotations: ToolAnnotations;
  /** Short (< 600 chars), key point first. */
  description: string;
  input: S;
  /**
   * The shape of the result's data (structuredContent), listed as the tool's outputSchema. tsc checks the
   * handler's data against it (see WidenLiterals); fields it does not declare and enum values are checked
   * at run time against the full closed schema (SCORM_TESTER_CHECK_OUTPUT=1, on in the tests).
   */
  output: O;
  /** Throw ScormTesterError for failures; return the tool's data on success. */
  handler: (
    args: z.infer<z.ZodObject<S>>,
    ctx: ToolContext,
  ) => Promise<ToolResult<WidenLiterals<ToolData<O>>>>;
}

/** A tool as the registry holds it: arguments are validated against `input` before the handler runs. */
export interface ToolDefinition extends Omit<TypedToolDefinition<z.ZodRawShape, z.ZodRawShape>, 'handler'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased here; defineTool keeps it typed
  handler: (args: any, ctx: ToolContext) => Promise<ToolResult>;
}

/** Keeps the handler's argument and data types tied to the tool's schemas, then erases them for the registry. */
export function defineTool<S extends z.ZodRawShape, O extends z.ZodRawShape>(
  def: TypedToolDefinition<S, O>,
): ToolDefinition {
  return def as unknown as ToolDefinition;
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
