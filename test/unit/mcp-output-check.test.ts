/** The run-time output check: off unless SCORM_TESTER_CHECK_OUTPUT=1, and then it names what does not fit. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { outputCheckFromEnv } from '../../src/mcp/output-check.js';

const schema = z.toJSONSchema(z.object({ state: z.enum(['open', 'closed']), count: z.number() }), {
  io: 'output',
});
const schemaOf = (name: string): object | undefined => (name === 'tool_a' ? schema : undefined);

test('the check is off unless SCORM_TESTER_CHECK_OUTPUT=1', () => {
  assert.equal(outputCheckFromEnv(schemaOf, {}), null);
  assert.equal(outputCheckFromEnv(schemaOf, { SCORM_TESTER_CHECK_OUTPUT: '0' }), null);
});

test('data that fits passes; an undeclared field, a wrong enum value or a missing field is named', () => {
  const check = outputCheckFromEnv(schemaOf, { SCORM_TESTER_CHECK_OUTPUT: '1' })!;
  assert.equal(check('tool_a', { state: 'open', count: 1 }), null);
  // undefined values vanish in the JSON a client receives, as here
  assert.equal(check('tool_a', { state: 'open', count: 1, note: undefined }), null);
  assert.match(check('tool_a', { state: 'open', count: 1, extra: true }) ?? '', /additional properties/);
  assert.match(check('tool_a', { state: 'half', count: 1 }) ?? '', /allowed values/);
  assert.match(check('tool_a', { state: 'open' }) ?? '', /count/);
  assert.match(check('tool_b', {}) ?? '', /declares no output schema/);
});
