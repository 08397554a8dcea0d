/** scorm_automation_get_last_evaluation: calls SCORMAutomation.getLastEvaluation() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationGetLastEvaluationTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_get_last_evaluation',
    title: 'Last evaluation',
    annotations: READ_ONLY,
    method: 'getLastEvaluation',
    params: ['id'],
    acts: false,
    description: "An interaction's latest evaluation, without evaluating again (null when never checked).",
  });
}
