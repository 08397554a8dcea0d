/**
 * What each anomaly of a SCO's run says, for the batch's reports: its type, severity and message, and
 * what it is about (call, element, attempt, the file and line of a page error), so a catalogue's report
 * says which script error or call failed a SCO without a second run. Bounded per SCO: the worst first,
 * the first MAX_ANOMALY_DETAILS of them, with the number left out.
 */
import { quoted, remarkQuoted, replaceQuoted, type CourseTexts } from '../../core/course-text.js';
import type { Anomaly } from '../../runtime/anomalies/types.js';

export const MAX_ANOMALY_DETAILS = 20;

export interface AnomalyDetail {
  type: string;
  severity: string;
  /** Our sentence; what the course wrote is in `course_text`, which it names (`course_text.error`). */
  message: string;
  /** Index of the first API call concerned (as `run` lists the calls). */
  call_index?: number;
  element?: string;
  attempt?: number;
  /** Where a page error was thrown: the package file, line and column (the course's, from course_text). */
  at?: string;
  course_text?: CourseTexts;
}

const RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };

/** The place field (`error_at`, `parse_error_at`, …) an anomaly quotes, when it has one. */
function placeOf(texts: CourseTexts | undefined): string | undefined {
  const key = Object.keys(texts ?? {}).find((k) => k.endsWith('_at'));
  const value = key ? texts![key] : undefined;
  return value && !Array.isArray(value) ? value.text : undefined;
}

export function anomalyDetails(anomalies: readonly Anomaly[]): {
  listed: AnomalyDetail[];
  omitted: number;
} {
  const sorted = anomalies
    .map((a, i) => ({ a, i }))
    .sort((x, y) => (RANK[x.a.severity] ?? 3) - (RANK[y.a.severity] ?? 3) || x.i - y.i)
    .map(({ a }) => a);
  const listed = sorted.slice(0, MAX_ANOMALY_DETAILS).map((a): AnomalyDetail => {
    const at = placeOf(a.course_text);
    return {
      type: a.type,
      severity: a.severity,
      message: a.message,
      ...(a.call_index !== undefined ? { call_index: a.call_index } : {}),
      ...(a.element !== undefined ? { element: a.element } : {}),
      ...(a.attempt !== undefined ? { attempt: a.attempt } : {}),
      ...(at !== undefined ? { at } : {}),
      ...(a.course_text && Object.keys(a.course_text).length > 0 ? { course_text: a.course_text } : {}),
    };
  });
  return { listed, omitted: sorted.length - listed.length };
}

/**
 * One line for a person (HTML, JUnit): severity, type and the message with the course's words put back
 * in quotes where it names them. Not escaped: each format escapes it.
 */
export function anomalyLine(d: AnomalyDetail): string {
  // A reference to a whole list (`course_text.blocked_scripts`) names each of its values.
  const lists = d.message.replace(/`course_text\.(\w+)`/g, (ref, field: string) => {
    const value = d.course_text?.[field];
    return Array.isArray(value) ? value.map((v) => quoted(v.text)).join(', ') : ref;
  });
  const text = replaceQuoted(remarkQuoted(lists, d.course_text), (value) => `"${value}"`);
  const about = [
    d.call_index !== undefined ? `call #${d.call_index}` : '',
    d.element ? d.element : '',
    d.attempt !== undefined ? `attempt ${d.attempt}` : '',
  ].filter(Boolean);
  return `${d.severity} ${d.type}: ${text}${about.length ? ` [${about.join(', ')}]` : ''}`;
}
