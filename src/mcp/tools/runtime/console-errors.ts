/** Console messages of a runtime as scorm_get_console_errors reports them: filtered, graded, categorised. */
import type { ConsoleEntry } from '../../../runtime/records.js';

export type ConsoleSeverity = 'error' | 'warning' | 'info';
export type ConsoleCategory = 'scorm_api' | 'syntax' | 'runtime' | 'network';

export interface ConsoleError {
  severity: ConsoleSeverity;
  category: ConsoleCategory;
  /** The console method (error, warning, log, ...) or "pageerror" for an uncaught exception. */
  type: string;
  message: string;
  url: string | null;
  line: number | null;
  column: number | null;
  origin: ConsoleEntry['origin'];
  timestamp: number;
  timestampIso: string;
  stack?: string;
}

export interface ConsoleQuery {
  sinceTs?: number;
  /** Default: error and warning. */
  severity?: readonly ConsoleSeverity[];
}

export const DEFAULT_SEVERITIES: readonly ConsoleSeverity[] = ['error', 'warning'];

export function severityOf(entry: ConsoleEntry): ConsoleSeverity {
  if (entry.source === 'pageerror' || entry.type === 'error' || entry.type === 'assert') return 'error';
  if (entry.type === 'warning' || entry.type === 'warn') return 'warning';
  return 'info';
}

const SYNTAX =
  /\bSyntaxError\b|Unexpected (token|identifier|end of input)|missing \) after|Invalid or unexpected token/i;
const NETWORK =
  /Failed to load resource|net::ERR_|\bstatus of [45]\d\d\b|\b404\b|blocked by (CORS|the client)|CORS policy|Mixed Content|NetworkError|Failed to fetch|ERR_BLOCKED/i;
const SCORM_API =
  /\bSCORM\b|\bLMS\w*|\bAPI(_1484_11)?\b|\b(Initialize|Terminate|GetValue|SetValue|Commit|GetLastError|GetErrorString|GetDiagnostic)\b|\bcmi\.|\badl\.nav/;

/** syntax > network > scorm_api > runtime: the first kind that explains the message wins. */
export function categorise(text: string): ConsoleCategory {
  if (SYNTAX.test(text)) return 'syntax';
  if (NETWORK.test(text)) return 'network';
  if (SCORM_API.test(text)) return 'scorm_api';
  return 'runtime';
}

/** Messages the course produced (the player's own are ours, not the course's), oldest first. */
export function collectConsoleErrors(
  entries: readonly ConsoleEntry[],
  query: ConsoleQuery = {},
): { errors: ConsoleError[]; categories: Record<ConsoleCategory, number> } {
  const wanted = new Set(query.severity && query.severity.length > 0 ? query.severity : DEFAULT_SEVERITIES);
  const categories: Record<ConsoleCategory, number> = { scorm_api: 0, syntax: 0, runtime: 0, network: 0 };
  const errors: ConsoleError[] = [];
  for (const entry of entries) {
    if (entry.origin === 'player') continue;
    if (query.sinceTs !== undefined && entry.timestamp <= query.sinceTs) continue;
    const severity = severityOf(entry);
    if (!wanted.has(severity)) continue;
    const category = categorise(entry.text);
    categories[category] += 1;
    errors.push({
      severity,
      category,
      type: entry.source === 'pageerror' ? 'pageerror' : entry.type,
      message: entry.text,
      url: entry.url,
      line: entry.line,
      column: entry.column,
      origin: entry.origin,
      timestamp: entry.timestamp,
      timestampIso: new Date(entry.timestamp).toISOString(),
      ...(entry.stack ? { stack: entry.stack } : {}),
    });
  }
  return { errors, categories };
}
