/** The MCP edge answers three of the project's error codes under the product specification's names. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpErrorCode } from '../../src/mcp/error-codes.js';

test('INVALID_ARGUMENT, SESSION_NOT_FOUND and TOOL_DISABLED reach MCP clients as the MCP_* codes', () => {
  assert.equal(mcpErrorCode('INVALID_ARGUMENT'), 'MCP_INVALID_PARAMS');
  assert.equal(mcpErrorCode('SESSION_NOT_FOUND'), 'MCP_UNKNOWN_SESSION');
  assert.equal(mcpErrorCode('TOOL_DISABLED'), 'MCP_TOOL_DISABLED');
});

test('every other code reaches MCP clients as it is', () => {
  for (const code of ['MANIFEST_NOT_FOUND', 'ZIP_SLIP', 'RESOURCE_NOT_FOUND', 'INTERNAL_ERROR', 'CANCELLED'])
    assert.equal(mcpErrorCode(code), code);
});
