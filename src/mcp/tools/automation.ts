/** The automation tool group: the scorm_automation_* tools over a course's window.SCORMAutomation. */
import { z } from 'zod';
import { fail } from '../../core/errors.js';
import {
  automationAvailable,
  callAutomation,
  DEFAULT_AUTOMATION_TIMEOUT_MS,
  MAX_AUTOMATION_TIMEOUT_MS,
  type AutomationMethod,
} from '../../dom/automation/call.js';
import { observeAutomationChanges } from '../../dom/automation/changes.js';
import type { ServerContext } from '../context.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { sessionId } from './shared-schemas.js';

const interactionId = z
  .string()
  .min(1)
  .max(500)
  .describe('Interaction id, as scorm_automation_list_interactions gives it.');
const slideId = z.string().min(1).max(500);
const timeoutMs = z
  .number()
  .int()
  .min(100)
  .max(MAX_AUTOMATION_TIMEOUT_MS)
  .optional()
  .describe(
    `How long the course's method may take (default ${DEFAULT_AUTOMATION_TIMEOUT_MS}); past it: AUTOMATION_API_ERROR, a stuck script is stopped.`,
  );

interface CallSpec {
  method: AutomationMethod;
  args: unknown[];
  interactionId?: string;
  timeoutMs?: number | undefined;
  /** Report the SCORM API calls and data-model changes the call caused. */
  acts: boolean;
}

export function automationTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;

  const run = async (id: string, spec: CallSpec): Promise<{ data: Record<string, unknown> }> => {
    const runtime = sessions.get(id).requireRuntime();
    const observer = spec.acts ? observeAutomationChanges(runtime) : null;
    const call = await callAutomation(runtime, spec.method, spec.args, {
      timeoutMs: spec.timeoutMs,
      interactionId: spec.interactionId,
    });
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
  };

  return [
    defineTool({
      name: 'scorm_automation_check_availability',
      group: 'automation',
      description:
        'Whether the running course exposes window.SCORMAutomation (in the SCO frame or a nested frame), which frame, its version and which methods it has. Never fails for a missing API: returns available:false, then use the DOM tools.',
      input: { session_id: sessionId },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const found = await automationAvailable(runtime);
        return {
          data: {
            ...found,
            ...(found.available
              ? {}
              : {
                  hint: 'No window.SCORMAutomation in the SCO or its frames. Use scorm_dom_find_interactive_elements, scorm_dom_click and scorm_dom_fill.',
                }),
          },
        };
      },
    }),
    defineTool({
      name: 'scorm_automation_list_interactions',
      group: 'automation',
      description:
        'The interactions the course registers with SCORMAutomation.listInteractions() (the sample course: every question with its id, type, slideId, choices/sources/targets). AUTOMATION_API_NOT_AVAILABLE when the course has no API.',
      input: { session_id: sessionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'listInteractions',
          args: [],
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
    defineTool({
      name: 'scorm_automation_set_response',
      group: 'automation',
      description:
        'Answer an interaction through SCORMAutomation.setResponse(id, response). The response uses the course\'s canonical shape, e.g. choice "a" or ["a","b"], true-false true, fill-in "text", numeric 42, matching [["src","tgt"],...]; null clears. Reports the API calls and data-model changes it caused.',
      input: {
        session_id: sessionId,
        id: interactionId,
        response: z
          .unknown()
          .describe("The answer in the interaction's canonical shape (JSON); null clears it."),
        timeout_ms: timeoutMs,
      },
      handler: (args) => {
        if (args.response === undefined) {
          fail(
            'MCP_INVALID_PARAMS',
            'response is required: the answer in the canonical shape, or null to clear it.',
          );
        }
        return run(args.session_id, {
          method: 'setResponse',
          args: [args.id, args.response],
          interactionId: args.id,
          timeoutMs: args.timeout_ms,
          acts: true,
        });
      },
    }),
    defineTool({
      name: 'scorm_automation_check_answer',
      group: 'automation',
      description:
        'Evaluate one interaction with SCORMAutomation.checkAnswer(id) and return the evaluation (correct, result, learner response). Reports the SCORM API calls (cmi.interactions.*) and data-model changes it caused. INVALID_INTERACTION_ID for an unknown id.',
      input: { session_id: sessionId, id: interactionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'checkAnswer',
          args: [args.id],
          interactionId: args.id,
          timeoutMs: args.timeout_ms,
          acts: true,
        }),
    }),
    defineTool({
      name: 'scorm_automation_get_response',
      group: 'automation',
      description:
        "The current response of one interaction, from SCORMAutomation.getResponse(id), in the course's canonical shape (null when unanswered).",
      input: { session_id: sessionId, id: interactionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'getResponse',
          args: [args.id],
          interactionId: args.id,
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
    defineTool({
      name: 'scorm_automation_get_course_structure',
      group: 'automation',
      description:
        "The course's slide structure from SCORMAutomation.getCourseStructure() (slides with ids, titles and their interactions). Richer than scorm_get_slide_map where the API exists.",
      input: { session_id: sessionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'getCourseStructure',
          args: [],
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
    defineTool({
      name: 'scorm_automation_get_current_slide',
      group: 'automation',
      description:
        'The active slide, from SCORMAutomation.getCurrentSlide() (the sample course: id, title, index, total).',
      input: { session_id: sessionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'getCurrentSlide',
          args: [],
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
    defineTool({
      name: 'scorm_automation_go_to_slide',
      group: 'automation',
      description:
        'Navigate with SCORMAutomation.goToSlide(slideId); slide ids come from scorm_automation_get_course_structure. Reports the API calls and data-model changes it caused (bookmark, score at the summary, ...). An alternative to scorm_navigate_to_slide.',
      input: {
        session_id: sessionId,
        slideId: slideId.describe('Slide id from the course structure.'),
        timeout_ms: timeoutMs,
      },
      handler: (args) =>
        run(args.session_id, {
          method: 'goToSlide',
          args: [args.slideId],
          timeoutMs: args.timeout_ms,
          acts: true,
        }),
    }),
    defineTool({
      name: 'scorm_automation_get_correct_response',
      group: 'automation',
      description:
        "The correct answer of an interaction, from SCORMAutomation.getCorrectResponse(id). Courses answer only in a debug build (the sample course: exposeCorrectAnswers: true in course-config.js); otherwise AUTOMATION_API_ERROR with the course's reason.",
      input: { session_id: sessionId, id: interactionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'getCorrectResponse',
          args: [args.id],
          interactionId: args.id,
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
    defineTool({
      name: 'scorm_automation_get_last_evaluation',
      group: 'automation',
      description:
        'The result of the most recent evaluation of an interaction, from SCORMAutomation.getLastEvaluation(id), without evaluating again (null when never checked).',
      input: { session_id: sessionId, id: interactionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'getLastEvaluation',
          args: [args.id],
          interactionId: args.id,
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
    defineTool({
      name: 'scorm_automation_check_slide_answers',
      group: 'automation',
      description:
        'Evaluate every interaction on a slide with SCORMAutomation.checkSlideAnswers(slideId?) (default: the current slide). Reports the API calls and data-model changes it caused.',
      input: {
        session_id: sessionId,
        slideId: slideId.optional().describe('Slide id; omit for the current slide.'),
        timeout_ms: timeoutMs,
      },
      handler: (args) =>
        run(args.session_id, {
          method: 'checkSlideAnswers',
          args: args.slideId === undefined ? [] : [args.slideId],
          timeoutMs: args.timeout_ms,
          acts: true,
        }),
    }),
    defineTool({
      name: 'scorm_automation_get_trace',
      group: 'automation',
      description:
        "The course's own automation trace, from SCORMAutomation.getAutomationTrace(): each automation call with its time, method, arguments and result or error.",
      input: { session_id: sessionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'getAutomationTrace',
          args: [],
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
    defineTool({
      name: 'scorm_automation_clear_trace',
      group: 'automation',
      description: "Clear the course's automation trace with SCORMAutomation.clearAutomationTrace().",
      input: { session_id: sessionId, timeout_ms: timeoutMs },
      handler: (args) =>
        run(args.session_id, {
          method: 'clearAutomationTrace',
          args: [],
          timeoutMs: args.timeout_ms,
          acts: false,
        }),
    }),
  ];
}
