/** scorm_reload_course: close and reopen a course, as a learner returning to it. */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import type { ServerContext } from '../../../app/context.js';
import { REPLACES_SAVED, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { packagePath, sessionId, viewportSchema } from '../shared-schemas.js';
import { courseOpenedOutput, courseOpener, openedData } from './open-course.js';

export function reloadCourseTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  const openCourse = courseOpener(sessions);
  return defineTool({
    name: 'scorm_reload_course',
    group: 'session',
    title: 'Reload course',
    annotations: REPLACES_SAVED,
    description:
      'Close the course (saving, as scorm_close_course) and open it again in a new session; force_new=true starts a fresh attempt without deleting saved state.',
    input: {
      session_id: sessionId,
      package_path: packagePath.optional().describe('Default: the package of the closed session.'),
      force_new: z.boolean().optional(),
      viewport: viewportSchema.optional(),
    },
    output: {
      ...courseOpenedOutput,
      previous_session_id: z.string(),
      previous_saved_state_path: z.string().nullable(),
    },
    handler: async (args, call) => {
      const old = sessions.get(args.session_id);
      const path = args.package_path ?? old.options.packagePath;
      const viewport = args.viewport ?? (old.runtime?.isOpen ? old.runtime.viewport : undefined);
      const closed = await sessions.close(args.session_id);
      if (closed.save_error) {
        fail(
          closed.save_error.error_code,
          `Session ${args.session_id} was closed, but its learner state was not saved (${closed.save_error.message}), so the course was not reopened. Fix the cause, then call scorm_open_course.`,
          { previous_session_id: args.session_id, save_error: closed.save_error },
        );
      }
      const session = await openCourse(
        {
          package_path: path,
          new_attempt: args.force_new ?? false,
          viewport: viewport ? { width: viewport.width, height: viewport.height } : undefined,
        },
        call,
      );
      sessions.replaced(args.session_id, session);
      return {
        data: {
          ...openedData(session),
          previous_session_id: args.session_id,
          previous_saved_state_path: closed.saved_state_path,
        },
      };
    },
  });
}
