/** scorm_pointer_drag: a learner dragging from one place or element to another (drag-and-drop questions). */
import { z } from 'zod';
import { pointerDrag, type DragEnd } from '../../../dom/actions/pointer.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { refSchema } from './action-fields.js';
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

const end = z.union([pointSchema, z.object({ ref: refSchema }).strict()]);
const from = end.describe('{x,y} or {ref} (where it shows).');
const to = end.describe('{x,y} or {ref} (its centre).');
const endOutput = z.object({ page_point: pointSchema, hit: hitOutput });

export function pointerDragTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_pointer_drag',
    group: 'dom',
    title: 'Drag and drop',
    annotations: ACTS_IN_COURSE,
    description: `Press at from, move in steps (HTML5 and pointer-event drag and drop), release at to. ${COORDINATES}`,
    input: {
      session_id: sessionId,
      from,
      to,
      settle_ms: settleMs,
      screenshot,
    },
    output: { ...pointerOutput, ...unchangedOutput, from: endOutput, to: endOutput, steps: z.number() },
    handler: async (args, call) =>
      runPointerTool(ctx, args, 'scorm_pointer_drag', (runtime) =>
        pointerDrag(runtime, args.from as DragEnd, args.to as DragEnd, {
          settleMs: args.settle_ms,
          signal: call.signal,
        }),
      ),
  });
}
