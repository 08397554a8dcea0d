/** The automation tool group: the scorm_automation_* tools over a course's window.SCORMAutomation. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { automationCheckAvailabilityTool } from './scorm-automation-check-availability.js';
import { automationListInteractionsTool } from './scorm-automation-list-interactions.js';
import { automationSetResponseTool } from './scorm-automation-set-response.js';
import { automationCheckAnswerTool } from './scorm-automation-check-answer.js';
import { automationGetResponseTool } from './scorm-automation-get-response.js';
import { automationGetCourseStructureTool } from './scorm-automation-get-course-structure.js';
import { automationGetCurrentSlideTool } from './scorm-automation-get-current-slide.js';
import { automationGoToSlideTool } from './scorm-automation-go-to-slide.js';
import { automationGetCorrectResponseTool } from './scorm-automation-get-correct-response.js';
import { automationGetLastEvaluationTool } from './scorm-automation-get-last-evaluation.js';
import { automationCheckSlideAnswersTool } from './scorm-automation-check-slide-answers.js';
import { automationGetTraceTool } from './scorm-automation-get-trace.js';
import { automationClearTraceTool } from './scorm-automation-clear-trace.js';

export function automationTools(ctx: ServerContext): ToolDefinition[] {
  return [
    automationCheckAvailabilityTool(ctx),
    automationListInteractionsTool(ctx),
    automationSetResponseTool(ctx),
    automationCheckAnswerTool(ctx),
    automationGetResponseTool(ctx),
    automationGetCourseStructureTool(ctx),
    automationGetCurrentSlideTool(ctx),
    automationGoToSlideTool(ctx),
    automationGetCorrectResponseTool(ctx),
    automationGetLastEvaluationTool(ctx),
    automationCheckSlideAnswersTool(ctx),
    automationGetTraceTool(ctx),
    automationClearTraceTool(ctx),
  ];
}
