/**
 * The MCP edge's names for the project's error codes. Below src/mcp every failure carries the project's
 * own code (src/core/errors.ts); the product specification's error model names three of them
 * differently for MCP clients, so tools/call and resources/read answer with these.
 */
const SPEC_CODES: Readonly<Record<string, string>> = {
  INVALID_ARGUMENT: 'MCP_INVALID_PARAMS',
  SESSION_NOT_FOUND: 'MCP_UNKNOWN_SESSION',
  TOOL_DISABLED: 'MCP_TOOL_DISABLED',
};

/** The code an MCP client sees in data.error_code for a failure with this project code. */
export function mcpErrorCode(code: string): string {
  return SPEC_CODES[code] ?? code;
}
