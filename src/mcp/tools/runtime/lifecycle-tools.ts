/** Runtime lifecycle: open, status, close, and Initialize/Terminate as tool calls. */
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { defineTool, type ToolDefinition } from '../../tool.js';
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
      description:
        'Launch the course of a session in headless Chromium (default: first SCO of the default organization, or item_id). The SCO calls Initialize itself; every API call, console message and request is recorded. Resumes saved learner state when the last attempt suspended.',
      input: {
        session_id: sessionId,
        viewport: viewportSchema.optional(),
        item_id: z.string().min(1).optional().describe('Item identifier to launch.'),
      },
      output: {
        runtime_id: z.string(),
        entry_found: z.boolean(),
        viewport,
        launch_url: z.string().nullable(),
        sco_id: z.string().nullable(),
        resumed: z.boolean(),
        entry: z.enum(['resume', 'ab-initio']),
        fresh_start_reason: z.string().optional().describe('Why saved state was not resumed.'),
        scorm_version: scormVersion,
        initialize_state: initializeState,
        call_count: count,
        allow_network: z.boolean(),
        allow_loopback: z.boolean(),
      },
      handler: async (args) => {
        const session = sessions.get(args.session_id);
        const runtime = await session.openRuntime({ viewport: args.viewport, itemId: args.item_id });
        const status = runtime.status();
        const resume = session.resume;
        return {
          data: {
            runtime_id: runtime.id,
            entry_found: true,
            viewport: runtime.viewport,
            launch_url: session.launch?.launchUrl ?? null,
            sco_id: status.scoId ?? session.launch?.item.identifier ?? null,
            resumed: Boolean(resume?.resume),
            entry: resume?.resume ? 'resume' : 'ab-initio',
            ...(resume && !resume.resume ? { fresh_start_reason: resume.reason } : {}),
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
      description:
        "Whether the session's runtime is open (or its browser crashed), the SCO's URL, the attempt's initialize state (none|initialized|terminated), the last API method and its time, the number of calls recorded, and unrecorded_calls: calls the engine answered past the record's cap (SCORM_TESTER_MAX_RECORDED_CALLS, default 1,000,000).",
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
      },
      handler: async (args) => {
        const session = sessions.get(args.session_id);
        const runtime = session.runtime;
        if (!runtime) {
          return {
            data: {
              open: false,
              crashed: false,
              initialize_state: 'none',
              last_api_method: null,
              last_api_ts: null,
              call_count: 0,
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
          },
        };
      },
    }),
    defineTool({
      name: 'scorm_runtime_close',
      group: 'runtime',
      description:
        "Close the runtime but keep the session: the SCO unloads as if the learner closed the window; if the attempt is still open the tester sets cmi.exit=suspend (when empty) and terminates it; an exit the course set itself is kept; the SCO's data model is saved for its next launch. Works after a crash too. success=false with save_error when learner state existed but could not be saved (e.g. BROWSER_CRASHED, SESSION_STATE_SAVE_FAILED).",
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
      description:
        'Call Initialize("") (LMSInitialize on SCORM 1.2) as a tool call, recorded with source "tool". Courses normally do this themselves; use it to drive a SCO that never initializes. Returns the result and error code.',
      input: { session_id: sessionId },
      output: attemptOutput,
      handler: attemptCall('Initialize'),
    }),
    defineTool({
      name: 'scorm_attempt_terminate',
      group: 'runtime',
      description:
        'Call Terminate("") (LMSFinish on SCORM 1.2) as a tool call, recorded with source "tool". Ends the attempt without unloading the SCO; scorm_runtime_close unloads it the way a learner would.',
      input: { session_id: sessionId },
      output: attemptOutput,
      handler: attemptCall('Terminate'),
    }),
  ];
}
