/** The inspector tool group: the web inspector (src/inspector/) on a session. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { interactiveDevelopTool } from './scorm-interactive-develop.js';

export function inspectorTools(ctx: ServerContext): ToolDefinition[] {
  return [interactiveDevelopTool(ctx)];
}
