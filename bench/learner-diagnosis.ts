/**
 * Why a course that did not complete stopped, in the course's own terms when our tools name a defect:
 * files the course asked for in the run and the package lacks (404: rise-2's intro video), an
 * error-severity validate finding about files the course needs (missing files, a plug-in such as Flash),
 * else the first error-severity anomaly of its API calls.
 */
import type { MeasuredCall } from './mcp-calls.js';

// Rules whose findings are defects a learner meets: content that is not there or cannot run.
const COURSE_DEFECT_RULE = /missing|flash|plug-?in|swf|applet|silverlight/i;
// Enough to say what the cause is (a switch and its file); the table is read on one line.
const LIKELY_CAUSE_CHARS = 110;

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
  likely_cause?: string;
}

/** The defects named by a validation answer and an API-call debug answer, both when both are found, or null (pure). */
export function courseDefect(validation: unknown, apiCalls: unknown): string | null {
  const findings = ((validation as { findings?: Finding[] } | undefined)?.findings ?? []).filter(
    (f) => f.severity === 'error' && COURSE_DEFECT_RULE.test(f.rule ?? ''),
  );
  const count = findings.length;
  const first = findings[0];
  const where = first?.file ? ` ${first.file}${first.line ? `:${first.line}` : ''}` : '';
  const finding = first
    ? `course defect: ${first.rule}${where}${count > 1 ? ` (+${count - 1} more)` : ''}`
    : null;
  const anomalies = (apiCalls as { anomalies?: Anomaly[] } | undefined)?.anomalies ?? [];
  const anomaly = anomalies.find((a) => a.severity === 'error');
  // A SCO that never reports a status cannot be completed whatever the learner does: the journey's end, even
  // though it is only a warning of the API record (other-2's 18 SCOs call Initialize and nothing else).
  const silent = anomalies.filter((a) => a.type === 'status_never_reported').length;
  const unreported = silent ? `status_never_reported${silent > 1 ? ` (${silent} SCO attempts)` : ''}` : null;
  if (!anomaly && !unreported) return finding;
  const at = anomaly?.call_index !== undefined ? ` at call ${anomaly.call_index}` : '';
  const cause = anomaly?.likely_cause
    ? ` (likely: ${anomaly.likely_cause.slice(0, LIKELY_CAUSE_CHARS)})`
    : '';
  const named = [
    anomaly ? `${anomaly.type}${anomaly.element ? ` ${anomaly.element}` : ''}${at}${cause}` : null,
    unreported,
  ]
    .filter(Boolean)
    .join(', ');
  return finding ? `${finding}; anomaly: ${named}` : `course defect (anomaly): ${named}`;
}

// The browser asks for it on its own: no course does.
const BROWSER_OWN = /(^|\/)favicon\.ico$/;

/** The package files the course asked for in the run and did not find (pure), as the row names them. */
export function filesMissingInRun(network: unknown): string | null {
  const listed = (network as { missing_files?: unknown[] } | undefined)?.missing_files ?? [];
  const files = listed
    .map((f) => (typeof f === 'string' ? f : ((f as { text?: string } | null)?.text ?? '')))
    .filter((f) => f && !BROWSER_OWN.test(f));
  if (files.length === 0) return null;
  return `course defect: the package lacks ${files[0]}${files.length > 1 ? ` (+${files.length - 1} more)` : ''}, which the course loaded (404)`;
}

/**
 * Asks our tools (the files the run found missing, validation without a browser, then the session's API
 * calls) and names the defect.
 */
export async function diagnose(
  call: MeasuredCall,
  packagePath: string,
  session_id: string | null,
): Promise<string | null> {
  const inRun = session_id
    ? filesMissingInRun(await call('scorm_get_network_requests', { session_id, options: { max_count: 1 } }))
    : null;
  const validation = await call('scorm_validate_workspace', { workspace_path: packagePath });
  const apiCalls = session_id ? await allAnomalies(call, session_id) : undefined;
  const named = courseDefect(validation, apiCalls);
  return inRun ? `${inRun}${named ? `; ${named.replace(/^course defect: /, '')}` : ''}` : named;
}

// Errors come first in the listing, so a course of many SCOs lists its warnings (status_never_reported) on later pages.
const MAX_ANOMALY_PAGES = 5;

/** The session's anomalies, their further pages included (a few at most). */
async function allAnomalies(call: MeasuredCall, session_id: string): Promise<{ anomalies: Anomaly[] }> {
  const anomalies: Anomaly[] = [];
  let cursor: unknown = undefined;
  for (let page = 0; page < MAX_ANOMALY_PAGES; page++) {
    const r = (await call('scorm_debug_api_calls', {
      session_id,
      max_calls: 1,
      ...(typeof cursor === 'string' ? { anomalies_cursor: cursor } : {}),
    })) as { anomalies?: Anomaly[]; anomalies_next_cursor?: unknown } | undefined;
    anomalies.push(...(r?.anomalies ?? []));
    cursor = r?.anomalies_next_cursor;
    if (typeof cursor !== 'string') break;
  }
  return { anomalies };
}
