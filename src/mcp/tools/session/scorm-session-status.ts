/** scorm_session_status: where a session stands. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, epochMs } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { closedMark, sessionClosedOutput } from './closed-record.js';

export function sessionStatusTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_session_status',
    group: 'session',
    title: 'Session status',
    annotations: READ_ONLY,
    description: "A session's state, timestamps, artifact count and whether a runtime is open.",
    input: { session_id: sessionId },
    output: {
      state: z.enum(['opening', 'ready', 'running', 'closing', 'closed']),
      started_at: epochMs,
      last_activity_at: epochMs,
      artifacts_count: count,
      runtime_open: z.boolean(),
      course_id: z.string(),
      workspace_path: z.string(),
      closed_at: epochMs.optional(),
      ...sessionClosedOutput,
    },
    handler: async (args) => {
      const { session: s, closed } = sessions.recorded(args.session_id);
      return {
        data: {
          state: s.state,
          started_at: s.startedAt,
          last_activity_at: s.lastActivityAt,
          artifacts_count: s.artifacts.count,
          runtime_open: Boolean(s.runtime?.isOpen),
          course_id: s.courseId,
          workspace_path: s.workspace,
          ...(s.closedAt === null ? {} : { closed_at: s.closedAt }),
          ...closedMark(closed),
        },
      };
    },
  });
}
