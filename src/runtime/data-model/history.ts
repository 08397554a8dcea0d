/** Filtering and paging of a runtime's data-model changes for scorm_get_data_model_history. */
import type { DataChange } from '../records.js';
import { collectionParts } from './element-path.js';

export interface HistoryQuery {
  /** Only changes strictly after this epoch-ms timestamp. */
  sinceTs?: number;
  /** Element name prefixes; a change matches when its element starts with any of them. */
  elementPrefix?: string | readonly string[];
  /** Only changes recorded for this session id. */
  changeSessionId?: string;
  limit?: number;
  offset?: number;
}

export interface HistoryEntry {
  element: string;
  previousValue: string | null;
  newValue: string;
  source: DataChange['source'];
  timestamp: number;
  timestampIso: string;
  sessionId: string;
  scoId: string;
  attempt: number;
  collection?: string;
  collectionIndex?: number;
  collectionProperty?: string;
  previousValueTruncated: boolean;
  newValueTruncated: boolean;
  newValueOriginalLength?: number;
}

export interface HistoryPage {
  changes: HistoryEntry[];
  /** Changes that passed the filters (before limit/offset). */
  total: number;
  has_more: boolean;
}

export const DEFAULT_HISTORY_LIMIT = 1000;

export function queryHistory(
  changes: readonly DataChange[],
  sessionId: string,
  query: HistoryQuery = {},
): HistoryPage {
  if (query.changeSessionId !== undefined && query.changeSessionId !== sessionId) {
    return { changes: [], total: 0, has_more: false };
  }
  const prefixes =
    query.elementPrefix === undefined
      ? null
      : typeof query.elementPrefix === 'string'
        ? [query.elementPrefix]
        : [...query.elementPrefix];
  const since = query.sinceTs;
  const matching = changes.filter(
    (c) =>
      (since === undefined || c.timestamp > since) &&
      (!prefixes || prefixes.some((p) => c.element.startsWith(p))),
  );
  const offset = Math.max(0, query.offset ?? 0);
  const limit = Math.max(0, query.limit ?? DEFAULT_HISTORY_LIMIT);
  const page = matching.slice(offset, offset + limit).map((c) => toEntry(c, sessionId));
  return { changes: page, total: matching.length, has_more: offset + page.length < matching.length };
}

function toEntry(c: DataChange, sessionId: string): HistoryEntry {
  const parts = collectionParts(c.element);
  const entry: HistoryEntry = {
    element: c.element,
    previousValue: c.previousValue,
    newValue: c.newValue,
    source: c.source,
    timestamp: c.timestamp,
    timestampIso: new Date(c.timestamp).toISOString(),
    sessionId,
    scoId: c.scoId,
    attempt: c.attempt,
    previousValueTruncated: c.previousValueTruncated,
    newValueTruncated: c.newValueTruncated,
  };
  if (parts) {
    entry.collection = parts.collection;
    entry.collectionIndex = parts.index;
    if (parts.property) entry.collectionProperty = parts.property;
  }
  if (c.newValueOriginalLength !== undefined) entry.newValueOriginalLength = c.newValueOriginalLength;
  return entry;
}
