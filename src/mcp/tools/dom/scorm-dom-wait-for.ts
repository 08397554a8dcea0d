/** scorm_dom_wait_for: Wait for element. */
import { z } from 'zod';
import { waitForCondition } from '../../../dom/query/wait-for.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { count } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { frameLabel, selector, expression } from './read-fields.js';

export function domWaitForTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_dom_wait_for',
    group: 'dom',
    title: 'Wait for element',
    annotations: ACTS_IN_COURSE,
    description:
      'Wait until condition holds in a SCO frame: selector visible or hidden, text, attribute, or expression truthy. DOM_TIMEOUT after timeout_ms (default 10000) says what was not met.',
    input: {
      session_id: sessionId,
      condition: z
        .object({
          selector: selector.optional(),
          visible: z.boolean().optional(),
          text: z.string().max(10_000).optional(),
          attribute: z.string().min(1).max(200).optional(),
          attribute_value: z.string().max(10_000).optional(),
          expression: expression.optional(),
          arg: z.unknown().optional(),
        })
        .strict(),
      timeout_ms: z.number().int().min(0).max(120_000).optional(),
      frame: frameLabel.optional(),
    },
    output: {
      success: z.literal(true),
      elapsed_ms: z.number(),
      matched: z.object({
        frame: z.string(),
        element: z.unknown().describe('The element matched, when a selector was given.'),
      }),
      polls: count,
    },
    handler: async (args, call) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      const result = await waitForCondition(runtime, args.condition, {
        timeoutMs: args.timeout_ms ?? 10_000,
        frame: args.frame,
        signal: call.signal,
      });
      return { data: result };
    },
  });
}
