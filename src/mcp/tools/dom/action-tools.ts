import type { ServerContext } from '../../context.js';
import type { ToolDefinition } from '../../tool.js';

export function actionTools(_ctx: ServerContext): ToolDefinition[] {
  return [];
}
