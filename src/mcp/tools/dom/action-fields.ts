/**
 * Learner input inside the SCO: click, fill, type, fill a form. Each result says which element and frame
 * it acted on, how the input reached it (activation) and what changed (API calls, data model, console
 * errors, navigation), with a screenshot as image content when asked.
 */
import { actionAnswer } from '../shared/action-answer.js';
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import type { ActionOptions } from '../../../dom/actions/run-action.js';
import type { TargetSpec } from '../../../dom/target.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ServerContext } from '../../../app/context.js';
import { type ToolResult } from '../../../app/tool.js';
import { actionCapture, withActionScreenshot, type ActionCaptureData } from '../runtime/capture.js';
import { actedElement, activation, changes } from '../output-schemas.js';
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
export function targetOf(args: { selector?: string; ref?: string; frame?: string }): TargetSpec {
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
export const screenshot = z.boolean().optional().describe('Screenshot after.');

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
export const screenshotOutput = z.object(actionCapture).optional().describe('With screenshot: true.');

/** What a learner action returns: the element, its frame, how the input reached it, what changed. */
export const actionOutput = {
  success: z.literal(true),
  element: actedElement,
  frame: z.string().describe('e.g. "sco > iframe#content".'),
  window: z.string().optional().describe('URL of the window the course opened, where it acted.'),
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
  windows_opened: z
    .number()
    .int()
    .optional()
    .describe('Windows the course opened (a launch page); the tools act in the newest.'),
  note: z.string().optional(),
  screenshot: screenshotOutput,
};

/** Runs an action on the session's runtime; adds a screenshot (artifact + image content) when asked. */
export function actionRunner(sessions: ServerContext['sessions']) {
  return async <T extends object>(
    args: { session_id: string; screenshot?: boolean | undefined },
    tool: string,
    run: (runtime: CourseRuntime) => Promise<T>,
  ): Promise<ToolResult<T & { screenshot?: ActionCaptureData }>> => {
    const session = sessions.get(args.session_id);
    const runtime = session.requireRuntime();
    const done = await run(runtime);
    const window = runtime.actingWindow;
    const data = actionAnswer({ ...done, ...(window !== null && !('window' in done) ? { window } : {}) });
    return withActionScreenshot(session, data, args.screenshot, tool);
  };
}

export function actionOptions(
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

export function refuseSilentFill(triggerEvents: boolean | undefined): void {
  if (triggerEvents === false) {
    fail(
      'INVALID_ARGUMENT',
      'options.trigger_events: false is not supported: values reach the course only as real input (input and change events fire as they do for a learner). Leave it out.',
    );
  }
}
