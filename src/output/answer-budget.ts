/**
 * The size budget of a tool answer that lists what a course did (calls, events, log and console lines).
 * A course chooses how many records it makes and how long their strings are (the player keeps up to 64 K
 * characters of each), so a listing built whole can reach hundreds of megabytes: it holds the server's
 * one thread while it is serialised and overflows the client's read buffer. Listings therefore show
 * each course string as a short preview, and stop at a byte budget with a cursor for the rest. Only
 * answers are cut: the records themselves, and the learner data saved from them, stay whole.
 */
import { limitLoweredNote } from '../core/limit-lowered.js';
import { ScormTesterError } from '../core/errors.js';
import { courseText } from '../core/course-text.js';
import type { RecordedValue } from '../runtime/records.js';

/**
 * Issue 22: no answer past 8,000 tokens, a token being about 4 bytes. A result carries its JSON twice (as
 * structuredContent, and as text for clients that show only text), and a client may show the model both,
 * so each copy gets half: 16,000 bytes.
 */
export const ANSWER_BUDGET_BYTES = 16_000;
/** Characters of a course string a listing shows by default. */
export const PREVIEW_CHARS = 200;
/** Characters of each course string `detail: "full"` shows from `text_offset` (the rest: a larger offset). */
export const FULL_SLICE_CHARS = 4_000;

/** What a listing shows of each course string: a preview, or a slice of the whole value. */
export interface StringView {
  /** Characters shown at most. */
  max: number;
  /** First character shown (full detail pages through a long value with it). */
  offset: number;
}

export const PREVIEW: StringView = { max: PREVIEW_CHARS, offset: 0 };

export function stringView(detail: 'preview' | 'full' | undefined, textOffset = 0): StringView {
  return detail === 'full' ? { max: FULL_SLICE_CHARS, offset: textOffset } : PREVIEW;
}

/** A slice of a string, never splitting a surrogate pair at either end. */
export function slice(text: string, offset: number, max: number): string {
  let start = Math.min(offset, text.length);
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start -= 1;
  let end = Math.min(text.length, start + max);
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * A recorded value (an API argument or result) as a listing shows it. A string that does not fit whole
 * becomes the record's own long-string marker `{ $type: "string", length, head, truncated }` (with
 * `offset` when the slice does not start at 0), so readers handle one shape for every cut string.
 */
export function viewRecorded(value: RecordedValue, view: StringView = PREVIEW): RecordedValue {
  if (typeof value === 'string') {
    if (view.offset === 0 && value.length <= view.max) return value;
    return cutString(value, value.length, view);
  }
  if (value === null || typeof value !== 'object') return value;
  if (value.$type === 'string') return cutString(value.head, value.length, view);
  if (value.$type === 'object' || value.$type === 'array') {
    const json = value.json === null ? null : slice(value.json, view.offset, view.max);
    const string = value.string === null ? null : slice(value.string, view.offset, view.max);
    const cut = json !== value.json || string !== value.string;
    return {
      ...value,
      json,
      string,
      ...(cut ? { truncated: true, offset: view.offset } : {}),
    } as RecordedValue;
  }
  return value;
}

/** A course string in a listing field that must stay a plain string: cut, with an ellipsis when cut. */
export function cutText(text: string, view: StringView = PREVIEW): string {
  if (view.offset === 0 && text.length <= view.max) return text;
  const head = slice(text, view.offset, view.max);
  return head.length + view.offset < text.length ? `${head}…` : head;
}

/**
 * An anomaly or finding as an answer shows it: its `element` is what the course named, which can be 64 K
 * characters of anything; the preview is enough to tell it (no data model element is that long).
 */
export function viewNamedElement<T extends { element?: string }>(item: T): T {
  return item.element === undefined || item.element.length <= PREVIEW_CHARS
    ? item
    : { ...item, element: cutText(item.element) };
}

/** What a preview shows of an encoded blob (see isEncodedBlob). */
export const BLOB_PREVIEW_CHARS = 40;

/**
 * A value written as one long base64-like token (iSpring's and Storyline's compressed suspend_data):
 * its first 200 characters say nothing a reader can use, and it is set again at every slide, so a preview
 * shows only enough to tell two apart.
 */
export function isEncodedBlob(text: string): boolean {
  const head = text.slice(0, PREVIEW_CHARS);
  return (
    head.length === PREVIEW_CHARS &&
    /^[A-Za-z0-9+/=_%.-]+$/.test(head) &&
    /[0-9]/.test(head) &&
    /[A-Z]/.test(head) &&
    /[a-z]/.test(head)
  );
}

function cutString(known: string, length: number, view: StringView): RecordedValue {
  const max = view === PREVIEW && isEncodedBlob(known) ? BLOB_PREVIEW_CHARS : view.max;
  const head = slice(known, view.offset, max);
  return {
    $type: 'string',
    length,
    head,
    truncated: true,
    ...(view.offset > 0 ? { offset: view.offset } : {}),
  } as RecordedValue;
}

/** Depth past which a payload is not walked (course data nested deeper is summarised). */
const MAX_DEPTH = 6;
/** Keys and array items of one object a listing shows; a course can make either as many as it likes. */
const MAX_MEMBERS = 50;

/**
 * An event payload or log entry with every string longer than `view.max` replaced by course text
 * `{ text, length, truncated }`, arrays and objects past MAX_MEMBERS members cut (with a count of what
 * was left out) and nesting past MAX_DEPTH summarised. Short strings (our own codes and ids) stay as
 * they are.
 */
export function viewPayload(value: unknown, view: StringView = PREVIEW, depth = 0): unknown {
  if (typeof value === 'string') {
    if (view.offset === 0 && value.length <= view.max) return value;
    const shown = courseText(slice(value, view.offset, view.max + 1), view.max);
    return {
      text: shown.text,
      length: value.length,
      truncated: true,
      ...(view.offset > 0 ? { offset: view.offset } : {}),
    };
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return { omitted: Array.isArray(value) ? 'array' : 'object' };
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_MEMBERS).map((v) => viewPayload(v, view, depth + 1));
    if (value.length > MAX_MEMBERS) items.push({ omitted_items: value.length - MAX_MEMBERS });
    return items;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const key of Object.keys(value)) {
    if (n++ >= MAX_MEMBERS) {
      out.omitted_keys = Object.keys(value).length - MAX_MEMBERS;
      break;
    }
    out[key] = viewPayload((value as Record<string, unknown>)[key], view, depth + 1);
  }
  return out;
}

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

/** One page of a listing: its entries and how to get the rest. */
export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null when nothing remains. */
  next_cursor: string | null;
  /** Entries after this page. */
  remaining: number;
  /** Said when the budget held fewer entries than the caller's own limit asked for. */
  limit_note?: string;
}

/** The position a cursor stands for. Cursors are opaque to clients; ours is the index of the next entry. */
export function cursorPosition(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,9}$/.test(cursor) || Number(cursor) > total) {
    throw new ScormTesterError(
      'INVALID_ARGUMENT',
      `cursor "${cursor.slice(0, 20)}" is not one this listing gave: pass the next_cursor of the previous page, or leave it out to start at the beginning.`,
    );
  }
  return Number(cursor);
}

/**
 * The entries from `cursor` on, each shown through `view`, up to `limit` entries and `budgetBytes` of
 * JSON. The first entry of a page is always included (its strings are bounded by the view), so paging
 * always moves on. Only the entries of this page are built and measured.
 */
export function pageWithinBudget<S, T>(
  source: readonly S[],
  options: {
    cursor?: string;
    limit: number;
    budgetBytes: number;
    view: (entry: S) => T;
    /** The limit the caller passed, when it passed one: a page the budget cuts shorter says so. */
    asked?: { limit: number | undefined; items: string; rest?: string };
  },
): Page<T> {
  const start = cursorPosition(options.cursor, source.length);
  const items: T[] = [];
  let used = 2;
  let i = start;
  for (; i < source.length && items.length < options.limit; i++) {
    const shown = options.view(source[i]!);
    const bytes = jsonBytes(shown) + 1;
    if (items.length > 0 && used + bytes > options.budgetBytes) break;
    items.push(shown);
    used += bytes;
  }
  const page: Page<T> = {
    items,
    next_cursor: i < source.length ? String(i) : null,
    remaining: source.length - i,
  };
  const lowered = options.asked
    ? limitLoweredNote({
        asked: options.asked.limit,
        given: items.length,
        available: source.length - start,
        items: options.asked.items,
        budgetBytes: options.budgetBytes,
        ...(options.asked.rest !== undefined ? { rest: options.asked.rest } : {}),
      })
    : undefined;
  if (lowered) page.limit_note = lowered;
  return page;
}

/**
 * The largest page of at most `size` entries whose answer fits `budgetBytes` (at least one entry), for
 * answers measured whole rather than entry by entry: `build(n)` makes the answer of n entries.
 */
export function shrinkToBudget<T>(
  build: (size: number) => T,
  size: number,
  budgetBytes: number,
): { answer: T; size: number } {
  let answer = build(size);
  for (let bytes = jsonBytes(answer); bytes > budgetBytes && size > 1; bytes = jsonBytes(answer)) {
    size = Math.max(1, Math.min(size - 1, Math.floor((size * budgetBytes) / bytes)));
    answer = build(size);
  }
  return { answer, size };
}
