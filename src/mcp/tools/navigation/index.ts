/** The navigation tool group: sequencing and navigation of multi-SCO courses. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { snInitTool } from './scorm-sn-init.js';
import { snResetTool } from './scorm-sn-reset.js';
import { navGetStateTool } from './scorm-nav-get-state.js';
import { navNextTool } from './scorm-nav-next.js';
import { navPreviousTool } from './scorm-nav-previous.js';
import { navChoiceTool } from './scorm-nav-choice.js';
import { navRequestTool } from './scorm-nav-request.js';
import { navigationFlowTool } from './scorm-test-navigation-flow.js';
import { traceSequencingTool } from './scorm-trace-sequencing.js';

export function navigationTools(ctx: ServerContext): ToolDefinition[] {
  return [
    snInitTool(ctx),
    snResetTool(ctx),
    navGetStateTool(ctx),
    navNextTool(ctx),
    navPreviousTool(ctx),
    navChoiceTool(ctx),
    navRequestTool(ctx),
    traceSequencingTool(ctx),
    navigationFlowTool(ctx),
  ];
}
