/**
 * The tool registry. Each group lives in its own module under tools/ and is listed here once; groups are
 * switched on with SCORM_TESTER_TOOLSETS (comma-separated group names, default "all"). "system" is always on.
 */
import { fail } from '../core/errors.js';
import type { ServerContext } from '../app/context.js';
import type { ToolDefinition, ToolGroup } from '../app/tool.js';
import { systemTools } from './tools/system.js';
import { validationTools } from './tools/validation.js';
import { sessionTools } from './tools/session.js';
import { courseTools } from './tools/course.js';
import { runtimeTools } from './tools/runtime.js';
import { debugTools } from './tools/debug.js';
import { navigationTools } from './tools/navigation.js';
import { domTools } from './tools/dom.js';
import { automationTools } from './tools/automation.js';
import { inspectorTools } from './tools/inspector.js';

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

export const ALL_GROUPS: readonly ToolGroup[] = [
  'system',
  'validation',
  'session',
  'runtime',
  'dom',
  'navigation',
  'automation',
  'inspector',
];

export function parseToolsets(value: string | undefined): Set<ToolGroup> {
  if (!value || value.trim() === '' || value.trim() === 'all') return new Set(ALL_GROUPS);
  const groups = new Set<ToolGroup>(['system']);
  for (const raw of value.split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (name === 'all') return new Set(ALL_GROUPS);
    if (!(ALL_GROUPS as readonly string[]).includes(name)) {
      fail(
        'MCP_INVALID_PARAMS',
        `SCORM_TESTER_TOOLSETS names unknown group "${name}". Known groups: ${ALL_GROUPS.join(', ')} (or "all").`,
      );
    }
    groups.add(name as ToolGroup);
  }
  return groups;
}

export function buildTools(
  ctx: ServerContext,
  enabled: Set<ToolGroup>,
): { tools: ToolDefinition[]; disabled: ToolDefinition[] } {
  const all = FACTORIES.flatMap((factory) => factory(ctx));
  const byName = new Map(all.map((t) => [t.name, t]));
  const enabledTools = all.filter((t) => enabled.has(t.group));
  ctx.tools = {
    find: (name) => {
      const tool = byName.get(name);
      return tool && { tool, enabled: enabled.has(tool.group) };
    },
    enabled: () => enabledTools,
  };
  return {
    tools: enabledTools,
    disabled: all.filter((t) => !enabled.has(t.group)),
  };
}
