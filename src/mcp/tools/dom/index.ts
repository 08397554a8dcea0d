/**
 * The dom tool group: act inside the SCO like a learner (click, fill, type), read its page (queries,
 * accessibility snapshot with refs, interactive elements), recognise its player and slides, and audit it.
 */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { actionTools } from './action-tools.js';
import { readTools } from './read-tools.js';
import { pageContextTools } from './page-context-tools.js';
import { a11yTools } from './scorm-accessibility-audit.js';
import { traceTools } from './scorm-assessment-interaction-trace.js';
import { pointerClickTool } from './scorm-pointer-click.js';
import { pointerHoverTool } from './scorm-pointer-hover.js';
import { pointerDragTool } from './scorm-pointer-drag.js';
import { scrollTool } from './scorm-scroll.js';

export function domTools(ctx: ServerContext): ToolDefinition[] {
  return [
    ...actionTools(ctx),
    pointerClickTool(ctx),
    pointerHoverTool(ctx),
    pointerDragTool(ctx),
    scrollTool(ctx),
    ...readTools(ctx),
    ...pageContextTools(ctx),
    ...a11yTools(ctx),
    ...traceTools(ctx),
  ];
}
