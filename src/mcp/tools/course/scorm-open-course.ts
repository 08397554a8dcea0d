/** scorm_open_course: open a session and launch its course in one call. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { CHANGES_STATE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { packagePath, viewportSchema } from '../shared-schemas.js';
import { courseOpenedOutput, courseOpener, openedData } from './open-course.js';

export function openCourseTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  const openCourse = courseOpener(sessions);
  return defineTool({
    name: 'scorm_open_course',
    group: 'session',
    title: 'Open course',
    annotations: CHANGES_STATE,
    description:
      'Open a session and launch its course in one call. Resumes where the learner suspended (exit "suspend" with learner data; a sequenced course through resumeAll at the suspended SCO); new_attempt=true starts fresh without deleting it.',
    input: {
      package_path: packagePath,
      viewport: viewportSchema.optional(),
      new_attempt: z.boolean().optional(),
      item_id: z.string().min(1).optional().describe('Default: the first SCO.'),
    },
    output: courseOpenedOutput,
    handler: async (args, call) => ({ data: openedData(await openCourse(args, call)) }),
  });
}
