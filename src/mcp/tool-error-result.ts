/**
 * How a failed tools/call reaches the client. MCP (2025-06-18, and firmly 2025-11-25) reports a failure
 * of the tool's own work inside the result, with `isError: true`, so that the model reads the message and
 * can correct its call; only protocol errors stay JSON-RPC errors. The product specification
 * (../shared/spec, "Error Model") answers every failure with a JSON-RPC error instead:
 * SCORM_TESTER_TOOL_ERRORS=jsonrpc restores that form for clients written against it.
 */
import { fail } from '../core/errors.js';

export const TOOL_ERRORS_ENV = 'SCORM_TESTER_TOOL_ERRORS';

/** `result`: isError results (the default); `jsonrpc`: the specification's JSON-RPC errors. */
export type ToolErrorForm = 'result' | 'jsonrpc';

export function toolErrorFormFromEnv(env: NodeJS.ProcessEnv = process.env): ToolErrorForm {
  const value = (env[TOOL_ERRORS_ENV] ?? '').trim();
  if (value === '' || value === 'result') return 'result';
  if (value === 'jsonrpc') return 'jsonrpc';
  fail('INVALID_ARGUMENT', `${TOOL_ERRORS_ENV} must be "result" (the default) or "jsonrpc".`);
}

/** A failed call's structuredContent; the same JSON is the result's text. */
export interface ToolErrorData {
  error_code: string;
  message: string;
  details: Record<string, unknown>;
}

/**
 * The isError result for a failure that the JSON-RPC form would send as `{ message, data }`: `data`'s
 * `error_code` and `details` (or, when it has no `details`, its other fields, such as the invalid
 * parameters' `issues`), and the message without the JSON-RPC form's prefix.
 */
export function toolErrorResult(error: { message: string; data: Record<string, unknown> }): {
  isError: true;
  content: [{ type: 'text'; text: string }];
  structuredContent: Record<string, unknown>;
} {
  const { error_code, details, ...rest } = error.data;
  const data: ToolErrorData = {
    error_code: String(error_code),
    message: error.message,
    details: isRecord(details) ? details : rest,
  };
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(data) }],
    structuredContent: { ...data },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
