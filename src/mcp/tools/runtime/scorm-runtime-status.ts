/** scorm_runtime_status: Runtime status. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { count, epochMs, initializeState, viewport } from '../output-schemas.js';
import { closedMark, sessionClosedOutput } from '../session/closed-record.js';

export function runtimeStatusTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_runtime_status',
    group: 'runtime',
    title: 'Runtime status',
    annotations: READ_ONLY,
    description:
      "Whether the runtime is open or crashed, the SCO's URL, initialize state, last API method, calls recorded, and unrecorded_calls past SCORM_TESTER_MAX_RECORDED_CALLS.",
    input: { session_id: sessionId },
    output: {
      open: z.boolean(),
      crashed: z.boolean(),
      runtime_id: z.string().optional().describe('Absent when no runtime was ever opened.'),
      url: z.string().nullable().optional(),
      sco_id: z.string().nullable().optional(),
      attempt: z.number().optional(),
      initialize_state: initializeState,
      last_api_method: z.string().nullable(),
      last_api_ts: epochMs.nullable(),
      call_count: count,
      unrecorded_calls: count.optional().describe('Calls answered past the record cap.'),
      viewport: viewport.optional(),
      allow_network: z.boolean().optional(),
      allow_loopback: z.boolean().optional(),
      ...sessionClosedOutput,
    },
    handler: async (args) => {
      const { session, closed } = sessions.recorded(args.session_id);
      // A closed session shows its last runtime, as it closed.
      const runtime = closed ? session.closedRuntime : session.runtime;
      if (!runtime) {
        return {
          data: {
            open: false,
            crashed: false,
            initialize_state: 'none',
            last_api_method: null,
            last_api_ts: null,
            call_count: 0,
            ...closedMark(closed),
          },
        };
      }
      const s = runtime.status();
      return {
        data: {
          open: s.open,
          crashed: s.crashed,
          runtime_id: s.runtimeId,
          url: s.url,
          sco_id: s.scoId,
          attempt: s.attempt,
          initialize_state: s.initializeState,
          last_api_method: s.lastApiMethod,
          last_api_ts: s.lastApiTs,
          call_count: s.callCount,
          unrecorded_calls: runtime.log.dropped.calls,
          viewport: s.viewport,
          allow_network: s.allowNetwork,
          allow_loopback: s.allowLoopback,
          ...closedMark(closed),
        },
      };
    },
  });
}
