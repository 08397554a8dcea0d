/** scorm_automation_clear_trace: calls SCORMAutomation.clearAutomationTrace() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool, CLEARS } from './automation-call.js';

export function automationClearTraceTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_clear_trace',
    title: 'Clear automation trace',
    annotations: CLEARS,
    method: 'clearAutomationTrace',
    params: [],
    acts: false,
    description: "Clear the course's automation trace.",
  });
}
