/** scorm_automation_check_answer: calls SCORMAutomation.checkAnswer() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationCheckAnswerTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_check_answer',
    title: 'Check answer',
    annotations: ACTS_IN_COURSE,
    method: 'checkAnswer',
    params: ['id'],
    acts: true,
    description:
      'Evaluate one interaction: correct, result, learner response. INVALID_INTERACTION_ID for an unknown id.',
  });
}
