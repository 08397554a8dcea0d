/**
 * docs/tools.md is generated from the tool definitions; this fails when it no longer matches them, so
 * the reference cannot go stale, and checks that the rendering says what a client needs per tool.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  allToolDefinitions,
  renderToolReference,
  TOOL_REFERENCE_COMMAND,
} from '../../../src/mcp/reference/tool-reference.js';
import { defineTool, READ_ONLY } from '../../../src/app/tool.js';
import { ALL_GROUPS } from '../../../src/app/tool-registry.js';
import { REPO_ROOT } from '../../helpers/paths.js';
import { firstDifference } from '../../helpers/first-difference.js';

test('docs/tools.md is what the tool definitions generate now', async () => {
  const expected = renderToolReference(await allToolDefinitions());
  const actual = readFileSync(resolve(REPO_ROOT, 'docs/tools.md'), 'utf8');
  assert.ok(
    actual === expected,
    `docs/tools.md is stale (${firstDifference(actual, expected)}). Regenerate it: ${TOOL_REFERENCE_COMMAND}`,
  );
});

test('every tool of every group is in the reference, under its group', async () => {
  const tools = await allToolDefinitions();
  const page = renderToolReference(tools);
  for (const group of ALL_GROUPS) assert.match(page, new RegExp(`^## Group ${group}$`, 'm'));
  for (const tool of tools) {
    const heading = page.indexOf(`\n### ${tool.name}\n`);
    assert.ok(heading > 0, `${tool.name} has a section`);
    const groupHeading = page.lastIndexOf('\n## Group ', heading);
    assert.equal(page.slice(groupHeading + 10, page.indexOf('\n', groupHeading + 1)), tool.group);
  }
});

test('a tool renders with its title, annotations, description, parameters (options field by field) and output fields', () => {
  const tool = defineTool({
    name: 'x_sample',
    group: 'system',
    title: 'Sample tool',
    annotations: READ_ONLY,
    description: 'Reads a sample | with a pipe.',
    input: {
      session_id: z.string().min(1).describe('The session.'),
      mode: z.enum(['fast', 'slow']).default('fast').describe('How to read.'),
      limit: z.number().int().min(1).max(500).optional(),
      tags: z.array(z.string()).optional(),
      options: z.object({ wait_ms: z.number().int().default(5000).describe('Wait.') }).optional(),
    },
    output: {
      count: z.number().int(),
      note: z.string().nullable().optional(),
      by_name: z.record(z.string(), z.object({ valid: z.boolean() })),
    },
    handler: async () => ({ data: { count: 1, by_name: {} } }),
  });
  const page = renderToolReference([tool]);
  assert.match(page, /^### x_sample$/m);
  assert.match(page, /\*\*Sample tool\*\* \(read-only, not destructive, idempotent, closed world\)/);
  assert.match(page, /Reads a sample \| with a pipe\./);
  for (const row of [
    '| `session_id` | string | yes |  | The session. |',
    '| `mode` | "fast" \\| "slow" |  | `"fast"` | How to read. |',
    '| `limit` | integer 1..500 |  |  |  |',
    '| `tags` | string[] |  |  |  |',
    '| `options` | { wait_ms } |  |  |  |',
    '| `options.wait_ms` | integer |  | `5000` | Wait. |',
    '| `count` | integer | yes |  |',
    '| `note` | string \\| null |  |  |',
    '| `by_name` | { [key]: { valid } } | yes |  |',
  ]) {
    assert.ok(page.includes(row), `row ${row} in:\n${page}`);
  }
});
