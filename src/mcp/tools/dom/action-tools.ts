/**
 * Learner input inside the SCO: click, fill, type, fill a form. Each result says which element and frame
 * it acted on, how the input reached it (activation) and what changed (API calls, data model, console
 * errors, navigation), with a screenshot as image content when asked.
 */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import { clickElement } from '../../../dom/actions/click.js';
import { fillElement } from '../../../dom/actions/fill.js';
import type { ActionOptions } from '../../../dom/actions/run-action.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../context.js';
import { defineTool, type ToolDefinition, type ToolResult } from '../../tool.js';
import { captureToArtifact } from '../runtime/capture.js';
import { sessionId } from '../shared-schemas.js';

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
const waitOptions = {
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

export function actionTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;

  const withScreenshot = async (
    session: Session,
    tool: string,
    wanted: boolean | undefined,
    data: Record<string, unknown>,
  ): Promise<ToolResult> => {
    if (!wanted) return { data };
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
        selector: selector.optional(),
        ref: ref.optional(),
        frame: frame.optional(),
        options: z
          .object({
            click_type: z.enum(['single', 'double', 'right']).optional().describe('Default single.'),
            ...waitOptions,
          })
          .strict()
          .optional(),
        screenshot,
      },
      handler: async (args) => {
        const session = sessions.get(args.session_id);
        const runtime = session.requireRuntime();
        const o = args.options ?? {};
        const result = await clickElement(
          runtime,
          { selector: args.selector, ref: args.ref, frame: args.frame },
          { ...actionOptions(o), clickType: o.click_type },
        );
        return withScreenshot(session, 'scorm_dom_click', args.screenshot, result);
      },
    }),
    defineTool({
      name: 'scorm_dom_fill',
      group: 'dom',
      description:
        'Fill a form control inside the SCO like a learner: text/textarea/contenteditable are typed (fill), checkbox/radio checked with true/false, select chosen by option value or label, number/range/date-like inputs given a value of their format. A value of the wrong type fails with DOM_INVALID_VALUE saying what the input accepts. Returns the element (type, value, checked) and what changed.',
      input: {
        session_id: sessionId,
        selector: selector.optional(),
        ref: ref.optional(),
        frame: frame.optional(),
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
      handler: async (args) => {
        const session = sessions.get(args.session_id);
        const runtime = session.requireRuntime();
        const o = args.options ?? {};
        refuseSilentFill(o.trigger_events);
        const result = await fillElement(
          runtime,
          { selector: args.selector, ref: args.ref, frame: args.frame },
          args.value,
          actionOptions(o),
        );
        return withScreenshot(session, 'scorm_dom_fill', args.screenshot, result);
      },
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
