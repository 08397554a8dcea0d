/** scorm_pointer_click: a learner's click (or double or right click) where the screenshot shows something. */
import { z } from 'zod';
import { pointerClick } from '../../../dom/actions/pointer.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import {
  COORDINATES,
  hitOutput,
  pointerOutput,
  unchangedOutput,
  pointSchema,
  runPointerTool,
  screenshot,
  settleMs,
} from './pointer-fields.js';

export function pointerClickTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_pointer_click',
    group: 'dom',
    title: 'Click at a point',
    annotations: ACTS_IN_COURSE,
    description: `Real mouse click at a point, on whatever is drawn there. ${COORDINATES} Returns the element hit and the changes.`,
    input: {
      session_id: sessionId,
      ...pointSchema.shape,
      button: z.enum(['left', 'right', 'middle']).optional().describe('Default left.'),
      double: z.boolean().optional(),
      settle_ms: settleMs,
      screenshot,
    },
    output: {
      ...pointerOutput,
      ...unchangedOutput,
      page_point: pointSchema.describe('The point in CSS px of the page.'),
      hit: hitOutput,
    },
    handler: async (args, call) =>
      runPointerTool(ctx, args, 'scorm_pointer_click', (runtime) =>
        pointerClick(
          runtime,
          { x: args.x, y: args.y },
          { button: args.button, double: args.double, settleMs: args.settle_ms, signal: call.signal },
        ),
      ),
  });
}
