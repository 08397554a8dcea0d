/** Calling the SCORM API from a tool: single calls, waiting for the course's calls, replays. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { REPLACES_SAVED, defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { apiCall, apiCallResult, count, recordedValue } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { checkAnyMethod, replayCalls, resolveMethod } from '../../../app/replay.js';
import { callResult, callView } from './api-calls.js';

const DEFAULT_WAIT_MS = 10_000;
const MAX_WAIT_MS = 300_000;

const apiArgs = z
  .array(z.unknown())
  .max(8)
  .describe('Arguments as the course would pass them, e.g. ["cmi.location"].');

export function apiTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
      name: 'scorm_api_call',
      group: 'runtime',
      title: 'Call SCORM API',
      annotations: REPLACES_SAVED,
      description:
        'Call one SCORM API method on the running course, e.g. SetValue ["cmi.score.raw","80"]; either version\'s names work. Returns result, error_code, error_string, diagnostic.',
      input: {
        session_id: sessionId,
        method: z.string().min(1).describe('e.g. GetValue, SetValue, Commit (1.2 names work too).'),
        args: apiArgs.optional(),
      },
      output: apiCallResult,
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const method = resolveMethod(runtime.version, args.method);
        const rec = await runtime.callApi(method, args.args ?? []);
        return { data: callResult(rec) };
      },
    }),
    defineTool({
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
        include_past: z
          .boolean()
          .optional()
          .describe('Also accept a matching call recorded before the wait.'),
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
    }),
    defineTool({
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
    }),
  ];
}
