/** The inspector group: scorm_interactive_develop attaches the web inspector (src/inspector/) to a session. */
import type { ServerContext } from '../context.js';
import type { ToolDefinition } from '../tool.js';

export function inspectorTools(_ctx: ServerContext): ToolDefinition[] {
  return [];
}
