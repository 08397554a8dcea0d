/** scorm_automation_get_course_structure: calls SCORMAutomation.getCourseStructure() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationGetCourseStructureTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_get_course_structure',
    title: 'Course structure',
    annotations: READ_ONLY,
    method: 'getCourseStructure',
    params: [],
    acts: false,
    description: 'Slides with ids, titles and interactions; richer than scorm_get_slide_map.',
  });
}
