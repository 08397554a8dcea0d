/** scorm_scroll: a learner scrolling the course (mouse wheel over the container that scrolls) or to an element. */
import { z } from 'zod';
import { scrollSco } from '../../../dom/actions/scroll.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { count } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { targetInput } from './action-fields.js';
import {
  COORDINATES,
  pointerOutput,
  pointSchema,
  runPointerTool,
  screenshot,
  settleMs,
} from './pointer-fields.js';

const position = z.object({ top: z.number(), left: z.number(), max_top: z.number(), max_left: z.number() });

export function scrollTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_scroll',
    group: 'dom',
    title: 'Scroll',
    annotations: ACTS_IN_COURSE,
    description: `Scroll ref/selector into view, or wheel by delta or in steps to start/end over the container under at (default: the largest scrolling one). ${COORDINATES} Lengths too.`,
    input: {
      session_id: sessionId,
      ...targetInput,
      at: pointSchema.optional(),
      delta: z.object({ x: z.number().optional(), y: z.number().optional() }).strict().optional(),
      to: z.enum(['start', 'end']).optional(),
      step_ms: z.number().int().min(0).max(5_000).optional().describe('Pause per step of to (default 150).'),
      settle_ms: settleMs,
      screenshot,
    },
    output: {
      ...pointerOutput,
      container: z
        .object({ frame: z.string(), ref: z.string().nullable(), tagName: z.string(), id: z.string() })
        .nullable()
        .describe('null: nothing scrolls there.'),
      before: position.nullable(),
      after: position.nullable(),
      moved: z.boolean(),
      at_start: z.boolean(),
      at_end: z.boolean(),
      wheel_steps: count,
      element: z.object({ frame: z.string(), in_viewport: z.boolean() }).optional().describe('For a target.'),
    },
    handler: async (args, call) => {
      const hasTarget = args.selector !== undefined || args.ref !== undefined;
      return runPointerTool(ctx, args, 'scorm_scroll', (runtime) =>
        scrollSco(
          runtime,
          {
            target: hasTarget ? { selector: args.selector, ref: args.ref, frame: args.frame } : undefined,
            at: args.at,
            delta: args.delta ? { x: args.delta.x ?? 0, y: args.delta.y ?? 0 } : undefined,
            to: args.to,
            stepMs: args.step_ms,
          },
          { settleMs: args.settle_ms, signal: call.signal },
        ),
      );
    },
  });
}
