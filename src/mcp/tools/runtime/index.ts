/**
 * The runtime tool group: run a session's course in headless Chromium, call and watch its SCORM API,
 * read and check its data model, see it (screenshots, layout) and what it logged and requested.
 */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { apiTools } from './api-tools.js';
import { dataModelTools } from './data-model-tools.js';
import { lifecycleTools } from './lifecycle-tools.js';
import { observeTools } from './observe-tools.js';
import { screenshotTools } from './screenshot-tools.js';

export function runtimeTools(ctx: ServerContext): ToolDefinition[] {
  return [
    ...lifecycleTools(ctx),
    ...apiTools(ctx),
    ...dataModelTools(ctx),
    ...screenshotTools(ctx),
    ...observeTools(ctx),
  ];
}
