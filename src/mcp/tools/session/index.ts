/** The session tool group: a session binds one package, its workspace, events and artifacts. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { sessionOpenTool } from './scorm-session-open.js';
import { sessionStatusTool } from './scorm-session-status.js';
import { sessionEventsTool } from './scorm-session-events.js';
import { sessionCloseTool } from './scorm-session-close.js';
import { globalObjectivesListTool } from './scorm-global-objectives-list.js';
import { globalObjectivesClearTool } from './scorm-global-objectives-clear.js';

export function sessionTools(ctx: ServerContext): ToolDefinition[] {
  return [
    sessionOpenTool(ctx),
    sessionStatusTool(ctx),
    sessionEventsTool(ctx),
    sessionCloseTool(ctx),
    globalObjectivesListTool(ctx),
    globalObjectivesClearTool(ctx),
  ];
}
