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
import type { ServerContext } from '../context.js';
import { defineTool, type ToolData, type ToolDefinition } from '../tool.js';
import { changes } from './output-schemas.js';
import { sessionId } from './shared-schemas.js';

const timeoutMs = z
  .number()
  .int()
  .min(100)
  .max(MAX_AUTOMATION_TIMEOUT_MS)
  .optional()
  .describe(
    `How long the course's method may take (default ${DEFAULT_AUTOMATION_TIMEOUT_MS}); past it: AUTOMATION_API_ERROR, a stuck script is stopped.`,
  );
const id = z
  .string()
  .min(1)
  .max(500)
  .describe('Interaction id, as scorm_automation_list_interactions gives it.');
const slideId = z.string().min(1).max(500);
const response = z
  .unknown()
  .describe("The answer in the interaction's canonical shape (JSON); null clears it.");

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
  changes: changes
    .optional()
    .describe('Acting methods: API calls, data-model changes, console errors, navigation.'),
  elapsed_ms: z.number(),
};

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
  description: string;
}

const CALL_TOOLS: CallTool[] = [
  {
    name: 'scorm_automation_list_interactions',
    method: 'listInteractions',
    params: [],
    acts: false,
    description:
      'The interactions the course registers, from SCORMAutomation.listInteractions() (the sample course: every question with id, type, slideId, choices/sources/targets). AUTOMATION_API_NOT_AVAILABLE when the course has no API.',
  },
  {
    name: 'scorm_automation_set_response',
    method: 'setResponse',
    params: ['id', 'response'],
    acts: true,
    description:
      'Answer an interaction with SCORMAutomation.setResponse(id, response), in the course\'s canonical shape: choice "a" or ["a","b"], true-false true, fill-in "text", numeric 42, matching [["src","tgt"],...]; null clears. Reports what changed.',
  },
  {
    name: 'scorm_automation_check_answer',
    method: 'checkAnswer',
    params: ['id'],
    acts: true,
    description:
      'Evaluate one interaction with SCORMAutomation.checkAnswer(id): the evaluation (correct, result, learner response) and what changed (cmi.interactions.* calls). INVALID_INTERACTION_ID for an unknown id.',
  },
  {
    name: 'scorm_automation_get_response',
    method: 'getResponse',
    params: ['id'],
    acts: false,
    description:
      "The current response of one interaction, from SCORMAutomation.getResponse(id), in the course's canonical shape (null when unanswered).",
  },
  {
    name: 'scorm_automation_get_course_structure',
    method: 'getCourseStructure',
    params: [],
    acts: false,
    description:
      "The course's slide structure from SCORMAutomation.getCourseStructure() (slides with ids, titles and interactions). Richer than scorm_get_slide_map where the API exists.",
  },
  {
    name: 'scorm_automation_get_current_slide',
    method: 'getCurrentSlide',
    params: [],
    acts: false,
    description:
      'The active slide, from SCORMAutomation.getCurrentSlide() (the sample course: id, title, index, total).',
  },
  {
    name: 'scorm_automation_go_to_slide',
    method: 'goToSlide',
    params: ['slideId'],
    acts: true,
    description:
      'Navigate with SCORMAutomation.goToSlide(slideId) (ids from scorm_automation_get_course_structure) and report what changed (bookmark, score at a summary, ...). An alternative to scorm_navigate_to_slide.',
  },
  {
    name: 'scorm_automation_get_correct_response',
    method: 'getCorrectResponse',
    params: ['id'],
    acts: false,
    description:
      "The correct answer of an interaction, from SCORMAutomation.getCorrectResponse(id). Courses answer only in a debug build (the sample course: exposeCorrectAnswers: true in course-config.js); otherwise AUTOMATION_API_ERROR with the course's reason.",
  },
  {
    name: 'scorm_automation_get_last_evaluation',
    method: 'getLastEvaluation',
    params: ['id'],
    acts: false,
    description:
      'The most recent evaluation of an interaction, from SCORMAutomation.getLastEvaluation(id), without evaluating again (null when never checked).',
  },
  {
    name: 'scorm_automation_check_slide_answers',
    method: 'checkSlideAnswers',
    params: ['slideId?'],
    acts: true,
    description:
      'Evaluate every interaction on a slide with SCORMAutomation.checkSlideAnswers(slideId?) (default: the current slide) and report what changed.',
  },
  {
    name: 'scorm_automation_get_trace',
    method: 'getAutomationTrace',
    params: [],
    acts: false,
    description:
      "The course's own automation trace, from SCORMAutomation.getAutomationTrace(): each automation call with its time, method, arguments and result or error.",
  },
  {
    name: 'scorm_automation_clear_trace',
    method: 'clearAutomationTrace',
    params: [],
    acts: false,
    description: "Clear the course's automation trace with SCORMAutomation.clearAutomationTrace().",
  },
];

export function automationTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  const availability = defineTool({
    name: 'scorm_automation_check_availability',
    group: 'automation',
    description:
      'Whether the running course exposes window.SCORMAutomation (in the SCO frame or a nested frame), which frame, its version and which methods it has. Never fails for a missing API: returns available:false, then use the DOM tools.',
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
      description: tool.description,
      input: inputOf(tool),
      output: automationCallOutput,
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
    if (p === 'slideId') shape.slideId = slideId.describe('Slide id from the course structure.');
    if (p === 'slideId?')
      shape.slideId = slideId.optional().describe('Slide id; omit for the current slide.');
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
          'MCP_INVALID_PARAMS',
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
