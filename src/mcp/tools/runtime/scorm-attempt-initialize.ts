/** scorm_attempt_initialize: Call Initialize. */
import type { ServerContext } from '../../../app/context.js';
import { CHANGES_STATE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { attemptCall, attemptOutput } from './attempt-call.js';

export function attemptInitializeTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_attempt_initialize',
    group: 'runtime',
    title: 'Call Initialize',
    annotations: CHANGES_STATE,
    description:
      'Call Initialize("") (LMSInitialize on 1.2) from the tester, for a SCO that never initializes itself.',
    input: { session_id: sessionId },
    output: attemptOutput,
    handler: attemptCall(ctx.sessions, 'Initialize'),
  });
}
