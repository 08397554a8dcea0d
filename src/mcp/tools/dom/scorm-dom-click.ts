/** scorm_dom_click: Click element. */
import { z } from 'zod';
import { clickElement } from '../../../dom/actions/click.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';

import { sessionId } from '../shared-schemas.js';
import {
  targetInput,
  targetOf,
  waitOptions,
  screenshot,
  actionOutput,
  actionRunner,
  actionOptions,
} from './action-fields.js';

export function domClickTool(ctx: ServerContext): ToolDefinition {
  const act = actionRunner(ctx.sessions);
  return defineTool({
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
  });
}
