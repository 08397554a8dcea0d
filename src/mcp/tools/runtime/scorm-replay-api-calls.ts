/** scorm_replay_api_calls: Replay API calls. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { REPLACES_SAVED, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { count, recordedValue } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { replayCalls } from '../../../app/replay.js';
import { apiArgs } from './api-fields.js';

export function replayApiCallsTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_replay_api_calls',
    group: 'runtime',
    title: 'Replay API calls',
    annotations: REPLACES_SAVED,
    description:
      'Run API calls in order, e.g. [{method:"SetValue",args:["cmi.location","p3"]}]. A call returning "false" or an error code fails; stops there unless stop_on_error=false.',
    input: {
      session_id: sessionId,
      calls: z
        .array(z.object({ method: z.string().min(1), args: apiArgs.optional() }).strict())
        .min(1)
        .max(1000),
      stop_on_error: z.boolean().optional().describe('Default true.'),
    },
    output: {
      success: z.boolean(),
      total_calls: count,
      executed_calls: count,
      failed_at_index: count.optional(),
      error: z
        .object({
          index: count,
          method: z.string(),
          error_code: z.string(),
          error_string: z.string(),
          diagnostic: z.string(),
        })
        .optional()
        .describe('The first failed call.'),
      results: z.array(
        z.object({
          index: count,
          method: z.string(),
          args: z.array(z.unknown()),
          success: z.boolean(),
          result: recordedValue.nullable(),
          error_code: z.string(),
          error_string: z.string(),
          diagnostic: z.string(),
          call_index: count.nullable(),
          exception: z.string().optional(),
        }),
      ),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      const outcome = await replayCalls(
        runtime.version,
        args.calls,
        (method, callArgs) => runtime.callApi(method, callArgs),
        args.stop_on_error ?? true,
      );
      return { data: outcome };
    },
  });
}
