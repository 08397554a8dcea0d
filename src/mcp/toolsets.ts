/**
 * The MCP tool set: each group is declared in its own module under tools/ and listed here once.
 */
import { toolRegistry } from '../app/tool-registry.js';
import type { ServerContext } from '../app/context.js';
import type { ToolDefinition, ToolGroup } from '../app/tool.js';
import { systemTools } from './tools/system/index.js';
import { validationTools } from './tools/validation/index.js';
import { sessionTools } from './tools/session/index.js';
import { courseTools } from './tools/course/index.js';
import { runtimeTools } from './tools/runtime/index.js';
import { debugTools } from './tools/debug/index.js';
import { navigationTools } from './tools/navigation/index.js';
import { domTools } from './tools/dom/index.js';
import { automationTools } from './tools/automation/index.js';
import { inspectorTools } from './tools/inspector/index.js';

type GroupFactory = (ctx: ServerContext) => ToolDefinition[];

const FACTORIES: GroupFactory[] = [
  (ctx) => systemTools(ctx.logger, ctx.browserConsole),
  validationTools,
  sessionTools,
  courseTools,
  runtimeTools,
  debugTools,
  navigationTools,
  domTools,
  automationTools,
  inspectorTools,
];

export function buildTools(
  ctx: ServerContext,
  enabled: Set<ToolGroup>,
): { tools: ToolDefinition[]; disabled: ToolDefinition[] } {
  const all = FACTORIES.flatMap((factory) => factory(ctx));
  ctx.tools = toolRegistry(all, enabled);
  return {
    tools: all.filter((t) => enabled.has(t.group)),
    disabled: all.filter((t) => !enabled.has(t.group)),
  };
}
