import type { ServerContext } from '../../context.js';
import type { ToolDefinition } from '../../tool.js';

export function readTools(_ctx: ServerContext): ToolDefinition[] {
  return [];
}
