import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { shareRepeatedSubschemas } from '../../src/mcp/shared-subschemas.js';
import { admitToolError } from '../../src/mcp/error-output-schema.js';

const location = {
  type: 'object',
  properties: { file: { type: 'string' }, line: { type: 'integer', minimum: 1 } },
  required: ['file', 'line'],
  additionalProperties: false,
};
const schema = {
  type: 'object' as const,
  properties: {
    first: location,
    all: { type: 'array', items: location },
    kind: { enum: ['a', 'b'] },
  },
  required: ['first', 'all'],
  additionalProperties: false,
};

test('a sub-schema repeated in one schema is listed once under $defs and referred to by $ref', () => {
  const shared: Record<string, unknown> = shareRepeatedSubschemas(schema);
  assert.deepEqual(shared.$defs, { s1: location });
  const props = shared.properties as Record<string, unknown>;
  assert.deepEqual(props.first, { $ref: '#/$defs/s1' });
  assert.deepEqual(props.all, { type: 'array', items: { $ref: '#/$defs/s1' } });
  assert.ok(JSON.stringify(shared).length < JSON.stringify(schema).length);
});

test('a schema without repetition, and data under enum/const/default, stay as they are', () => {
  const single = { type: 'object' as const, properties: { first: location } };
  assert.equal(shareRepeatedSubschemas(single), single);
  const data = { type: 'object' as const, properties: { a: { const: location }, b: { default: location } } };
  assert.equal(shareRepeatedSubschemas(data), data);
});

test('the SDK validator (ajv) follows the $refs: a violation inside a shared part is rejected, valid results and tool errors pass', () => {
  const listed = admitToolError(shareRepeatedSubschemas(schema));
  const validate = new AjvJsonSchemaValidator().getValidator(listed);
  const ok = { first: { file: 'a.html', line: 3 }, all: [{ file: 'b.html', line: 1 }], kind: 'a' };
  assert.equal(validate(ok).valid, true);
  const badInsideRef = { first: { file: 'a.html', line: 3 }, all: [{ file: 'b.html', line: 0 }] };
  assert.equal(validate(badInsideRef).valid, false);
  const extraInsideRef = { first: { file: 'a.html', line: 3, more: 1 }, all: [] };
  assert.equal(validate(extraInsideRef).valid, false);
  const toolError = { error_code: 'MCP_UNKNOWN_SESSION', message: 'no such session', details: {} };
  assert.equal(validate(toolError).valid, true);
});

test('a part is shared only when its references cost less than its copies, and a part used only inside a shared one stays there', () => {
  const small = { type: 'integer', minimum: 0 };
  const twice = { type: 'object' as const, properties: { a: small, b: small } };
  assert.equal(shareRepeatedSubschemas(twice), twice, 'two copies of 31 bytes cost less than two references');
  const inner = { type: 'object', properties: { x: { type: 'string' }, y: { type: 'string' }, z: small } };
  const outer = { type: 'array', items: inner };
  const nested = { type: 'object' as const, properties: { a: outer, b: outer } };
  const shared: Record<string, unknown> = shareRepeatedSubschemas(nested);
  assert.deepEqual(shared.$defs, { s1: outer });
  assert.deepEqual(shared.properties, { a: { $ref: '#/$defs/s1' }, b: { $ref: '#/$defs/s1' } });
});
