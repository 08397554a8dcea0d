/** scorm_dom_evaluate: Evaluate JavaScript. */
import { z } from 'zod';
import { evaluateInSco } from '../../../dom/query/evaluate.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { frameLabel, expression } from './read-fields.js';

export function domEvaluateTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_dom_evaluate',
    group: 'dom',
    title: 'Evaluate JavaScript',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    description:
      'Run a JavaScript expression in the SCO frame. A function is called with arg; promises are awaited; non-JSON values are described; results over 100 kB are cut.',
    input: {
      session_id: sessionId,
      expression,
      arg: z.unknown().optional(),
      return_by_value: z.boolean().optional().describe('false: only the type (default true).'),
      frame: frameLabel.optional(),
      timeout_ms: z.number().int().min(100).max(60_000).optional(),
    },
    output: {
      type: z.string().describe('typeof, refined: null, array, node, window, date, error, promise, ...'),
      result: z.unknown().describe('The value as JSON, or a description of what JSON cannot carry.'),
      truncated: z.boolean(),
      original_size: z.number().optional(),
      frame: z.string(),
      called: z.boolean().describe('The expression was a function and was called.'),
    },
    handler: async (args, call) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      const result = await evaluateInSco(runtime, {
        expression: args.expression,
        arg: args.arg,
        frame: args.frame,
        timeoutMs: args.timeout_ms ?? 5_000,
        returnByValue: args.return_by_value !== false,
        signal: call.signal,
      });
      return { data: result };
    },
  });
}
