/**
 * The dom tool group: act inside the SCO like a learner (click, fill, type), read its page (queries,
 * accessibility snapshot with refs, interactive elements), recognise its player and slides, and audit it.
 */
import type { ServerContext } from '../../app/context.js';
import type { ToolDefinition } from '../../app/tool.js';
import { actionTools } from './dom/action-tools.js';
import { readTools } from './dom/read-tools.js';
import { pageContextTools } from './dom/page-context-tools.js';
import { a11yTools } from './dom/a11y-tools.js';
import { traceTools } from './dom/trace-tools.js';
import { pointerClickTool } from './dom/pointer-click-tool.js';
import { pointerHoverTool } from './dom/pointer-hover-tool.js';
import { pointerDragTool } from './dom/pointer-drag-tool.js';
import { scrollTool } from './dom/scroll-tool.js';

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
