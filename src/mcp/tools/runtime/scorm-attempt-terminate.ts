/** scorm_attempt_terminate: Call Terminate. */
import type { ServerContext } from '../../../app/context.js';
import { REPLACES_SAVED, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { attemptCall, attemptOutput } from './attempt-call.js';

export function attemptTerminateTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_attempt_terminate',
    group: 'runtime',
    title: 'Call Terminate',
    annotations: REPLACES_SAVED,
    description:
      'Call Terminate("") (LMSFinish on 1.2) from the tester: ends the attempt without unloading the SCO.',
    input: { session_id: sessionId },
    output: attemptOutput,
    handler: attemptCall(ctx.sessions, 'Terminate'),
  });
}
