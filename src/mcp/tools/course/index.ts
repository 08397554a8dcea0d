/** The course tools: a course's lifecycle with saved learner state (persistence flow): open, close, reload, clear. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { openCourseTool } from './scorm-open-course.js';
import { closeCourseTool } from './scorm-close-course.js';
import { reloadCourseTool } from './scorm-reload-course.js';
import { clearSavedDataTool } from './scorm-clear-saved-data.js';

export function courseTools(ctx: ServerContext): ToolDefinition[] {
  return [openCourseTool(ctx), closeCourseTool(ctx), reloadCourseTool(ctx), clearSavedDataTool(ctx)];
}
