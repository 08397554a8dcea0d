/**
 * What the processes report (the future scorm_trace_sequencing tool). Each event names the SN process
 * (e.g. "SB.2.9 Choice Sequencing Request Process"); levels: basic = requests, outcomes and denials;
 * detailed = every process entered and its result, rollup results; verbose = every rule and condition.
 */
import type { CourseTexts } from '../core/course-text.js';

export type TraceLevel = 'basic' | 'detailed' | 'verbose';

export interface TraceEvent {
  level: TraceLevel;
  /** SN process id and name, e.g. "NB.2.1 Navigation Request Process". */
  process: string;
  /** What happened: "enter", "result", "rule", "rollup", "denied", "request", "outcome", "state". */
  kind: string;
  /** The activity the event is about, when there is one. */
  activity?: string;
  /** Exception code of a denial (e.g. "NB.2.1-2"). */
  code?: string;
  /** Refers to the course's ids and titles as `course_text.quoted[i]`. */
  message?: string;
  data?: Record<string, unknown>;
  /** The course text the message refers to (course-text-out.ts). */
  course_text?: CourseTexts;
}

export type TraceSink = (event: TraceEvent) => void;

const RANK: Record<TraceLevel, number> = { basic: 0, detailed: 1, verbose: 2 };

/** Forwards events up to `level` to `sink`. */
/** Whether an event belongs to what `level` shows. */
export function shownAt(e: TraceEvent, level: TraceLevel): boolean {
  return RANK[e.level] <= RANK[level];
}

export function filterTrace(sink: TraceSink, level: TraceLevel): TraceSink {
  return (e) => {
    if (shownAt(e, level)) sink(e);
  };
}
