/** scorm_pointer_hover: a learner moving the mouse over what the screenshot shows (hover-revealed prompts). */
import { pointerHover } from '../../../dom/actions/pointer.js';
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

export function pointerHoverTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_pointer_hover',
    group: 'dom',
    title: 'Hover at a point',
    annotations: ACTS_IN_COURSE,
    description: `Move the mouse onto a point and leave it there. ${COORDINATES} Returns the element under it and the changes.`,
    input: { session_id: sessionId, ...pointSchema.shape, settle_ms: settleMs, screenshot },
    output: {
      ...pointerOutput,
      ...unchangedOutput,
      page_point: pointSchema.describe('The point in CSS px of the page.'),
      hit: hitOutput,
    },
    handler: async (args, call) =>
      runPointerTool(ctx, args, 'scorm_pointer_hover', (runtime) =>
        pointerHover(runtime, { x: args.x, y: args.y }, { settleMs: args.settle_ms, signal: call.signal }),
      ),
  });
}
