/** scorm_automation_list_interactions: calls SCORMAutomation.listInteractions() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationListInteractionsTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_list_interactions',
    title: 'List interactions',
    annotations: READ_ONLY,
    method: 'listInteractions',
    params: [],
    acts: false,
    description: 'The interactions the course registers (id, type, slideId, choices/sources/targets).',
  });
}
