/** Runtime lifecycle: open, status, close, and Initialize/Terminate as tool calls. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import {
  REPLACES_SAVED,
  CHANGES_STATE,
  ACTS_IN_COURSE,
  defineTool,
  READ_ONLY,
  type ToolDefinition,
} from '../../../app/tool.js';
import { resumeData, resumeOutput } from '../resume-output.js';
import { sessionId, viewportSchema } from '../shared-schemas.js';
import {
  apiCallResult,
  count,
  epochMs,
  initializeState,
  runtimeClose,
  scormVersion,
  viewport,
} from '../output-schemas.js';
import { callResult } from './api-calls.js';
import { closedMark, sessionClosedOutput } from '../session/closed-record.js';

const attemptOutput = { ...apiCallResult, initialize_state: initializeState };

export function lifecycleTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  const attemptCall = (name: 'Initialize' | 'Terminate') => async (args: { session_id: string }) => {
    const session = sessions.get(args.session_id);
    const runtime = session.requireRuntime();
    const rec = await runtime.callApi(name, ['']);
    return { data: { ...callResult(rec), initialize_state: runtime.initializeState } };
  };

  return [
    defineTool({
      name: 'scorm_runtime_open',
      group: 'runtime',
      title: 'Launch course',
      annotations: ACTS_IN_COURSE,
      description:
        "Launch the session's course in headless Chromium (first SCO of the default organization, or item_id); it calls Initialize itself and every API call, console message and request is recorded. Resumes a suspended attempt.",
      input: {
        session_id: sessionId,
        viewport: viewportSchema.optional(),
        item_id: z.string().min(1).optional(),
      },
      output: {
        runtime_id: z.string(),
        entry_found: z.boolean(),
        viewport,
        launch_url: z.string().nullable(),
        sco_id: z.string().nullable(),
        ...resumeOutput,
        scorm_version: scormVersion,
        initialize_state: initializeState,
        call_count: count,
        allow_network: z.boolean(),
        allow_loopback: z.boolean(),
      },
      handler: async (args, call) => {
        const session = sessions.get(args.session_id);
        const runtime = await session.openRuntime({
          viewport: args.viewport,
          itemId: args.item_id,
          control: { signal: call.signal, progress: call.progress },
        });
        const status = runtime.status();
        return {
          data: {
            runtime_id: runtime.id,
            entry_found: true,
            viewport: runtime.viewport,
            launch_url: session.launch?.launchUrl ?? null,
            sco_id: status.scoId ?? session.launch?.item.identifier ?? null,
            ...resumeData(session),
            scorm_version: runtime.version,
            initialize_state: status.initializeState,
            call_count: status.callCount,
            allow_network: runtime.allowNetwork,
            allow_loopback: runtime.allowLoopback,
          },
        };
      },
    }),
    defineTool({
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
    }),
    defineTool({
      name: 'scorm_runtime_close',
      group: 'runtime',
      title: 'Close runtime',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      description:
        'Close the runtime and keep the session: the SCO unloads and its state is saved as scorm_close_course does. Works after a crash too (what the course set is then saved from the record).',
      input: { session_id: sessionId },
      output: runtimeClose,
      handler: async (args) => {
        const session = sessions.get(args.session_id);
        const result = await session.closeRuntime();
        return { data: { success: result.save_error === null, ...result } };
      },
    }),
    defineTool({
      name: 'scorm_attempt_initialize',
      group: 'runtime',
      title: 'Call Initialize',
      annotations: CHANGES_STATE,
      description:
        'Call Initialize("") (LMSInitialize on 1.2) from the tester, for a SCO that never initializes itself.',
      input: { session_id: sessionId },
      output: attemptOutput,
      handler: attemptCall('Initialize'),
    }),
    defineTool({
      name: 'scorm_attempt_terminate',
      group: 'runtime',
      title: 'Call Terminate',
      annotations: REPLACES_SAVED,
      description:
        'Call Terminate("") (LMSFinish on 1.2) from the tester: ends the attempt without unloading the SCO.',
      input: { session_id: sessionId },
      output: attemptOutput,
      handler: attemptCall('Terminate'),
    }),
  ];
}
