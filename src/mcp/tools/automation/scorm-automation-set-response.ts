/** scorm_automation_set_response: calls SCORMAutomation.setResponse() in the course (see automation-call.ts). */
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, type ToolDefinition } from '../../../app/tool.js';
import { automationCallTool } from './automation-call.js';

export function automationSetResponseTool(ctx: ServerContext): ToolDefinition {
  return automationCallTool(ctx, {
    name: 'scorm_automation_set_response',
    title: 'Set response',
    annotations: ACTS_IN_COURSE,
    method: 'setResponse',
    params: ['id', 'response'],
    acts: true,
    description:
      'Answer an interaction in its canonical shape: choice "a" or ["a","b"], true-false true, fill-in "text", numeric 42, matching [["src","tgt"]]; null clears.',
  });
}
