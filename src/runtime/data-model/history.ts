/**
 * Filtering and paging of a runtime's data-model changes for scorm_get_data_model_history. A course
 * chooses how many changes it makes and how long each value is (up to 64 K characters), so a page is
 * built entry by entry from its cursor and stops at a byte budget: one page never costs work in
 * proportion to the whole history's values, and long values are shown in part, with their length.
 */
import type { DataChange } from '../records.js';
import {
  ANSWER_BUDGET_BYTES,
  PREVIEW,
  cursorPosition,
  jsonBytes,
  slice,
  type StringView,
} from '../../output/answer-budget.js';
import { collectionParts } from './element-path.js';

export interface HistoryQuery {
  /** Only changes strictly after this epoch-ms timestamp. */
  sinceTs?: number;
  /** Element name prefixes; a change matches when its element starts with any of them. */
  elementPrefix?: string | readonly string[];
  /** Only changes recorded for this session id. */
  changeSessionId?: string;
  limit?: number;
  /** The next_cursor of the previous page, or an entry's `index` to start at it. */
  cursor?: string;
  /** What is shown of each value (a preview by default). */
  view?: StringView;
  /** Bytes of JSON the page's entries may take. */
  budgetBytes?: number;
}

export interface HistoryEntry {
  /** Position in the history: pass it as cursor (limit 1, detail full, text_offset) to read this change whole. */
  index: number;
  element: string;
  previousValue: string | null;
  newValue: string;
  /** Whole length of a value shown in part (from the view's offset). */
  previousValueLength?: number;
  newValueLength?: number;
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
  /** Changes that passed the filters (on every page). */
  total: number;
  has_more: boolean;
  /** Pass as cursor for the next page; null on the last. */
  next_cursor: string | null;
}

/** Changes per page unless asked otherwise; the byte budget usually ends a page first. */
export const DEFAULT_HISTORY_LIMIT = 200;
/** Room left in the answer for the fields around the list. */
export const HISTORY_PAGE_BYTES = ANSWER_BUDGET_BYTES - 1_000;

export function queryHistory(
  changes: readonly DataChange[],
  sessionId: string,
  query: HistoryQuery = {},
): HistoryPage {
  if (query.changeSessionId !== undefined && query.changeSessionId !== sessionId) {
    return { changes: [], total: 0, has_more: false, next_cursor: null };
  }
  const matches = matcher(query);
  const start = cursorPosition(query.cursor, changes.length);
  const limit = Math.max(1, query.limit ?? DEFAULT_HISTORY_LIMIT);
  const budget = query.budgetBytes ?? HISTORY_PAGE_BYTES;
  const view = query.view ?? PREVIEW;
  const page: HistoryEntry[] = [];
  let used = 2;
  let i = start;
  for (; i < changes.length && page.length < limit; i++) {
    const c = changes[i]!;
    if (!matches(c)) continue;
    const entry = toEntry(c, i, sessionId, view);
    const bytes = jsonBytes(entry) + 1;
    // The first entry always goes in (its values are bounded by the view), so paging moves on.
    if (page.length > 0 && used + bytes > budget) break;
    page.push(entry);
    used += bytes;
  }
  while (i < changes.length && !matches(changes[i]!)) i++;
  // Counting is a scan of names and timestamps; no value is copied or serialised for it.
  let total = 0;
  for (const c of changes) if (matches(c)) total++;
  const more = i < changes.length;
  return { changes: page, total, has_more: more, next_cursor: more ? String(i) : null };
}

function matcher(query: HistoryQuery): (c: DataChange) => boolean {
  const prefixes =
    query.elementPrefix === undefined
      ? null
      : typeof query.elementPrefix === 'string'
        ? [query.elementPrefix]
        : [...query.elementPrefix];
  const since = query.sinceTs;
  return (c) =>
    (since === undefined || c.timestamp > since) &&
    (!prefixes || prefixes.some((p) => c.element.startsWith(p)));
}

/** The part of a value the view shows: exact characters (no ellipsis), so slices join into the whole. */
function shown(value: string, view: StringView): { text: string; cut: boolean } {
  if (view.offset === 0 && value.length <= view.max) return { text: value, cut: false };
  return { text: slice(value, view.offset, view.max), cut: true };
}

function toEntry(c: DataChange, index: number, sessionId: string, view: StringView): HistoryEntry {
  const parts = collectionParts(c.element);
  const next = shown(c.newValue, view);
  const previous = c.previousValue === null ? null : shown(c.previousValue, view);
  const entry: HistoryEntry = {
    index,
    element: c.element,
    previousValue: previous && previous.text,
    newValue: next.text,
    ...(previous?.cut ? { previousValueLength: c.previousValue!.length } : {}),
    ...(next.cut ? { newValueLength: c.newValue.length } : {}),
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
