/** scorm_nav_choice: the learner picks an activity in the table of contents (a choice request). */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { navRequestOutput } from './outputs.js';
import { sessionId } from '../shared-schemas.js';
import { NAVIGATES, navigate } from './navigate.js';

export function navChoiceTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_nav_choice',
    group: 'navigation',
    title: 'Choose activity',
    annotations: NAVIGATES,
    description:
      'Choice: the learner picks targetId in the table of contents. A target that cannot be chosen is a denied answer saying why. Result as scorm_nav_next.',
    input: {
      session_id: sessionId,
      targetId: z.string().min(1).max(4000),
    },
    output: navRequestOutput,
    handler: (args) => navigate(ctx.sessions.get(args.session_id), { type: 'choice', target: args.targetId }),
  });
}
