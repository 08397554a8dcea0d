import type { ServerContext } from '../../context.js';
import type { ToolDefinition } from '../../tool.js';

export function a11yTools(_ctx: ServerContext): ToolDefinition[] {
  return [];
}
