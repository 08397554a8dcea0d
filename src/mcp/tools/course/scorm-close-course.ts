/** scorm_close_course: end the course as a learner closing it, saving learner state. */
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import {
  closeSessionHandler,
  sessionCloseInput,
  sessionCloseOutput,
} from '../session/scorm-session-close.js';

export function closeCourseTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_close_course',
    group: 'session',
    title: 'Close course',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    description:
      'Close a course like a learner: the SCO unloads (an empty cmi.exit becomes "suspend") and its data is saved (saved_from "record" if the page did not answer); the session ends. success=false, save_error: nothing saved.',
    input: sessionCloseInput,
    output: sessionCloseOutput,
    handler: closeSessionHandler(sessions),
  });
}
