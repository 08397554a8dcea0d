import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measureToolList, sizesByGroup, toolTokens } from '../../bench/tool-list-size.js';
import { ALL_GROUPS } from '../../src/app/tool-registry.js';

// A size budget (bytes/4 of name + description + input schema, as tools/list sends them), not a timing.
const MAX_AVERAGE_TOKENS = 150;

test('tools/list costs at most 150 tokens per tool on average; every group is measured', async () => {
  const tools = await measureToolList();
  const rows = sizesByGroup(tools);
  const all = rows.find((r) => r.group === 'all')!;
  assert.equal(all.tools, tools.length);
  assert.ok(
    all.average_tokens <= MAX_AVERAGE_TOKENS,
    `average ${all.average_tokens} tokens per tool > ${MAX_AVERAGE_TOKENS}; largest: ${[...tools]
      .sort((a, b) => b.tokens - a.tokens)
      .slice(0, 5)
      .map((t) => `${t.name} ${Math.round(t.tokens)}`)
      .join(', ')}`,
  );
  for (const t of tools) assert.ok(ALL_GROUPS.includes(t.group), `${t.name} has a known group`);
  const groupTotal = rows.filter((r) => r.group !== 'all').reduce((sum, r) => sum + r.tools, 0);
  assert.equal(groupTotal, tools.length, 'every tool counted in exactly one group');
});

test('the size counts the name, the description and the JSON of the input schema, in UTF-8 bytes / 4', () => {
  const inputSchema = { type: 'object' as const, properties: { a: { type: 'string' } } };
  const bytes = 'x_tool'.length + 'Does é.'.length + 1 + JSON.stringify(inputSchema).length;
  assert.equal(toolTokens({ name: 'x_tool', description: 'Does é.', inputSchema }), bytes / 4);
});
