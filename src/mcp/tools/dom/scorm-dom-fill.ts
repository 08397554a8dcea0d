/** scorm_dom_fill: Fill form control. */
import { z } from 'zod';
import { fillElement } from '../../../dom/actions/fill.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import {
  targetInput,
  targetOf,
  waitOptions,
  screenshot,
  fillValue,
  actionOutput,
  actionRunner,
  actionOptions,
  refuseSilentFill,
} from './action-fields.js';

export function domFillTool(ctx: ServerContext): ToolDefinition {
  const act = actionRunner(ctx.sessions);
  return defineTool({
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
  });
}
