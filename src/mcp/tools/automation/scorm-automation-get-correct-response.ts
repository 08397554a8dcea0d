/** scorm_automation_get_correct_response: calls SCORMAutomation.getCorrectResponse() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationGetCorrectResponseTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_get_correct_response',
    title: 'Get correct response',
    annotations: READ_ONLY,
    method: 'getCorrectResponse',
    params: ['id'],
    acts: false,
    description:
      "An interaction's correct answer, from courses built for debugging (the sample: exposeCorrectAnswers in course-config.js); others fail with their reason.",
  });
}
