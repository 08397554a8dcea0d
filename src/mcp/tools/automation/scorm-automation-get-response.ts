/** scorm_automation_get_response: calls SCORMAutomation.getResponse() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationGetResponseTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_get_response',
    title: 'Get response',
    annotations: READ_ONLY,
    method: 'getResponse',
    params: ['id'],
    acts: false,
    description: "An interaction's current response (null when unanswered).",
  });
}
