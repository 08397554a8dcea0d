/** scorm_pointer_drag: a learner dragging from one place or element to another (drag-and-drop questions). */
import { z } from 'zod';
import { pointerDrag, type DragEnd } from '../../../dom/actions/pointer.js';
import type { ServerContext } from '../../context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../tool.js';
import { sessionId } from '../shared-schemas.js';
import { targetInput } from './action-tools.js';
import {
  COORDINATES,
  hitOutput,
  pointerOutput,
  pointSchema,
  runPointerTool,
  screenshot,
  settleMs,
} from './pointer-fields.js';

const end = z
  .union([pointSchema, z.object(targetInput).strict()])
  .describe('{x,y}, or {ref} / {selector, frame?} for an element (its centre).');
const endOutput = z.object({ page_point: pointSchema, hit: hitOutput });

export function pointerDragTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_pointer_drag',
    group: 'dom',
    title: 'Drag and drop',
    annotations: ACTS_IN_COURSE,
    description: `Press at from, move in steps (HTML5 and pointer-event drag and drop both see it), release at to. ${COORDINATES} Returns what was under both ends and the changes.`,
    input: {
      session_id: sessionId,
      from: end,
      to: end,
      wait_timeout_ms: z.number().int().min(0).max(60_000).optional().describe('To find an element end.'),
      settle_ms: settleMs,
      screenshot,
    },
    output: { ...pointerOutput, from: endOutput, to: endOutput, steps: z.number() },
    handler: async (args, call) =>
      runPointerTool(ctx, args, 'scorm_pointer_drag', (runtime) =>
        pointerDrag(runtime, args.from as DragEnd, args.to as DragEnd, {
          waitTimeoutMs: args.wait_timeout_ms,
          settleMs: args.settle_ms,
          signal: call.signal,
        }),
      ),
  });
}
