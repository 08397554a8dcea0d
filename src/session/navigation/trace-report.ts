/**
 * scorm_trace_sequencing's answer, read from the navigator's log: each navigation request with its outcome
 * (and why it was denied), and the SN trace events of those requests up to the asked level (basic:
 * requests, outcomes, denials; detailed: every process run and its result, rollup results; verbose:
 * every rule with each condition's value).
 */
import type { CourseTexts } from '../../core/course-text.js';
import { filterTrace, type TraceEvent, type TraceLevel } from '../../sequencing/index.js';
import { cursorPosition, jsonBytes } from '../../output/answer-budget.js';
import type { NavLogEntry } from './types.js';
import { eventKeys, RepeatFinder, type RepeatedEvents } from './trace-folding.js';

export interface TraceReportOptions {
  level: TraceLevel;
  /** Only requests after this one (1-based position in the log; 0: all). */
  sinceRequest?: number;
  /** Most events to list (the oldest first); the rest are counted in events_omitted. */
  maxEvents?: number;
  /** The next_cursor of the previous page: where in the events (after sinceRequest) to start listing. */
  cursor?: string;
  /**
   * Bytes of JSON the report may take: the events listed get what the requests and denials leave
   * (at least MIN_EVENTS_BYTES), the first one always, so paging moves on.
   */
  budgetBytes?: number;
  /** Say a run of events seen before as one reference to it (trace-folding.ts); default: every event listed. */
  foldRepeats?: boolean;
}

/** The events' share of the budget however many requests there are. */
const MIN_EVENTS_BYTES = 4_000;

export interface TracedEvent extends TraceEvent {
  /** The event's position in the whole trace (after sinceRequest): what cursors and repeat_of count. */
  index: number;
  /** The request (1-based position in the navigator's log) this event belongs to. */
  request: number;
}

export interface TracedRequest {
  request: number;
  at: string;
  /** e.g. "continue", "choice:quiz". */
  navigation_request: string;
  source: 'lms' | 'sco';
  outcome: NavLogEntry['outcome'];
  success: boolean;
  /** What happened, or for a denial "not valid, because …"; course ids only through course_text. */
  message: string | null;
  course_text?: CourseTexts;
  code: string | null;
  process: string | null;
  delivered_activity: string | null;
  current_activity: string | null;
  /** Events of this request at the asked level. */
  events: number;
}

export interface TraceReport {
  requests: TracedRequest[];
  /** The events in order; with foldRepeats, a run seen before is one RepeatedEvents entry. */
  trace: Array<TracedEvent | RepeatedEvents>;
  /** Denied requests only: what was asked, which process refused it, with which code and why. */
  denials: {
    request: number;
    navigation_request: string;
    process: string | null;
    code: string | null;
    message: string | null;
    course_text?: CourseTexts;
  }[];
  /** Where in `trace` the rollup results are (detailed and verbose): each is said once, in `trace`. */
  rollups: number[];
  events_total: number;
  /** Events on this page said by a repeat_of reference instead of in full. */
  events_folded: number;
  /** Events not listed on this page (before the cursor or after the page). */
  events_omitted: number;
  /** Pass as cursor for the events after this page; null when none are left. */
  next_cursor: string | null;
}

export const DEFAULT_MAX_TRACE_EVENTS = 2_000;

export function traceReport(log: readonly NavLogEntry[], options: TraceReportOptions): TraceReport {
  const since = options.sinceRequest ?? 0;
  const max = options.maxEvents ?? DEFAULT_MAX_TRACE_EVENTS;
  const report: TraceReport = {
    requests: [],
    trace: [],
    denials: [],
    rollups: [],
    events_total: 0,
    events_folded: 0,
    events_omitted: 0,
    next_cursor: null,
  };
  const all: TracedEvent[] = [];
  /** The engine's own event behind each of `all` (what repeats are compared by). */
  const recorded: TraceEvent[] = [];
  log.forEach((entry, i) => {
    const request = i + 1;
    if (request <= since) return;
    const events: TracedEvent[] = [];
    const keep = filterTrace((e) => {
      events.push({ index: 0, request, ...e });
      recorded.push(e);
    }, options.level);
    for (const e of entry.trace) keep(e);
    const texts = entry.course_text ? { course_text: entry.course_text } : {};
    report.requests.push({
      request,
      at: entry.at,
      navigation_request: entry.request,
      source: entry.source,
      outcome: entry.outcome,
      success: entry.success,
      message: entry.message,
      ...texts,
      code: entry.code,
      process: entry.process,
      delivered_activity: entry.delivered?.activity_id ?? null,
      current_activity: entry.current_activity,
      events: events.length,
    });
    if (entry.outcome === 'denied')
      report.denials.push({
        request,
        navigation_request: entry.request,
        process: entry.process,
        code: entry.code,
        message: entry.message,
        ...texts,
      });
    all.push(...events);
  });
  all.forEach((e, index) => (e.index = index));
  report.events_total = all.length;
  const start = cursorPosition(options.cursor, all.length);
  if (start > 0) {
    // The first page said every request once; a later page's events refer to it by number, and the
    // room a whole request list takes (8.5 kB on ADL's T-01a) goes to events instead.
    report.requests = [];
    report.denials = [];
  }
  const budget =
    options.budgetBytes === undefined
      ? Infinity
      : Math.max(MIN_EVENTS_BYTES, options.budgetBytes - jsonBytes(report));
  const finder = options.foldRepeats
    ? new RepeatFinder(
        eventKeys(recorded),
        all.map((e) => e.request),
      )
    : null;
  let used = 2;
  let listed = 0;
  let i = start;
  while (i < all.length && listed < max) {
    const e = all[i]!;
    const repeat = finder?.longestRepeat(i, max - listed);
    const fold: RepeatedEvents | null = repeat
      ? { index: i, request: e.request, repeat_of: repeat.from, count: repeat.count }
      : null;
    const entry = fold && (fold.count > 1 || jsonBytes(fold) < jsonBytes(e)) ? fold : e;
    const bytes = jsonBytes(entry) + 1;
    if (report.trace.length > 0 && used + bytes > budget) break;
    used += bytes;
    if (entry === e && e.kind === 'rollup') report.rollups.push(report.trace.length);
    report.trace.push(entry);
    const covered = entry === e ? 1 : fold!.count;
    if (entry !== e) report.events_folded += covered;
    listed += covered;
    i += covered;
  }
  report.events_omitted = all.length - listed;
  report.next_cursor = i < all.length ? String(i) : null;
  return report;
}
