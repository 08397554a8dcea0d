/** scorm_sn_reset: start sequencing over as a new attempt, ignoring the saved tracking state. */
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { snInitOutput } from './outputs.js';
import { sessionId } from '../shared-schemas.js';
import { NAVIGATES } from './navigate.js';

export function snResetTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_sn_reset',
    group: 'navigation',
    title: 'Restart sequencing',
    annotations: NAVIGATES,
    description:
      'Start sequencing over as a new attempt: the saved tracking and activity state are ignored and replaced on the next save; global objectives are kept. Result as scorm_sn_init.',
    input: { session_id: sessionId },
    output: snInitOutput,
    handler: async (args) => ({ data: await ctx.sessions.get(args.session_id).initSequencing(true) }),
  });
}
