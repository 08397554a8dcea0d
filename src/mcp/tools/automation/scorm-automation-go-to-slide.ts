/** scorm_automation_go_to_slide: calls SCORMAutomation.goToSlide() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool, GOES } from './automation-call.js';

export function automationGoToSlideTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_go_to_slide',
    title: 'Go to slide (automation)',
    annotations: GOES,
    method: 'goToSlide',
    params: ['slideId'],
    acts: true,
    description: 'Go to a slide by id (from scorm_automation_get_course_structure).',
  });
}
