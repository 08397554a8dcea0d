/** scorm_wait_for_api_call: Wait for API call. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { apiCall } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { checkAnyMethod } from '../../../app/replay.js';
import { callView } from './api-calls.js';
import { DEFAULT_WAIT_MS, MAX_WAIT_MS } from './api-fields.js';

export function waitForApiCallTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_wait_for_api_call',
    group: 'runtime',
    title: 'Wait for API call',
    annotations: READ_ONLY,
    description:
      'Wait until the course calls an API method (either version\'s name: "Terminate" matches LMSFinish); only later calls count unless include_past. WAIT_TIMEOUT after timeout_ms (default 10000).',
    input: {
      session_id: sessionId,
      method: z.string().min(1),
      timeout_ms: z.number().int().min(1).max(MAX_WAIT_MS).optional(),
      include_past: z.boolean().optional().describe('Also accept a matching call recorded before the wait.'),
    },
    output: { found: z.literal(true), call: apiCall, elapsed_ms: z.number() },
    handler: async (args, call) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      checkAnyMethod(args.method);
      const started = Date.now();
      const from = args.include_past ? 0 : runtime.calls.length;
      const rec = await runtime.waitForCall(
        args.method,
        args.timeout_ms ?? DEFAULT_WAIT_MS,
        from,
        call.signal,
      );
      return { data: { found: true, call: callView(rec), elapsed_ms: Date.now() - started } };
    },
  });
}
