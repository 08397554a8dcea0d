/**
 * Why a course that did not complete stopped, in the course's own terms when our tools name a defect:
 * an error-severity validate finding about files the course needs (missing files, a plug-in such as
 * Flash), else the first error-severity anomaly of its API calls.
 */
import type { MeasuredCall } from './mcp-calls.js';

// Rules whose findings are defects a learner meets: content that is not there or cannot run.
const COURSE_DEFECT_RULE = /missing|flash|plug-?in|swf|applet|silverlight/i;

interface Finding {
  rule?: string;
  severity?: string;
  message?: string;
  file?: string | null;
  line?: number | null;
}

interface Anomaly {
  type?: string;
  severity?: string;
  message?: string;
  call_index?: number;
  element?: string;
}

/** The defect named by a validation answer and an API-call debug answer, or null (pure). */
export function courseDefect(validation: unknown, apiCalls: unknown): string | null {
  const findings = ((validation as { findings?: Finding[] } | undefined)?.findings ?? []).filter(
    (f) => f.severity === 'error' && COURSE_DEFECT_RULE.test(f.rule ?? ''),
  );
  const count = findings.length;
  const first = findings[0];
  if (first) {
    const where = first.file ? ` ${first.file}${first.line ? `:${first.line}` : ''}` : '';
    const more = count > 1 ? ` (+${count - 1} more)` : '';
    return `course defect: ${first.rule}${where}${more}`;
  }
  const anomaly = ((apiCalls as { anomalies?: Anomaly[] } | undefined)?.anomalies ?? []).find(
    (a) => a.severity === 'error',
  );
  if (anomaly) {
    const at = anomaly.call_index !== undefined ? ` at call ${anomaly.call_index}` : '';
    return `course defect (anomaly): ${anomaly.type}${anomaly.element ? ` ${anomaly.element}` : ''}${at}`;
  }
  return null;
}

/** Asks our tools (validation without a browser, then the session's API calls) and names the defect. */
export async function diagnose(
  call: MeasuredCall,
  packagePath: string,
  session_id: string | null,
): Promise<string | null> {
  const validation = await call('scorm_validate_workspace', { workspace_path: packagePath });
  const apiCalls = session_id ? await call('scorm_debug_api_calls', { session_id }) : undefined;
  return courseDefect(validation, apiCalls);
}
