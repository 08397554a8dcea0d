/**
 * The navigator's log of processed requests (LMS-side and the SCOs' own), each with the SN trace events
 * it produced up to the recorded level, and the listeners (trace and flow tools, session events) told of
 * each new entry.
 */
import { shownAt, type TraceEvent, type TraceLevel } from '../../sequencing/index.js';
import type { NavLogEntry, NavOutcome } from './types.js';

export type NavigatorListener = (entry: NavLogEntry) => void;

const LOG_LIMIT = 1000;

export class RequestLog {
  private readonly entries: NavLogEntry[] = [];
  private readonly listeners = new Set<NavigatorListener>();
  private level: TraceLevel | null = 'detailed';
  /** The events of the request being processed. */
  private buffer: TraceEvent[] = [];

  /** Every request processed so far, oldest first (the last 1,000). */
  get all(): readonly NavLogEntry[] {
    return this.entries;
  }

  /** Keeps an event of the request being processed. */
  trace(event: TraceEvent): void {
    this.buffer.push(event);
  }

  /** Records the events of each request up to this level from now on; null stops. */
  setLevel(level: TraceLevel | null): void {
    this.level = level;
  }

  /** Called with every processed request. Returns the unsubscribe. */
  onRequest(listener: NavigatorListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The request is done: its outcome and events become an entry, and the listeners are told. */
  record(outcome: NavOutcome): NavOutcome {
    const level = this.level;
    const trace = level ? this.buffer.filter((e) => shownAt(e, level)) : [];
    this.buffer = [];
    const entry: NavLogEntry = { ...outcome, at: new Date().toISOString(), trace };
    this.entries.push(entry);
    if (this.entries.length > LOG_LIMIT) this.entries.shift();
    for (const l of this.listeners) l(entry);
    return outcome;
  }
}
