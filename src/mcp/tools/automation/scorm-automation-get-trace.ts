/** scorm_automation_get_trace: calls SCORMAutomation.getAutomationTrace() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationGetTraceTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_get_trace',
    title: 'Automation trace',
    annotations: READ_ONLY,
    method: 'getAutomationTrace',
    params: [],
    acts: false,
    description: "The course's own trace of automation calls: time, method, arguments, result or error.",
  });
}
