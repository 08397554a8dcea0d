/**
 * Learner input inside the SCO: click, fill, type, fill a form. Each result says which element and frame
 * it acted on, how the input reached it (activation) and what changed (API calls, data model, console
 * errors, navigation), with a screenshot as image content when asked.
 */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import { clickElement } from '../../../dom/actions/click.js';
import { fillElement } from '../../../dom/actions/fill.js';
import { domFieldPath, fillFormBatch, type FieldPath } from '../../../dom/actions/batch.js';
import { automationFieldPath } from '../../../dom/scenario/automation-field.js';
import { typeText } from '../../../dom/actions/keyboard.js';
import type { ActionOptions } from '../../../dom/actions/run-action.js';
import type { TargetSpec } from '../../../dom/target.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ServerContext } from '../../context.js';
import { defineTool, type ToolDefinition, type ToolResult } from '../../tool.js';
import { captureToArtifact, type CaptureData } from '../runtime/capture.js';
import { actedElement, activation, capture, changes, count, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { checkBatchField, interactionFields } from './interaction-fields.js';

const selector = z
  .string()
  .min(1)
  .max(2_000)
  .describe(
    'CSS selector (Playwright CSS: :has-text(), :nth-match() work), or a ref like "f1e7" from a snapshot.',
  );
const ref = z
  .string()
  .min(1)
  .max(40)
  .describe(
    'Element ref from scorm_dom_find_interactive_elements / scorm_get_page_state (instead of selector).',
  );
const frame = z
  .string()
  .min(1)
  .max(500)
  .describe('Only search this SCO frame, by the label results give ("sco", "sco > iframe#content").');
/** Where an action acts: one of selector or ref, optionally in one frame. */
export const targetInput = { selector: selector.optional(), ref: ref.optional(), frame: frame.optional() };
function targetOf(args: { selector?: string; ref?: string; frame?: string }): TargetSpec {
  return { selector: args.selector, ref: args.ref, frame: args.frame };
}

export const waitOptions = {
  wait_for_selector: z.boolean().optional().describe('Wait for the selector to match (default true).'),
  wait_timeout_ms: z
    .number()
    .int()
    .min(0)
    .max(60_000)
    .optional()
    .describe('Bound for finding the element and for it becoming actionable (default 5000).'),
  settle_ms: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .optional()
    .describe(
      'After the action, wait until the course makes no API call for this long (default 0; total bound 10 s).',
    ),
};
const screenshot = z
  .boolean()
  .optional()
  .describe('Also return a screenshot after the action (image content).');

export const fillValue = z
  .union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(500)])
  .describe(
    'Text for text inputs; a number (or numeric string) for number/range; true/false for a checkbox; true for a radio; an option value or label for a select (a list for a multi-select).',
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
  screenshot: screenshotOutput,
};

/** The paths a batch field can take, first claim wins: fields naming an interaction, then the DOM. */
export const batchFieldPaths: FieldPath[] = [automationFieldPath, domFieldPath];

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
      description:
        'Click an element inside the SCO (any of its frames) like a learner: real mouse input with auto-wait. Target: selector or ref. Visually hidden accessible controls (Storyline) are activated at their position or by keyboard (see activation). Returns the element, its frame and what changed (API calls, data-model changes, console errors, navigation). Fails with DOM_NOT_ACTIONABLE (reason: not visible/disabled/covered) and what to try.',
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
      handler: async (args) => {
        const o = args.options ?? {};
        return act(args, 'scorm_dom_click', (runtime) =>
          clickElement(runtime, targetOf(args), { ...actionOptions(o), clickType: o.click_type }),
        );
      },
    }),
    defineTool({
      name: 'scorm_dom_fill',
      group: 'dom',
      description:
        'Fill a form control inside the SCO like a learner: text/textarea/contenteditable are typed (fill), checkbox/radio checked with true/false, select chosen by option value or label, number/range/date-like inputs given a value of their format. A value of the wrong type fails with DOM_INVALID_VALUE saying what the input accepts. Returns the element (type, value, checked) and what changed.',
      input: {
        session_id: sessionId,
        ...targetInput,
        value: fillValue,
        options: z
          .object({
            ...waitOptions,
            trigger_events: z
              .boolean()
              .optional()
              .describe('Must stay true (default): input always arrives as real input and change events.'),
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
      handler: async (args) => {
        const o = args.options ?? {};
        refuseSilentFill(o.trigger_events);
        return act(args, 'scorm_dom_fill', (runtime) =>
          fillElement(runtime, targetOf(args), args.value, actionOptions(o)),
        );
      },
    }),
    defineTool({
      name: 'scorm_keyboard_type',
      group: 'dom',
      description:
        'Type text inside the SCO key by key like a learner, then press options.keys ("Enter", "Tab", "Shift+Tab", "ArrowRight"...). With options.selector (or ref) the element is clicked first (a visually hidden control is focused); without, keys go to what has focus inside the SCO (DOM_NOT_ACTIONABLE when nothing there has focus). Returns characters_typed, the element, its frame and what changed.',
      input: {
        session_id: sessionId,
        text: z.string().max(10_000).describe('Text to type ("" to press only options.keys).'),
        options: z
          .object({
            ...targetInput,
            delay_ms: z
              .number()
              .int()
              .min(0)
              .max(1_000)
              .optional()
              .describe('Pause between keystrokes (default 0).'),
            keys: z
              .array(z.string().min(1).max(60))
              .max(100)
              .optional()
              .describe(
                'Keys pressed after the text, in order: "Enter", "Tab", "Escape", "ArrowLeft", "Shift+Tab".',
              ),
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
      handler: async (args) => {
        const o = args.options ?? {};
        return act(args, 'scorm_keyboard_type', (runtime) =>
          typeText(runtime, args.text, {
            ...targetOf(o),
            delayMs: o.delay_ms,
            keys: o.keys,
            ...actionOptions(o),
          }),
        );
      },
    }),
    defineTool({
      name: 'scorm_dom_fill_form_batch',
      group: 'dom',
      description:
        'Fill several fields in order, each exactly as scorm_dom_fill does (text, number, checkbox, radio, select...), continuing after a failed field unless stop_on_error. Returns total_fields, successful, failed, results[] (each with path, element, activation, its changes or its error) and one changes report for the whole batch.',
      input: {
        session_id: sessionId,
        fields: z.array(batchFieldSchema).min(1).max(200),
        stop_on_error: z.boolean().optional().describe('Stop at the first failed field (default false).'),
        settle_ms: waitOptions.settle_ms,
        screenshot,
      },
      output: {
        total_fields: count,
        successful: count,
        failed: count,
        skipped: count.describe('Not attempted: stop_on_error stopped the batch.'),
        results: z.array(
          openObject({
            index: count,
            target: z.string(),
            path: z.string().describe('dom or automation.'),
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
      handler: async (args) =>
        act(args, 'scorm_dom_fill_form_batch', (runtime) =>
          fillFormBatch(runtime, args.fields, {
            stopOnError: args.stop_on_error,
            settleMs: args.settle_ms,
            paths: batchFieldPaths,
          }),
        ),
    }),
  ];
}

function actionOptions(o: {
  wait_for_selector?: boolean | undefined;
  wait_timeout_ms?: number | undefined;
  settle_ms?: number | undefined;
}): ActionOptions {
  return { waitForSelector: o.wait_for_selector, waitTimeoutMs: o.wait_timeout_ms, settleMs: o.settle_ms };
}

function refuseSilentFill(triggerEvents: boolean | undefined): void {
  if (triggerEvents === false) {
    fail(
      'MCP_INVALID_PARAMS',
      'options.trigger_events: false is not supported: values reach the course only as real input (input and change events fire as they do for a learner). Leave it out.',
    );
  }
}
