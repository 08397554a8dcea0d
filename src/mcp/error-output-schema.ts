/**
 * Each listed outputSchema admits a failed call's structuredContent (`{ error_code, message, details }`,
 * src/mcp/tool-error-result.ts) beside the tool's own result. MCP asks structured results to conform
 * to the output schema, and the SDK's 1.x client checks every structuredContent against it, isError or
 * not (client/index.js, callTool): without this branch such a client would throw away our error and
 * report a schema mismatch instead. The tool's own result stays the first branch; the server's run-time
 * check (output-check.ts) and docs/tools.md use that branch alone.
 */
type ObjectSchema = { type: 'object'; [key: string]: unknown };

// Only the three names: their types cost every tool's listing more bytes and promise nothing the
// server does not already keep (docs/mcp-protocol.md, "Errors", describes the fields).
const TOOL_ERROR_BRANCH = { required: ['error_code', 'message', 'details'] };

/** `{ type: object, anyOf: [the tool's result, a tool error] }`; `$defs` stay at the root for `$ref`s. */
export function admitToolError(schema: ObjectSchema): ObjectSchema {
  const { type, $defs, ...own } = schema;
  return { type, anyOf: [own, TOOL_ERROR_BRANCH], ...($defs === undefined ? {} : { $defs }) };
}

/** The tool's own result schema out of a listed outputSchema (the schema itself when it has no error branch). */
export function successSchema(listed: ObjectSchema): ObjectSchema {
  const { anyOf, ...root } = listed;
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || !isErrorBranch(anyOf[1])) return listed;
  return { ...root, ...(anyOf[0] as Record<string, unknown>), type: 'object' };
}

function isErrorBranch(value: unknown): boolean {
  return JSON.stringify(value) === JSON.stringify(TOOL_ERROR_BRANCH);
}
