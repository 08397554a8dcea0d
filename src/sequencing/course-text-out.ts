/**
 * The engine's boundary for course text. Inside the engine a message marks each activity id, title,
 * objective id or other manifest value with `quoted()`, so messages can be composed freely; every
 * answer that leaves the engine (outcomes, verdicts, TOC entries, trace events) passes through here,
 * where the marked values move into `course_text.quoted` and the sentence refers to them.
 */
import { courseText, hasQuoted, takeQuoted, type CourseTexts } from '../core/course-text.js';
import type { TraceEvent } from './trace.js';

function texts(values: readonly string[]): { course_text?: CourseTexts } {
  return values.length === 0 ? {} : { course_text: { quoted: values.map((v) => courseText(v)) } };
}

/** An outcome or verdict whose `reason` may hold marked values. */
export function withReasonOut<T extends { reason?: string }>(item: T): T & { course_text?: CourseTexts } {
  if (item.reason === undefined || !hasQuoted(item.reason)) return item;
  const values: string[] = [];
  return { ...item, reason: takeQuoted(item.reason, values), ...texts(values) };
}

/** A trace event: its message and the strings of its data share one `course_text.quoted` list. */
export function traceEventOut(event: TraceEvent): TraceEvent {
  const strings = Object.values(event.data ?? {}).filter((v): v is string => typeof v === 'string');
  if (!hasQuoted(event.message ?? '') && !strings.some(hasQuoted)) return event;
  const values: string[] = [];
  const out: TraceEvent = { ...event };
  if (event.message !== undefined) out.message = takeQuoted(event.message, values);
  if (event.data)
    out.data = Object.fromEntries(
      Object.entries(event.data).map(([k, v]) => [k, typeof v === 'string' ? takeQuoted(v, values) : v]),
    );
  return { ...out, ...texts(values) };
}
