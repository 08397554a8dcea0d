import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { leanJsonSchema } from '../../src/mcp/lean-schema.js';
import { parseToolArgs, READ_ONLY, type ToolDefinition } from '../../src/app/tool.js';

const input = {
  id: z.string().min(1).max(40),
  count: z.number().int().min(0).max(100).optional(),
  index: z.number().int().nonnegative().optional(),
  mode: z.enum(['a', 'b']).optional(),
  steps: z.array(z.record(z.string(), z.unknown())).max(5).optional(),
  nested: z.object({ flag: z.boolean().optional() }).strict().optional(),
};

test('the listed schema drops what tells a model nothing and keeps ranges, enums, item counts and required', () => {
  const json = z.toJSONSchema(z.object(input).strict(), { io: 'input' });
  const lean = leanJsonSchema(json) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.equal(lean.additionalProperties, undefined);
  assert.deepEqual(lean.properties.id, { type: 'string' });
  assert.deepEqual(lean.properties.count, { type: 'integer', minimum: 0, maximum: 100 });
  assert.deepEqual(lean.properties.index, { type: 'integer', minimum: 0 });
  assert.deepEqual(lean.properties.mode.enum, ['a', 'b']);
  assert.deepEqual(lean.properties.steps, { type: 'array', maxItems: 5, items: { type: 'object' } });
  assert.deepEqual(lean.properties.nested, { type: 'object', properties: { flag: { type: 'boolean' } } });
  assert.deepEqual(lean.required, ['id']);
});

test('property names that look like keywords, and enum or default data, are kept as they are', () => {
  const schema = {
    type: 'object',
    properties: { maxLength: { type: 'number' }, additionalProperties: {} },
    default: { additionalProperties: false },
    enum: [{ minLength: 1 }],
  };
  assert.deepEqual(leanJsonSchema(schema), schema);
});

test('the checks stay strict: what the listed schema no longer says is still refused', () => {
  const tool = { name: 't', group: 'system', title: 'T', annotations: READ_ONLY, description: '', input };
  const parse = (args: unknown) => parseToolArgs(tool as unknown as ToolDefinition, args);
  assert.equal(parse({ id: 'x' }).ok, true);
  for (const bad of [
    { id: '' },
    { id: 'x'.repeat(41) },
    { id: 'x', other: 1 },
    { id: 'x', nested: { no: 1 } },
  ]) {
    assert.equal(parse(bad).ok, false, JSON.stringify(bad).slice(0, 60));
  }
});

test('an output schema keeps its closed objects (no undeclared field) and drops the rest of the noise', () => {
  const output = z.object({
    count: z.number().int().min(0),
    item: z.object({ id: z.string() }),
    open: z.looseObject({ id: z.string() }),
  });
  const json = z.toJSONSchema(output, { io: 'output' });
  const lean = leanJsonSchema(json, { keepClosedObjects: true }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.equal(lean.additionalProperties, false);
  assert.equal(lean.properties.item.additionalProperties, false);
  assert.equal(lean.properties.open.additionalProperties, undefined);
  assert.deepEqual(lean.properties.count, { type: 'integer', minimum: 0 });
});
