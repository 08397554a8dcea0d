/** The automation tool group: the scorm_automation_* tools over a course's window.SCORMAutomation. */
import type { ServerContext } from '../context.js';
import type { ToolDefinition } from '../tool.js';

export function automationTools(_ctx: ServerContext): ToolDefinition[] {
  return [];
}
