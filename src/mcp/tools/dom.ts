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

export function domTools(ctx: ServerContext): ToolDefinition[] {
  return [
    ...actionTools(ctx),
    ...readTools(ctx),
    ...pageContextTools(ctx),
    ...a11yTools(ctx),
    ...traceTools(ctx),
  ];
}
