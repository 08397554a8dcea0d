/**
 * The error model shared by the CLI, the MCP server and the engine.
 * Every failure we report carries a stable code (binding: see the product spec) and a message
 * that tells the caller what to change.
 */
export type ErrorCode =
  // Arguments, sessions and tool groups. The names are ours; at the MCP edge (src/mcp/error-codes.ts)
  // they become the product specification's: INVALID_ARGUMENT is MCP_INVALID_PARAMS, SESSION_NOT_FOUND
  // is MCP_UNKNOWN_SESSION, TOOL_DISABLED is MCP_TOOL_DISABLED. The CLI and the inspector show ours.
  | 'INVALID_ARGUMENT'
  | 'SESSION_NOT_FOUND'
  // A closed session whose records are still kept: tools that need its page refuse with this.
  | 'SESSION_CLOSED'
  | 'TOOL_DISABLED'
  // paths and packages
  | 'PATH_RESOLUTION_ERROR'
  | 'PACKAGE_EMPTY'
  | 'MANIFEST_NOT_FOUND'
  | 'MANIFEST_NOT_AT_ROOT'
  | 'MANIFEST_VALIDATION_ERROR'
  | 'MANIFEST_TOO_LARGE'
  | 'MANIFEST_TOO_DEEP'
  | 'MANIFEST_LAUNCH_NOT_FOUND'
  | 'CONTENT_FILE_MISSING'
  | 'SECURITY_VIOLATION'
  // zip (PIF) extraction
  | 'ZIP_INVALID'
  | 'ZIP_TRUNCATED'
  | 'ZIP_ENCRYPTED'
  | 'ZIP_SLIP'
  | 'ZIP_ABSOLUTE_PATH'
  | 'ZIP_SYMLINK'
  | 'ZIP_DUPLICATE_ENTRY'
  | 'ZIP_TOO_MANY_ENTRIES'
  | 'ZIP_ENTRY_TOO_LARGE'
  | 'ZIP_TOO_LARGE'
  | 'ZIP_COMPRESSION_RATIO'
  | 'ZIP_UNSUPPORTED'
  // runtime
  | 'BROWSER_REQUIRED'
  | 'BROWSER_CRASHED'
  // a remote browser (--browser-ws): cannot be connected to or cannot reach our content server; or it
  // would let a course past the network policy (WebRTC UDP)
  | 'BROWSER_UNREACHABLE'
  | 'BROWSER_UNSUITABLE'
  | 'RUNTIME_NOT_OPEN'
  | 'RUNTIME_ALREADY_OPEN'
  | 'INVALID_SCORM_METHOD'
  | 'SCORM_API_ERROR'
  | 'CAPTURE_FAILED'
  | 'WAIT_TIMEOUT'
  | 'CONSOLE_ERROR_FETCH_FAILED'
  | 'DEBUG_API_ERROR'
  | 'SESSION_STATE_CORRUPT'
  | 'SESSION_STATE_SAVE_FAILED'
  | 'COURSE_TIMEOUT'
  // sequencing / navigation
  | 'SN_BRIDGE_UNAVAILABLE'
  | 'SN_BRIDGE_ERROR'
  | 'NAV_UNSUPPORTED_ACTION'
  | 'SN_INIT_FAILED'
  | 'SN_RESET_FAILED'
  | 'NAV_FLOW_ERROR'
  | 'TRACE_SEQUENCING_ERROR'
  // DOM, page context and automation (acting inside the SCO)
  | 'DOM_INVALID_SELECTOR'
  | 'DOM_ELEMENT_NOT_FOUND'
  | 'DOM_MULTIPLE_MATCHES'
  | 'DOM_STALE_REF'
  | 'DOM_NOT_ACTIONABLE'
  | 'DOM_DETACHED'
  | 'DOM_TIMEOUT'
  | 'DOM_NAVIGATED'
  | 'DOM_INVALID_VALUE'
  | 'DOM_EVALUATE_ERROR'
  | 'DOM_FIND_ERROR'
  | 'PAGE_CONTEXT_ERROR'
  | 'AUTOMATION_API_NOT_AVAILABLE'
  | 'AUTOMATION_API_ERROR'
  | 'INVALID_INTERACTION_ID'
  | 'A11Y_AUDIT_ERROR'
  // validation off the main thread
  | 'VALIDATION_TIMEOUT'
  | 'VALIDATION_WORKER_CRASHED'
  // paths the user gives us to write at
  | 'OUTPUT_PATH_REFUSED'
  | 'OUTPUT_WRITE_FAILED'
  // MCP resources (resources/read)
  | 'RESOURCE_NOT_FOUND'
  | 'RESOURCE_READ_FAILED'
  // an answer that cannot be cut within the answer budget (src/mcp/answer-guard.ts)
  | 'ANSWER_TOO_LARGE'
  // the client sent notifications/cancelled (or the CLI got SIGINT)
  | 'CANCELLED'
  // the inspector (web UI)
  | 'INSPECTOR_START_FAILED'
  | 'INTERNAL_ERROR';

export class ScormTesterError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ScormTesterError';
    this.code = code;
    this.details = details;
  }
}

export function fail(code: ErrorCode, message: string, details?: Record<string, unknown>): never {
  throw new ScormTesterError(code, message, details);
}

export function isScormTesterError(value: unknown): value is ScormTesterError {
  return value instanceof ScormTesterError;
}
