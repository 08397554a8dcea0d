/** scorm_nav_next: the learner presses Next (a continue request). */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { untargetedNavTool } from './navigate.js';

export function navNextTool(ctx: ServerContext): ToolDefinition {
  return untargetedNavTool(ctx, {
    name: 'scorm_nav_next',
    type: 'continue',
    title: 'Next activity',
    what: 'Continue: the learner presses Next.',
  });
}
