/**
 * scorm_sn_init: start SCORM 2004 sequencing on a multi-SCO course (opening it when no runtime is); on a single-SCO
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
      'Start SCORM 2004 sequencing on a multi-SCO course: start (or resumeAll after a suspendAll) is delivered; an opened SCO is unloaded unsaved first, with none open the course opens there. Single-SCO: sn_available:false.',
    input: { session_id: sessionId },
    output: snInitOutput,
    handler: async (args) => ({ data: await ctx.sessions.get(args.session_id).initSequencing() }),
  });
}
