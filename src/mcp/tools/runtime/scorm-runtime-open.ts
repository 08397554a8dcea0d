/** scorm_runtime_open: Launch course. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { resumeData, resumeOutput } from '../resume-output.js';
import { sessionId, viewportSchema } from '../shared-schemas.js';
import { count, initializeState, scormVersion, viewport } from '../output-schemas.js';

export function runtimeOpenTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
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
  });
}
