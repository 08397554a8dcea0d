import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation';
import { compactOutputSchema } from '../../src/mcp/compact-output-schema.js';

const entry = {
  type: 'object',
  properties: { text: { type: 'string' }, length: { type: 'number' } },
  required: ['text', 'length'],
  additionalProperties: false,
};
const schema = {
  type: 'object' as const,
  description: 'A result.',
  properties: {
    description: { type: 'string', description: 'A field called description stays.' },
    id: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Null when none.' },
    hit: { anyOf: [entry, { type: 'null' }] },
    count: {
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', minLength: 1 },
      ],
    },
    level: { type: 'string', enum: ['error', 'warning'] },
    ok: { type: 'boolean', const: true },
    value: { anyOf: [{ description: 'Any JSON.' }, { type: 'null' }] },
    text: { type: 'object', additionalProperties: { anyOf: [entry, { type: 'array', items: entry }] } },
    kind: { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] },
    size: { anyOf: [{ type: 'integer' }, { type: 'number', minimum: 1 }] },
  },
  required: ['description', 'id', 'level'],
  additionalProperties: false,
};

const compact = compactOutputSchema(schema) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test('descriptions go, and only where they are annotations: a property called description stays', () => {
  assert.equal(compact.description, undefined);
  assert.deepEqual(compact.properties.description, { type: 'string' });
  assert.ok(!JSON.stringify(compact).includes('stays'));
  assert.deepEqual(compact.required, ['description', 'id', 'level']);
  assert.equal(compact.additionalProperties, false);
});

test('an anyOf of types that cannot overlap becomes a type list; keywords follow their own type', () => {
  assert.deepEqual(compact.properties.id, { type: ['string', 'null'] });
  assert.deepEqual(compact.properties.hit, { ...entry, type: ['object', 'null'] });
  assert.deepEqual(compact.properties.count, { type: ['integer', 'string'], minimum: 0, minLength: 1 });
  assert.deepEqual(compact.properties.value, {}, 'a branch that admits anything admits anything');
});

test('enum and const keep their values and lose the type they already imply', () => {
  assert.deepEqual(compact.properties.level, { enum: ['error', 'warning'] });
  assert.deepEqual(compact.properties.ok, { const: true });
});

test('what a type list cannot say stays an anyOf: an enum that refuses null, integer within number, an item of the other branch', () => {
  assert.deepEqual(compact.properties.kind, { anyOf: [{ enum: ['a'] }, { type: 'null' }] });
  assert.deepEqual(compact.properties.size, schema.properties.size);
  assert.deepEqual(compact.properties.text, schema.properties.text);
});

test('the compact schema accepts and refuses the same results as the full one (the SDK validator)', () => {
  const validator = new AjvJsonSchemaValidator();
  const full = validator.getValidator(schema as JsonSchemaType);
  const small = validator.getValidator(compact as JsonSchemaType);
  const base = { description: 'd', id: null, level: 'error' };
  const cases: Record<string, unknown>[] = [
    base,
    { ...base, id: 'x' },
    { ...base, id: 3 },
    { ...base, hit: null },
    { ...base, hit: { text: 'a', length: 1 } },
    { ...base, hit: { text: 'a', length: 1, more: 2 } },
    { ...base, hit: { text: 'a' } },
    { ...base, hit: 'a' },
    { ...base, count: -1 },
    { ...base, count: 0 },
    { ...base, count: '' },
    { ...base, count: 'x' },
    { ...base, count: 1.5 },
    { ...base, level: 'info' },
    { ...base, ok: true },
    { ...base, ok: false },
    { ...base, value: { any: [1] } },
    { ...base, text: { a: { text: 't', length: 1 }, b: [{ text: 't', length: 1 }] } },
    { ...base, text: { a: [{ text: 't' }] } },
    { ...base, kind: null },
    { ...base, kind: 'b' },
    { ...base, size: 0.5 },
    { ...base, size: 0 },
    { ...base, size: 2.5 },
    { ...base, extra: 1 },
    { id: null, level: 'error' },
  ];
  for (const c of cases) assert.equal(small(c).valid, full(c).valid, JSON.stringify(c));
  assert.ok(cases.some((c) => !full(c).valid) && cases.some((c) => full(c).valid));
});
