/** scorm_session_close: end a session and free its browser context. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolData, type ToolDefinition, type ToolResult } from '../../../app/tool.js';
import type { SessionManager } from '../../../session/session-manager.js';
import { runtimeClose } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';

export function sessionCloseTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_session_close',
    group: 'session',
    title: 'Close session',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    description:
      'End a session as scorm_close_course does (the SCO unloads, state is saved); its records and artifacts stay readable.',
    input: sessionCloseInput,
    output: sessionCloseOutput,
    handler: closeSessionHandler(sessions),
  });
}

/** What scorm_session_close and scorm_close_course take. */
export const sessionCloseInput = {
  session_id: sessionId,
  forget: z.boolean().optional().describe('Delete its records.'),
};

/** What scorm_session_close and scorm_close_course return. */
export const sessionCloseOutput = {
  ...runtimeClose,
  session_closed: z.literal(true),
  artifacts_manifest_path: z.string(),
  records: z
    .enum(['kept', 'deleted'])
    .describe(
      'kept: events, API calls, anomalies and files stay readable until deleted (forget) or dropped.',
    ),
  dropped_records: z
    .array(z.string())
    .optional()
    .describe('Sessions whose records this close dropped (the server keeps the last closed ones).'),
};

/** Closing a session and closing a course are one operation (the persistence flow's close). */
export function closeSessionHandler(
  sessions: SessionManager,
): (args: {
  session_id: string;
  forget?: boolean | undefined;
}) => Promise<ToolResult<ToolData<typeof sessionCloseOutput>>> {
  return async (args) => {
    const result = await sessions.close(args.session_id, { forget: args.forget === true });
    // The session is closed either way; success says whether the learner state that existed was saved.
    return { data: { success: result.save_error === null, session_closed: true, ...result } };
  };
}
