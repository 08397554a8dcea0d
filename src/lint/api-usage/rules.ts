import { separateCourseText } from '../../core/course-text.js';
import type { Finding, RuleInfo, Severity } from '../../core/findings.js';

export type ApiUsageRuleId =
  | 'api.parse_error'
  | 'api.file_skipped'
  | 'api.version_mismatch'
  | 'api.call_before_initialize'
  | 'api.no_terminate'
  | 'api.unknown_element'
  | 'api.invalid_value'
  | 'api.read_only_write'
  | 'api.write_only_read'
  | 'api.discovery_missing'
  | 'api.cross_frame_dom'
  | 'api.runtime_values';

const rule = (id: ApiUsageRuleId, severity: Severity, level: RuleInfo['level'], title: string): RuleInfo => ({
  id,
  severity,
  category: 'api_usage',
  level,
  title,
});

/** Every rule the API-usage lint can report, with its default severity. */
export const API_USAGE_RULES: readonly RuleInfo[] = [
  rule(
    'api.parse_error',
    'warning',
    'basic',
    'HTML/JavaScript file could not be parsed, so it was not checked',
  ),
  rule(
    'api.file_skipped',
    'info',
    'basic',
    'File not analysed (too large, too deeply nested or not HTML/JavaScript)',
  ),
  rule(
    'api.version_mismatch',
    'error',
    'basic',
    'API method or data-model element of the other SCORM version',
  ),
  rule('api.call_before_initialize', 'error', 'basic', 'GetValue/SetValue/Commit runs before Initialize'),
  rule('api.no_terminate', 'error', 'basic', 'Initialize is called but Terminate/LMSFinish never is'),
  rule('api.unknown_element', 'error', 'basic', 'Data-model element not defined by the SCORM version'),
  rule('api.invalid_value', 'error', 'basic', 'Literal value outside the element’s value space'),
  rule('api.read_only_write', 'error', 'basic', 'SetValue on a read-only element or keyword'),
  rule('api.write_only_read', 'error', 'basic', 'GetValue on a write-only element'),
  rule(
    'api.discovery_missing',
    'error',
    'basic',
    'Nothing the SCO’s launch page loads both finds the API (window.parent/opener) and calls Initialize',
  ),
  rule('api.cross_frame_dom', 'warning', 'strict', 'Content reaches into the LMS frame’s DOM or location'),
  rule(
    'api.runtime_values',
    'info',
    'strict',
    'Element names or values only known at run time, left to the run-time checks (one per SCO)',
  ),
];

const BY_ID = new Map(API_USAGE_RULES.map((r) => [r.id, r]));

export interface FindingAt {
  file: string;
  line: number;
  column: number;
}

export function makeFinding(
  id: ApiUsageRuleId,
  at: FindingAt,
  message: string,
  fix: string,
  severity?: Severity,
): Finding {
  const info = BY_ID.get(id);
  return separateCourseText({
    rule: id,
    severity: severity ?? info?.severity ?? 'error',
    category: 'api_usage',
    file: at.file,
    line: at.line,
    column: at.column,
    message,
    fix,
  });
}
