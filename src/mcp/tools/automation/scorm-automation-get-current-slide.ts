/** scorm_automation_get_current_slide: calls SCORMAutomation.getCurrentSlide() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationGetCurrentSlideTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_get_current_slide',
    title: 'Current slide',
    annotations: READ_ONLY,
    method: 'getCurrentSlide',
    params: [],
    acts: false,
    description: 'The active slide (id, title, index, total).',
  });
}
