/** scorm_automation_check_slide_answers: calls SCORMAutomation.checkSlideAnswers() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationCheckSlideAnswersTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_check_slide_answers',
    title: 'Check slide answers',
    annotations: ACTS_IN_COURSE,
    method: 'checkSlideAnswers',
    params: ['slideId?'],
    acts: true,
    description: 'Evaluate every interaction on a slide (default: the current one).',
  });
}
