/**
 * What the sequencing engine reported during one learner's session, kept for scorm_trace_sequencing.
 * Every event is recorded at verbose level (reading filters by level), numbered, and tagged with the
 * navigation request it belongs to, so a reader can follow one request from its arrival to its outcome.
 * The log is bounded: past `capacity` events the oldest go first and `dropped` counts them.
 */
import { filterTrace, type TraceEvent, type TraceLevel, type TraceSink } from '../../sequencing/index.js';

export interface LoggedTraceEvent extends TraceEvent {
  /** 1, 2, 3 … in the order the engine reported them, across the whole session. */
  seq: number;
  /** The navigation request (1, 2, …) this event belongs to; 0 before the first one. */
  request: number;
  /** Milliseconds since the epoch. */
  time: number;
}

/** One navigation request and what came of it, read from its "request" and "outcome" events. */
export interface TracedRequest {
  request: number;
  /** e.g. { type: "choice", target: "quiz" } */
  navigation_request: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  /** Why it was refused (the outcome's SN process, exception code and reason), when it was. */
  denied: { process: string; code: string; reason: string } | null;
}

export const DEFAULT_TRACE_CAPACITY = 20_000;

const OVERALL = 'OP.1 Overall Sequencing Process';

export class SequencingTraceLog {
  private events: LoggedTraceEvent[] = [];
  private nextSeq = 1;
  private requestCount = 0;
  private droppedCount = 0;

  constructor(
    private readonly capacity = DEFAULT_TRACE_CAPACITY,
    private readonly now: () => number = Date.now,
  ) {}

  /** The sink to give the engine (SequencingSession's `trace` option or `setTrace`). */
  readonly sink: TraceSink = (event) => {
    if (event.process === OVERALL && event.kind === 'request') this.requestCount += 1;
    this.events.push({ ...event, seq: this.nextSeq++, request: this.requestCount, time: this.now() });
    if (this.events.length > this.capacity) {
      const over = this.events.length - this.capacity;
      this.events.splice(0, over);
      this.droppedCount += over;
    }
  };

  get dropped(): number {
    return this.droppedCount;
  }

  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  get requests(): number {
    return this.requestCount;
  }

  /** Events up to `level`, after event `sinceSeq` (0: all kept), at most `limit` of the oldest matching. */
  read(level: TraceLevel, sinceSeq = 0, limit = Number.POSITIVE_INFINITY): LoggedTraceEvent[] {
    const out: LoggedTraceEvent[] = [];
    const keep = filterTrace((e) => out.push(e as LoggedTraceEvent), level);
    for (const e of this.events) {
      if (out.length >= limit) break;
      if (e.seq > sinceSeq) keep(e);
    }
    return out;
  }

  /** Each navigation request still in the log with its outcome and first denial. */
  summary(sinceSeq = 0): TracedRequest[] {
    const byRequest = new Map<number, TracedRequest>();
    for (const e of this.events) {
      if (e.seq <= sinceSeq || e.request === 0) continue;
      let entry = byRequest.get(e.request);
      if (!entry) {
        entry = { request: e.request, navigation_request: {}, outcome: null, denied: null };
        byRequest.set(e.request, entry);
      }
      if (e.process === OVERALL && e.kind === 'request') entry.navigation_request = e.data ?? {};
      else if (e.process === OVERALL && e.kind === 'outcome') {
        entry.outcome = e.data ?? null;
        const d = e.data;
        if (d?.kind === 'denied')
          entry.denied = { process: String(d.process), code: String(d.code), reason: String(d.reason) };
      }
    }
    return [...byRequest.values()];
  }

  clear(): void {
    this.events = [];
    this.droppedCount = 0;
  }
}
