/**
 * Learner input inside the SCO: click, fill, type, fill a form. Each result says which element and frame
 * it acted on, how the input reached it (activation) and what changed (API calls, data model, console
 * errors, navigation), with a screenshot as image content when asked.
 */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import { clickElement } from '../../../dom/actions/click.js';
import { fillElement } from '../../../dom/actions/fill.js';
import { fillFormBatch } from '../../../dom/actions/batch.js';
import { automationContext } from '../../../dom/automation/control-link.js';
import { apiAwareRoute } from '../../../dom/scenario/automation-field.js';
import { typeText } from '../../../dom/actions/keyboard.js';
import type { ActionOptions } from '../../../dom/actions/run-action.js';
import type { TargetSpec } from '../../../dom/target.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition, type ToolResult } from '../../../app/tool.js';
import { captureToArtifact, type CaptureData } from '../runtime/capture.js';
import { actedElement, activation, capture, changes, count, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { checkBatchField, interactionFields } from './interaction-fields.js';

// What selector, ref and frame mean is said once, in SERVER_INSTRUCTIONS.
export const selectorSchema = z.string().min(1).max(2_000);
export const refSchema = z.string().min(1).max(40);
export const frameSchema = z.string().min(1).max(500);
/** Where an action acts: one of selector or ref, optionally in one frame. */
export const targetInput = {
  selector: selectorSchema.optional(),
  ref: refSchema.optional(),
  frame: frameSchema.optional(),
};
function targetOf(args: { selector?: string; ref?: string; frame?: string }): TargetSpec {
  return { selector: args.selector, ref: args.ref, frame: args.frame };
}

export const waitOptions = {
  wait_for_selector: z.boolean().optional().describe('Default true.'),
  wait_timeout_ms: z
    .number()
    .int()
    .min(0)
    .max(60_000)
    .optional()
    .describe('Default 5000 (find, then actionable).'),
  settle_ms: z.number().int().min(0).max(10_000).optional().describe('Then API quiet time (default 0).'),
};
const screenshot = z.boolean().optional().describe('Screenshot after.');

export const fillValue = z
  .union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(500)])
  .describe(
    'Text or number; true/false for a checkbox or radio; option value or label (a list: multi-select).',
  );

/** One field of scorm_dom_fill_form_batch: a control with a value, or an interaction with a response. */
export const batchFieldSchema = z
  .object({
    ...targetInput,
    value: fillValue.optional(),
    ...interactionFields,
    options: z
      .object({
        wait_for_selector: waitOptions.wait_for_selector,
        wait_timeout_ms: waitOptions.wait_timeout_ms,
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine(checkBatchField);

/** The screenshot taken after the action when asked (the PNG itself is image content). */
const screenshotOutput = z.object(capture).optional().describe('With screenshot: true.');

/** What a learner action returns: the element, its frame, how the input reached it, what changed. */
const actionOutput = {
  success: z.literal(true),
  element: actedElement,
  frame: z.string().describe('e.g. "sco > iframe#content".'),
  target_by: z.enum(['selector', 'ref']),
  activation,
  activated_element: z
    .object({ description: z.string(), selector: z.string() })
    .optional()
    .describe('visible_element_at_position: what received the click.'),
  changes,
  changed: z
    .literal(false)
    .optional()
    .describe('Only when nothing at all changed; note says what was checked.'),
  note: z.string().optional(),
  screenshot: screenshotOutput,
};

export function actionTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;

  /** Runs an action on the session's runtime; adds a screenshot (artifact + image content) when asked. */
  const act = async <T extends object>(
    args: { session_id: string; screenshot?: boolean | undefined },
    tool: string,
    run: (runtime: CourseRuntime) => Promise<T>,
  ): Promise<ToolResult<T & { screenshot?: CaptureData }>> => {
    const session = sessions.get(args.session_id);
    const data = { ...(await run(session.requireRuntime())) };
    if (!args.screenshot) return { data };
    const shot = await captureToArtifact(session, session.requireRuntime(), {}, tool);
    return { data: { ...data, screenshot: shot.data }, content: shot.content };
  };

  return [
    defineTool({
      name: 'scorm_dom_click',
      group: 'dom',
      title: 'Click element',
      annotations: ACTS_IN_COURSE,
      description:
        'Click an element in the SCO like a learner (real input, auto-wait); visually hidden accessible controls are activated at their position or by keyboard. Returns the element, frame, activation and changes.',
      input: {
        session_id: sessionId,
        ...targetInput,
        options: z
          .object({
            click_type: z.enum(['single', 'double', 'right']).optional().describe('Default single.'),
            ...waitOptions,
          })
          .strict()
          .optional(),
        screenshot,
      },
      output: actionOutput,
      handler: async (args, call) => {
        const o = args.options ?? {};
        return act(args, 'scorm_dom_click', (runtime) =>
          clickElement(runtime, targetOf(args), {
            ...actionOptions(o, call.signal),
            clickType: o.click_type,
          }),
        );
      },
    }),
    defineTool({
      name: 'scorm_dom_fill',
      group: 'dom',
      title: 'Fill form control',
      annotations: ACTS_IN_COURSE,
      description:
        'Fill a control in the SCO like a learner: text typed, checkbox/radio checked, select by value or label, number/date inputs in their format. A value that does not fit fails with DOM_INVALID_VALUE.',
      input: {
        session_id: sessionId,
        ...targetInput,
        value: fillValue,
        options: z
          .object({
            ...waitOptions,
            trigger_events: z.boolean().optional().describe('Must stay true (default).'),
          })
          .strict()
          .optional(),
        screenshot,
      },
      output: {
        ...actionOutput,
        state_unchanged: z
          .boolean()
          .optional()
          .describe('The control already had this value: nothing was typed or clicked.'),
      },
      handler: async (args, call) => {
        const o = args.options ?? {};
        refuseSilentFill(o.trigger_events);
        return act(args, 'scorm_dom_fill', (runtime) =>
          fillElement(runtime, targetOf(args), args.value, actionOptions(o, call.signal)),
        );
      },
    }),
    defineTool({
      name: 'scorm_keyboard_type',
      group: 'dom',
      title: 'Type keys',
      annotations: ACTS_IN_COURSE,
      description:
        'Type text key by key, then press options.keys. With a target it is clicked first; without, keys go to the focused element in the SCO.',
      input: {
        session_id: sessionId,
        text: z.string().max(10_000).describe('"" to press only options.keys.'),
        options: z
          .object({
            ...targetInput,
            delay_ms: z.number().int().min(0).max(1_000).optional(),
            keys: z
              .array(z.string().min(1).max(60))
              .max(100)
              .optional()
              .describe('Pressed after the text: "Enter", "Tab", "Shift+Tab", "ArrowLeft"...'),
            ...waitOptions,
          })
          .strict()
          .optional(),
        screenshot,
      },
      output: {
        ...actionOutput,
        characters_typed: count,
        keys_pressed: z.array(z.string()),
        target_by: z.enum(['selector', 'ref', 'focus']),
      },
      handler: async (args, call) => {
        const o = args.options ?? {};
        return act(args, 'scorm_keyboard_type', (runtime) =>
          typeText(runtime, args.text, {
            ...targetOf(o),
            delayMs: o.delay_ms,
            keys: o.keys,
            ...actionOptions(o, call.signal),
          }),
        );
      },
    }),
    defineTool({
      name: 'scorm_dom_fill_form_batch',
      group: 'dom',
      title: 'Fill form fields',
      annotations: ACTS_IN_COURSE,
      description:
        'Fill fields in order, each as scorm_dom_fill does (or an interaction through SCORMAutomation), continuing past failures unless stop_on_error. Returns per-field results and the changes of the whole batch.',
      input: {
        session_id: sessionId,
        fields: z.array(batchFieldSchema).min(1).max(200),
        stop_on_error: z.boolean().optional(),
        settle_ms: waitOptions.settle_ms,
        screenshot,
      },
      output: {
        automation_available: z.boolean(),
        total_fields: count,
        successful: count,
        failed: count,
        skipped: count.describe('Not attempted: stop_on_error stopped the batch.'),
        results: z.array(
          openObject({
            index: count,
            target: z.string(),
            path: z.string().describe('dom or automation.'),
            path_reason: z.string().optional(),
            success: z.boolean(),
            element: z.unknown().optional(),
            frame: z.string().optional(),
            activation: z.string().optional(),
            changes: changes.optional(),
            error: openObject({ error_code: z.string(), message: z.string() }).optional(),
          }),
        ),
        errors: z
          .array(z.object({ index: count, target: z.string(), error_code: z.string(), message: z.string() }))
          .optional(),
        changes,
        screenshot: screenshotOutput,
      },
      handler: async (args, call) =>
        act(args, 'scorm_dom_fill_form_batch', async (runtime) => {
          // Checked once per call: each field then takes the automation API when it can (path, path_reason).
          const context = await automationContext(runtime);
          const batch = await fillFormBatch(runtime, args.fields, {
            stopOnError: args.stop_on_error,
            settleMs: args.settle_ms,
            route: apiAwareRoute(context),
            signal: call.signal,
            progress: call.progress,
          });
          return { automation_available: context.availability.available, ...batch };
        }),
    }),
  ];
}

function actionOptions(
  o: {
    wait_for_selector?: boolean | undefined;
    wait_timeout_ms?: number | undefined;
    settle_ms?: number | undefined;
  },
  signal: AbortSignal,
): ActionOptions {
  return {
    waitForSelector: o.wait_for_selector,
    waitTimeoutMs: o.wait_timeout_ms,
    settleMs: o.settle_ms,
    signal,
  };
}

function refuseSilentFill(triggerEvents: boolean | undefined): void {
  if (triggerEvents === false) {
    fail(
      'INVALID_ARGUMENT',
      'options.trigger_events: false is not supported: values reach the course only as real input (input and change events fire as they do for a learner). Leave it out.',
    );
  }
}
