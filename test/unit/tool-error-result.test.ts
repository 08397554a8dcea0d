/**
 * A failed tool call as an isError result (src/mcp/tool-error-result.ts) and the outputSchema branch
 * that lets a validating client read it (src/mcp/error-output-schema.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation';
import { toolErrorFormFromEnv, toolErrorResult, TOOL_ERRORS_ENV } from '../../src/mcp/tool-error-result.js';
import { admitToolError, successSchema } from '../../src/mcp/error-output-schema.js';
import { isScormTesterError } from '../../src/core/errors.js';

test("the result carries the JSON-RPC form's code, message and details, and the same JSON as text", () => {
  const result = toolErrorResult({
    message: 'No session sess_x.',
    data: { error_code: 'MCP_UNKNOWN_SESSION', details: { session_id: 'sess_x' } },
  });
  const data = {
    error_code: 'MCP_UNKNOWN_SESSION',
    message: 'No session sess_x.',
    details: { session_id: 'sess_x' },
  };
  assert.equal(result.isError, true);
  assert.deepEqual(result.structuredContent, data);
  assert.deepEqual(result.content, [{ type: 'text', text: JSON.stringify(data) }]);
});

test('without details the other fields of the data are the details; with none, details is {}', () => {
  const issues = [{ path: ['level'], message: 'Invalid option' }];
  assert.deepEqual(
    toolErrorResult({ message: 'Invalid parameters', data: { error_code: 'MCP_INVALID_PARAMS', issues } })
      .structuredContent.details,
    { issues },
  );
  assert.deepEqual(
    toolErrorResult({ message: 'Bug', data: { error_code: 'INTERNAL_ERROR' } }).structuredContent.details,
    {},
  );
});

test('SCORM_TESTER_TOOL_ERRORS: result by default, jsonrpc on request, anything else refused', () => {
  assert.equal(toolErrorFormFromEnv({}), 'result');
  assert.equal(toolErrorFormFromEnv({ [TOOL_ERRORS_ENV]: 'result' }), 'result');
  assert.equal(toolErrorFormFromEnv({ [TOOL_ERRORS_ENV]: ' jsonrpc ' }), 'jsonrpc');
  assert.throws(
    () => toolErrorFormFromEnv({ [TOOL_ERRORS_ENV]: 'json-rpc' }),
    (e: unknown) => isScormTesterError(e) && e.code === 'INVALID_ARGUMENT' && /"jsonrpc"/.test(e.message),
  );
});

const OWN = {
  type: 'object' as const,
  properties: { session_id: { type: 'string' }, item: { $ref: '#/$defs/item' } },
  required: ['session_id'],
  additionalProperties: false,
  $defs: { item: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
};

test("the listed schema admits the tool's result and a failed call's data, and nothing else", () => {
  const listed = admitToolError(structuredClone(OWN));
  assert.equal(listed.type, 'object');
  const validate = new AjvJsonSchemaValidator().getValidator(listed as JsonSchemaType);
  assert.ok(validate({ session_id: 's', item: { id: 'a' } }).valid);
  assert.ok(validate({ error_code: 'MCP_UNKNOWN_SESSION', message: 'm', details: {} }).valid);
  assert.ok(!validate({ session_id: 's', item: {} }).valid, 'the $ref at the root still applies');
  assert.ok(!validate({ error_code: 'X', message: 'm' }).valid, 'details is required');
  assert.ok(!validate({ other: 1 }).valid);
});

test("successSchema gives back the tool's own schema, also after the JSON round trip a client sees", () => {
  const listed = admitToolError(structuredClone(OWN));
  assert.deepEqual(successSchema(listed), OWN);
  assert.deepEqual(successSchema(JSON.parse(JSON.stringify(listed)) as typeof listed), OWN);
  assert.equal(successSchema(OWN), OWN, 'a schema without the error branch is its own');
  const own = new AjvJsonSchemaValidator().getValidator(successSchema(listed) as JsonSchemaType);
  assert.ok(!own({ error_code: 'X', message: 'm', details: {} }).valid);
});
