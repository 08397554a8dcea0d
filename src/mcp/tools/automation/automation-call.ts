/**
 * What the scorm_automation_* call tools share: each calls one SCORMAutomation method in the course's
 * frame with the tool's arguments, and an acting method reports what it changed.
 */
import { leaveOutDefaults } from '../shared/action-defaults.js';
import { sayRepeatsOnce } from '../../../output/say-once.js';
import { z } from 'zod';
import { fail, isScormTesterError, ScormTesterError } from '../../../core/errors.js';
import {
  callAutomation,
  DEFAULT_AUTOMATION_TIMEOUT_MS,
  MAX_AUTOMATION_TIMEOUT_MS,
  type AutomationCallResult,
  type AutomationMethod,
} from '../../../dom/automation/call.js';
import { observeChanges, type ChangeObserver } from '../../../dom/changes.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ServerContext } from '../../../app/context.js';
import {
  ACTS_IN_COURSE,
  defineTool,
  type ToolAnnotations,
  type ToolData,
  type ToolDefinition,
} from '../../../app/tool.js';
import { changes, courseTexts } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { notApplicableAnswer, notApplicableOf } from '../shared/not-applicable.js';

const timeoutMs = z
  .number()
  .int()
  .min(100)
  .max(MAX_AUTOMATION_TIMEOUT_MS)
  .optional()
  .describe(`Default ${DEFAULT_AUTOMATION_TIMEOUT_MS}; past it a stuck script is stopped.`);
const id = z.string().min(1).max(500).describe('From scorm_automation_list_interactions.');
const slideId = z.string().min(1).max(500);
const response = z.unknown().describe('Canonical shape (JSON); null clears.');

/** What every call tool returns: the method's result, and for acting methods what it changed. */
const automationCallOutput = {
  available: z
    .boolean()
    .describe(
      'false: the course has no window.SCORMAutomation or not this method (not_applicable says which).',
    ),
  method: z.string(),
  frame: z.string().optional(),
  result: z
    .unknown()
    .optional()
    .describe("The method's return value (JSON), or {$type, ...} when it could not be returned whole."),
  notices: z
    .array(z.string())
    .optional()
    .describe('Why result is not the whole value, or that the frame navigated.'),
  changes: changes.optional(),
  elapsed_ms: z.number().optional(),
  not_applicable: notApplicableOf('NO_AUTOMATION_API').optional(),
  frames_searched: z.array(z.string()).optional(),
  methods: z.array(z.string()).optional().describe("What the frame's SCORMAutomation has instead."),
  course_text: courseTexts.optional(),
};
/** The shape listed for a method that only reads (no changes) and for one that acts (changes whenever the method ran). */
function listedOutput(acts: boolean): typeof automationCallOutput {
  const { changes: _changes, ...reads } = automationCallOutput;
  return (acts ? { ...reads, changes: changes.optional() } : reads) as typeof automationCallOutput;
}

/** The arguments of a call tool, each taking only the fields its method needs (see inputOf). */
interface CallArgs {
  session_id: string;
  id?: string;
  slideId?: string;
  response?: unknown;
  timeout_ms?: number;
}
type Param = 'id' | 'slideId' | 'slideId?' | 'response';

export interface CallTool {
  name: string;
  method: AutomationMethod;
  /** The method's arguments, in order ("slideId?" may be left out). */
  params: Param[];
  /** Report the SCORM API calls, data-model changes, console errors and navigation the call caused. */
  acts: boolean;
  title: string;
  annotations: ToolAnnotations;
  /** What the method does; the tool's description adds the method's name. */
  description: string;
}

// Calls that change the course's answers or slide run its code: ACTS_IN_COURSE (see ToolAnnotations).
export const GOES: ToolAnnotations = { ...ACTS_IN_COURSE, idempotentHint: true };
export const CLEARS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

/** The tool that calls tool.method: the automation group's table-shaped tools all come from here. */
export function automationCallTool(ctx: ServerContext, tool: CallTool): ToolDefinition {
  return defineTool({
    name: tool.name,
    group: 'automation',
    title: tool.title,
    annotations: tool.annotations,
    description: `${tool.description} Calls SCORMAutomation.${tool.method}()${tool.acts ? ' and reports what changed' : ''}.`,
    input: inputOf(tool),
    output: listedOutput(tool.acts),
    handler: (args: Record<string, unknown>) => {
      // The registry has validated args against inputOf(tool), a subset of CallArgs.
      const call = args as unknown as CallArgs;
      return runCall(ctx.sessions.get(call.session_id).requireRuntime(), tool, call);
    },
  });
}

/** The tool's input: session_id, timeout_ms and the method's own parameters (required unless "?"). */
function inputOf(tool: CallTool): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = { session_id: sessionId };
  for (const p of tool.params) {
    if (p === 'id') shape.id = id;
    if (p === 'slideId') shape.slideId = slideId;
    if (p === 'slideId?') shape.slideId = slideId.optional().describe('Default: the current slide.');
    if (p === 'response') shape.response = response;
  }
  shape.timeout_ms = timeoutMs;
  return shape;
}

function methodArgs(tool: CallTool, args: CallArgs): unknown[] {
  const out: unknown[] = [];
  for (const p of tool.params) {
    if (p === 'id') out.push(args.id);
    if (p === 'slideId') out.push(args.slideId);
    if (p === 'slideId?' && args.slideId !== undefined) out.push(args.slideId);
    if (p === 'response') {
      if (args.response === undefined) {
        fail(
          'INVALID_ARGUMENT',
          'response is required: the answer in the canonical shape, or null to clear it.',
        );
      }
      out.push(args.response);
    }
  }
  return out;
}

async function runCall(
  runtime: CourseRuntime,
  tool: CallTool,
  args: CallArgs,
): Promise<{ data: ToolData<typeof automationCallOutput> }> {
  const callArgs = methodArgs(tool, args);
  const observer = tool.acts ? await observeChanges(runtime) : null;
  let call: AutomationCallResult;
  try {
    call = await callAutomation(runtime, tool.method, callArgs, {
      timeoutMs: args.timeout_ms,
      interactionId: tool.params.includes('id') ? args.id : undefined,
    });
  } catch (err) {
    const answer = notApplicableAnswer<'NO_AUTOMATION_API'>(err);
    if (!answer) throw await withChanges(err, observer);
    observer?.dispose();
    return { data: { available: false, method: tool.method, ...answer } };
  }
  const changes = observer ? await observer.read() : undefined;
  return {
    data: sayRepeatsOnce(
      leaveOutDefaults({
        available: true,
        method: call.method,
        frame: call.frame,
        result: call.result,
        ...(call.notices.length > 0 ? { notices: call.notices } : {}),
        ...(changes ? { changes } : {}),
        elapsed_ms: call.elapsed_ms,
      }),
    ),
  };
}

/** A method that ran and then threw may have called the SCORM API first: its error says what changed. */
async function withChanges(err: unknown, observer: ChangeObserver | null): Promise<unknown> {
  if (!observer) return err;
  const ran =
    isScormTesterError(err) && (err.code === 'AUTOMATION_API_ERROR' || err.code === 'INVALID_INTERACTION_ID');
  if (!ran) {
    observer.dispose();
    return err;
  }
  const changes = await observer.read().catch(() => null);
  return changes ? new ScormTesterError(err.code, err.message, { ...err.details, changes }) : err;
}
