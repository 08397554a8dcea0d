/**
 * The tool groups and the registry of a built tool set: groups are switched on with SCORM_TESTER_TOOLSETS
 * (comma-separated group names, default "all"); "system" is always on.
 */
import { fail } from '../core/errors.js';
import type { ToolDefinition, ToolGroup, ToolRegistry } from './tool.js';

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
        'INVALID_ARGUMENT',
        `SCORM_TESTER_TOOLSETS names unknown group "${name}". Known groups: ${ALL_GROUPS.join(', ')} (or "all").`,
      );
    }
    groups.add(name as ToolGroup);
  }
  return groups;
}

/** Every tool by name, each with whether its group is switched on. */
export function toolRegistry(all: readonly ToolDefinition[], enabled: Set<ToolGroup>): ToolRegistry {
  const byName = new Map(all.map((t) => [t.name, t]));
  const enabledTools = all.filter((t) => enabled.has(t.group));
  return {
    find: (name) => {
      const tool = byName.get(name);
      return tool && { tool, enabled: enabled.has(tool.group) };
    },
    enabled: () => enabledTools,
  };
}
