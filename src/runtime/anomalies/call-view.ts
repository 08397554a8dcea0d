/** How tools and the CLI show recorded calls (same fields as the runtime tools' call view) and their totals. */
import type { ApiCallRecord, ConsoleEntry, RecordedValue } from '../records.js';
import { courseRef, courseText, type CourseTexts } from '../../core/course-text.js';

export interface CallView {
  index: number;
  method: string;
  args: RecordedValue[];
  result: RecordedValue;
  error_code: string;
  error_string: string;
  diagnostic: string;
  timestamp: number;
  sco_id: string;
  attempt: number;
  source: 'sco' | 'tool';
  /** A course's call not known to come from the delivered SCO's frame (absent: from it). */
  caller?: 'outside_sco' | 'unknown';
  /** The engine threw instead of returning (a fault in the engine, not the course). */
  exception?: string;
  /** The engine's diagnostic of a course's call, which can quote the course's arguments. */
  course_text?: CourseTexts;
}

export function callView(call: ApiCallRecord): CallView {
  const courseDiagnostic =
    call.source === 'sco' && call.diagnostic !== '' && call.diagnostic !== call.errorString;
  return {
    index: call.index,
    method: call.method,
    args: call.args,
    result: call.result,
    error_code: call.errorCode,
    error_string: call.errorString,
    diagnostic: courseDiagnostic
      ? `the engine's diagnostic is in ${courseRef('diagnostic')}`
      : call.diagnostic,
    timestamp: call.timestamp,
    sco_id: call.scoId,
    attempt: call.attempt,
    source: call.source,
    ...(call.caller !== undefined ? { caller: call.caller } : {}),
    ...(call.exception !== undefined ? { exception: call.exception } : {}),
    ...(courseDiagnostic ? { course_text: { diagnostic: courseText(call.diagnostic) } } : {}),
  };
}

export interface CallMetrics {
  total_calls: number;
  by_method: Record<string, number>;
  first_ts: number | null;
  last_ts: number | null;
  duration_ms: number;
  /** Methods in order of first use. */
  methods: string[];
}

export function callMetrics(calls: readonly ApiCallRecord[]): CallMetrics {
  const byMethod: Record<string, number> = {};
  for (const c of calls) byMethod[c.method] = (byMethod[c.method] ?? 0) + 1;
  const first = calls[0]?.timestamp ?? null;
  const last = calls[calls.length - 1]?.timestamp ?? null;
  return {
    total_calls: calls.length,
    by_method: byMethod,
    first_ts: first,
    last_ts: last,
    duration_ms: first !== null && last !== null ? last - first : 0,
    methods: Object.keys(byMethod),
  };
}

export interface ConsoleErrorView {
  text: string;
  source: 'console' | 'pageerror';
  url: string | null;
  line: number | null;
  column: number | null;
  timestamp: number;
}

/** Errors the course itself logged or threw (our player's own messages are left out). */
export function courseConsoleErrors(entries: readonly ConsoleEntry[]): ConsoleErrorView[] {
  return entries
    .filter((e) => e.origin !== 'player' && (e.type === 'error' || e.source === 'pageerror'))
    .map((e) => ({
      text: e.text,
      source: e.source,
      url: e.url,
      line: e.line,
      column: e.column,
      timestamp: e.timestamp,
    }));
}
