/**
 * "This tool does not apply here": one shape for every tool, `not_applicable: { code, message }` in a
 * successful answer. Below the MCP edge a refusal carries `details.not_applicable: { code }`; the tool
 * turns it into that answer (mcp/tools/shared/not-applicable.ts), and a step inside a larger call keeps it.
 */
export const NOT_APPLICABLE_CODES = [
  /** The course has one SCO (or is SCORM 1.2 with one item): there is nothing to sequence. */
  'SINGLE_SCO',
  /** Sequencing has not been started in this session (scorm_sn_init). */
  'SN_NOT_INITIALIZED',
  /** The player lists no slides and the page shows none. */
  'NO_SLIDES',
  /** The recognised player has no slide API to jump with, or only the page shows its slides. */
  'NO_SLIDE_API',
  /** The course has no window.SCORMAutomation, or it lacks the method asked for. */
  'NO_AUTOMATION_API',
  /** A part that needs a running course was asked for without a session (scorm_report's audit). */
  'NO_SESSION',
  /** The session has no open runtime (scorm_runtime_open). */
  'NO_RUNTIME',
] as const;

export type NotApplicableCode = (typeof NOT_APPLICABLE_CODES)[number];

export interface NotApplicable {
  code: NotApplicableCode;
  /** What to do instead. */
  message: string;
}
