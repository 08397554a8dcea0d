/** scorm_nav_previous: the learner presses Back (a previous request). */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { untargetedNavTool } from './navigate.js';

export function navPreviousTool(ctx: ServerContext): ToolDefinition {
  return untargetedNavTool(ctx, {
    name: 'scorm_nav_previous',
    type: 'previous',
    title: 'Previous activity',
    what: 'Previous: the learner presses Back.',
  });
}
