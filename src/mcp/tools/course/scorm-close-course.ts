/** scorm_close_course: end the course as a learner closing it, saving learner state. */
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { closeSessionHandler, sessionCloseOutput } from '../session/scorm-session-close.js';

export function closeCourseTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_close_course',
    group: 'session',
    title: 'Close course',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    description:
      'Close a course like a learner: the SCO unloads (an empty cmi.exit becomes "suspend"), the attempt ends and its data is saved (saved_from "record" when the page could not answer); the session ends. success=false with save_error when nothing could be saved.',
    input: { session_id: sessionId },
    output: sessionCloseOutput,
    handler: closeSessionHandler(sessions),
  });
}
