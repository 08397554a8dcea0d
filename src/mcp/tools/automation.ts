/** The automation tool group: the scorm_automation_* tools over a course's window.SCORMAutomation. */
import { z } from 'zod';
import { fail, isScormTesterError, ScormTesterError } from '../../core/errors.js';
import {
  automationAvailable,
  callAutomation,
  DEFAULT_AUTOMATION_TIMEOUT_MS,
  MAX_AUTOMATION_TIMEOUT_MS,
  type AutomationCallResult,
  type AutomationMethod,
} from '../../dom/automation/call.js';
import { observeChanges, type ChangeObserver } from '../../dom/changes.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { ServerContext } from '../../app/context.js';
import {
  ACTS_IN_COURSE,
  defineTool,
  READ_ONLY,
  type ToolAnnotations,
  type ToolData,
  type ToolDefinition,
} from '../../app/tool.js';
import { changes, courseTexts } from './output-schemas.js';
import { sessionId } from './shared-schemas.js';

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
  available: z.literal(true),
  method: z.string(),
  frame: z.string(),
  result: z
    .unknown()
    .describe("The method's return value (JSON), or {$type, ...} when it could not be returned whole."),
  notices: z
    .array(z.string())
    .optional()
    .describe('Why result is not the whole value, or that the frame navigated.'),
  changes: changes.optional(),
  elapsed_ms: z.number(),
};
/** The shape listed for a method that only reads (no changes) and for one that acts (always changes). */
function listedOutput(acts: boolean): typeof automationCallOutput {
  const { changes: _changes, ...reads } = automationCallOutput;
  return (acts ? { ...reads, changes } : reads) as typeof automationCallOutput;
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

interface CallTool {
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
const GOES: ToolAnnotations = { ...ACTS_IN_COURSE, idempotentHint: true };
const CLEARS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

const CALL_TOOLS: CallTool[] = [
  {
    name: 'scorm_automation_list_interactions',
    title: 'List interactions',
    annotations: READ_ONLY,
    method: 'listInteractions',
    params: [],
    acts: false,
    description: 'The interactions the course registers (id, type, slideId, choices/sources/targets).',
  },
  {
    name: 'scorm_automation_set_response',
    title: 'Set response',
    annotations: ACTS_IN_COURSE,
    method: 'setResponse',
    params: ['id', 'response'],
    acts: true,
    description:
      'Answer an interaction in its canonical shape: choice "a" or ["a","b"], true-false true, fill-in "text", numeric 42, matching [["src","tgt"]]; null clears.',
  },
  {
    name: 'scorm_automation_check_answer',
    title: 'Check answer',
    annotations: ACTS_IN_COURSE,
    method: 'checkAnswer',
    params: ['id'],
    acts: true,
    description:
      'Evaluate one interaction: correct, result, learner response. INVALID_INTERACTION_ID for an unknown id.',
  },
  {
    name: 'scorm_automation_get_response',
    title: 'Get response',
    annotations: READ_ONLY,
    method: 'getResponse',
    params: ['id'],
    acts: false,
    description: "An interaction's current response (null when unanswered).",
  },
  {
    name: 'scorm_automation_get_course_structure',
    title: 'Course structure',
    annotations: READ_ONLY,
    method: 'getCourseStructure',
    params: [],
    acts: false,
    description: 'Slides with ids, titles and interactions; richer than scorm_get_slide_map.',
  },
  {
    name: 'scorm_automation_get_current_slide',
    title: 'Current slide',
    annotations: READ_ONLY,
    method: 'getCurrentSlide',
    params: [],
    acts: false,
    description: 'The active slide (id, title, index, total).',
  },
  {
    name: 'scorm_automation_go_to_slide',
    title: 'Go to slide (automation)',
    annotations: GOES,
    method: 'goToSlide',
    params: ['slideId'],
    acts: true,
    description: 'Go to a slide by id (from scorm_automation_get_course_structure).',
  },
  {
    name: 'scorm_automation_get_correct_response',
    title: 'Get correct response',
    annotations: READ_ONLY,
    method: 'getCorrectResponse',
    params: ['id'],
    acts: false,
    description:
      "An interaction's correct answer, from courses built for debugging (the sample: exposeCorrectAnswers in course-config.js); others fail with their reason.",
  },
  {
    name: 'scorm_automation_get_last_evaluation',
    title: 'Last evaluation',
    annotations: READ_ONLY,
    method: 'getLastEvaluation',
    params: ['id'],
    acts: false,
    description: "An interaction's latest evaluation, without evaluating again (null when never checked).",
  },
  {
    name: 'scorm_automation_check_slide_answers',
    title: 'Check slide answers',
    annotations: ACTS_IN_COURSE,
    method: 'checkSlideAnswers',
    params: ['slideId?'],
    acts: true,
    description: 'Evaluate every interaction on a slide (default: the current one).',
  },
  {
    name: 'scorm_automation_get_trace',
    title: 'Automation trace',
    annotations: READ_ONLY,
    method: 'getAutomationTrace',
    params: [],
    acts: false,
    description: "The course's own trace of automation calls: time, method, arguments, result or error.",
  },
  {
    name: 'scorm_automation_clear_trace',
    title: 'Clear automation trace',
    annotations: CLEARS,
    method: 'clearAutomationTrace',
    params: [],
    acts: false,
    description: "Clear the course's automation trace.",
  },
];

export function automationTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  const availability = defineTool({
    name: 'scorm_automation_check_availability',
    group: 'automation',
    title: 'Check SCORMAutomation',
    annotations: READ_ONLY,
    description:
      'Whether the course exposes window.SCORMAutomation, in which frame, its version and methods; available:false (never an error) means use the DOM tools.',
    input: { session_id: sessionId },
    output: {
      available: z.boolean(),
      frame: z.string().nullable().describe('The frame that has window.SCORMAutomation.'),
      version: z.string().nullable(),
      methods: z.array(z.string()),
      missing_methods: z.array(z.string()),
      frames_searched: z.array(z.string()),
      frames_unresponsive: z.array(z.string()).optional(),
      problems: z.array(z.string()).optional(),
      course_text: courseTexts.optional().describe('What the course threw, named by problems.'),
      hint: z.string().optional().describe('When unavailable: what to use instead.'),
    },
    handler: async (args) => {
      const found = await automationAvailable(sessions.get(args.session_id).requireRuntime());
      const hint =
        'No window.SCORMAutomation in the SCO or its frames. Use scorm_dom_find_interactive_elements, scorm_dom_click and scorm_dom_fill.';
      return { data: found.available ? found : { ...found, hint } };
    },
  });
  const calls = CALL_TOOLS.map((tool) =>
    defineTool({
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
        return runCall(sessions.get(call.session_id).requireRuntime(), tool, call);
      },
    }),
  );
  return [availability, ...calls];
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
    throw await withChanges(err, observer);
  }
  const changes = observer ? await observer.read() : undefined;
  return {
    data: {
      available: true,
      method: call.method,
      frame: call.frame,
      result: call.result,
      ...(call.notices.length > 0 ? { notices: call.notices } : {}),
      ...(changes ? { changes } : {}),
      elapsed_ms: call.elapsed_ms,
    },
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
