/** The navigation tool group: sequencing and navigation of multi-SCO courses. */
import type { ServerContext } from '../../app/context.js';
import type { ToolDefinition } from '../../app/tool.js';
import { coreNavigationTools } from './navigation/core-tools.js';
import { navRequestTool } from './navigation/nav-request-tool.js';
import { navigationFlowTool } from './navigation/navigation-flow-tool.js';
import { traceSequencingTool } from './navigation/trace-sequencing-tool.js';

export function navigationTools(ctx: ServerContext): ToolDefinition[] {
  return [
    ...coreNavigationTools(ctx),
    navRequestTool(ctx),
    traceSequencingTool(ctx),
    navigationFlowTool(ctx),
  ];
}
