/**
 * scorm_sn_init: start SCORM 2004 sequencing on the open runtime of a multi-SCO course; on a single-SCO
 * course it answers sn_available:false as the specification says.
 */
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { snInitOutput } from './outputs.js';
import { sessionId } from '../shared-schemas.js';
import { NAVIGATES } from './navigate.js';

export function snInitTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_sn_init',
    group: 'navigation',
    title: 'Start sequencing',
    annotations: NAVIGATES,
    description:
      'Start SCORM 2004 sequencing on the open runtime of a multi-SCO course: the opened SCO is unloaded unsaved, then start (or resumeAll after a suspendAll) is delivered. Single-SCO: sn_available:false.',
    input: { session_id: sessionId },
    output: snInitOutput,
    handler: async (args) => ({ data: await ctx.sessions.get(args.session_id).initSequencing() }),
  });
}
