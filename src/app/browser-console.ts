/**
 * The courses' browser console, server-wide: every message and uncaught error of every session's pages,
 * tagged with the session and the page it came from, newest kept. It is held apart from the server's own
 * log (and its files): a course that floods its console pushes out only older console messages, never
 * the server's entries.
 */
import { RecentEntries, type LogEntry, type LogLevel } from '../core/logger.js';
import type { ConsoleEntry } from '../runtime/records.js';

export const BROWSER_SOURCES = ['browser:sco', 'browser:player', 'browser:popup'] as const;
export type BrowserSource = (typeof BROWSER_SOURCES)[number];

/** How many messages are kept (the newest). */
export const MAX_BROWSER_ENTRIES = 10_000;
/** Longest text or stack kept per message (as the server log caps its strings). */
const MAX_TEXT = 4_000;

export interface BrowserLogEntry extends LogEntry {
  msg: 'BROWSER_CONSOLE' | 'BROWSER_PAGE_ERROR';
  source: BrowserSource;
  session_id: string;
  /** The console method (log, warn, error, …); "error" for an uncaught error. */
  type: string;
  text: string;
  url: string | null;
  line: number | null;
  column: number | null;
  stack?: string;
}

export interface LogFilter {
  levels?: readonly LogLevel[] | undefined;
  sinceTs?: number | undefined;
  sources?: readonly string[] | undefined;
  sessionId?: string | undefined;
}

export class BrowserConsoleLog {
  private readonly recent: RecentEntries<BrowserLogEntry>;
  /** Messages pushed out by newer ones since the server started. */
  dropped = 0;
  /** Messages added since the server started (a reader that keeps a rendering knows when it is stale). */
  added = 0;

  constructor(private readonly capacity = MAX_BROWSER_ENTRIES) {
    this.recent = new RecentEntries(capacity);
  }

  add(sessionId: string, entry: ConsoleEntry): void {
    if (this.recent.size >= this.capacity) this.dropped += 1;
    this.added += 1;
    this.recent.push({
      ts: entry.timestamp,
      level: entry.source === 'pageerror' ? 'error' : levelOf(entry.type),
      msg: entry.source === 'pageerror' ? 'BROWSER_PAGE_ERROR' : 'BROWSER_CONSOLE',
      source: `browser:${entry.origin}`,
      session_id: sessionId,
      type: entry.type,
      text: capped(entry.text),
      url: entry.url,
      line: entry.line,
      column: entry.column,
      ...(entry.stack ? { stack: capped(entry.stack) } : {}),
    });
  }

  /** The newest `tail` entries that pass the filter, oldest first. */
  tail(tail: number, filter: LogFilter = {}): BrowserLogEntry[] {
    const picked: BrowserLogEntry[] = [];
    for (const e of this.recent.newestFirst()) {
      if (picked.length >= tail) break;
      if (filter.levels && !filter.levels.includes(e.level)) continue;
      if (filter.sinceTs !== undefined && e.ts < filter.sinceTs) continue;
      if (filter.sources && !filter.sources.includes(e.source)) continue;
      if (filter.sessionId !== undefined && e.session_id !== filter.sessionId) continue;
      picked.push(e);
    }
    return picked.reverse();
  }
}

function levelOf(type: string): LogLevel {
  if (type === 'error' || type === 'assert') return 'error';
  if (type === 'warning') return 'warn';
  if (type === 'debug' || type === 'trace') return 'debug';
  return 'info';
}

function capped(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…(${text.length} chars)` : text;
}
