/** The navigation tool group: sequencing and navigation of multi-SCO courses. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { coreNavigationTools } from './core-tools.js';
import { navRequestTool } from './scorm-nav-request.js';
import { navigationFlowTool } from './scorm-test-navigation-flow.js';
import { traceSequencingTool } from './scorm-trace-sequencing.js';

export function navigationTools(ctx: ServerContext): ToolDefinition[] {
  return [
    ...coreNavigationTools(ctx),
    navRequestTool(ctx),
    traceSequencingTool(ctx),
    navigationFlowTool(ctx),
  ];
}
