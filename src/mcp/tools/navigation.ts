/** The navigation tool group: sequencing and navigation of multi-SCO courses. */
import type { ServerContext } from '../context.js';
import type { ToolDefinition } from '../tool.js';
import { coreNavigationTools } from './navigation/core-tools.js';

export function navigationTools(ctx: ServerContext): ToolDefinition[] {
  return [...coreNavigationTools(ctx)];
}
