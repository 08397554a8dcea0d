/**
 * What system_get_logs returns: the server's own entries (source "server") and the courses' browser
 * console (source "browser:sco|player|popup", with session_id), merged in time order.
 */
import { MAX_TAIL_ENTRIES, type LogEntry, type Logger } from '../../core/logger.js';
import { BROWSER_SOURCES, type BrowserConsoleLog, type LogFilter } from '../../app/browser-console.js';

export const LOG_SOURCES = ['server', ...BROWSER_SOURCES] as const;

export function mergedLogs(
  logger: Logger,
  browser: BrowserConsoleLog | undefined,
  tail: number,
  filter: LogFilter,
): LogEntry[] {
  const wants = (source: string): boolean => !filter.sources || filter.sources.includes(source);
  const server = wants('server') ? serverEntries(logger, tail, filter) : [];
  const console = browser && BROWSER_SOURCES.some(wants) ? browser.tail(tail, filter) : [];
  if (console.length === 0) return server;
  // Stable: entries with the same time keep server-then-browser order.
  const merged: LogEntry[] = [...server, ...console].sort((a, b) => a.ts - b.ts);
  return merged.slice(-tail);
}

function serverEntries(logger: Logger, tail: number, filter: LogFilter): LogEntry[] {
  const options = { levels: filter.levels ? [...filter.levels] : undefined, sinceTs: filter.sinceTs };
  const entries =
    filter.sessionId === undefined
      ? logger.tail({ ...options, tail })
      : logger.tail({ ...options, tail: MAX_TAIL_ENTRIES }).filter((e) => e.session_id === filter.sessionId);
  return entries.slice(-tail).map((e) => ({ ...e, source: 'server' }));
}
