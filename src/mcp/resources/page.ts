/**
 * resources/read in pages. A log or a course's browser output can reach tens of megabytes, more than a
 * model should be shown at once and more than the client's read buffer takes; so a resource larger than
 * a page is read from a byte offset given in the URI (`<uri>?offset=<n>`), one page at a time. Text
 * pages stay within the answer budget once JSON-escaped, and end after a line (NDJSON) or at least on a
 * character boundary, so the pages' texts joined are the resource exactly. Binary pages are base64
 * slices of a larger size (a screenshot is one page).
 */
import { fail } from '../../core/errors.js';
import { ANSWER_BUDGET_BYTES } from '../../output/answer-budget.js';

/** The JSON of a text page's `text`, at most (the rest of the budget is for the URI and _meta). */
export const TEXT_PAGE_BYTES = ANSWER_BUDGET_BYTES - 2_000;
/** Raw bytes of a binary page: its base64 (4/3 larger) stays under the client's 10 MB line limit. */
export const BLOB_PAGE_BYTES = 6 * 1024 * 1024;
export const PAGE_META = 'scorm-tester/page';

const OFFSET_QUERY = /^(.*)\?offset=(\d{1,15})$/s;

/** A URI as listed, and the offset a page URI asks for (none: the whole resource, or its first page). */
export function splitPageUri(uri: string): { uri: string; offset?: number } {
  const match = OFFSET_QUERY.exec(uri);
  return match ? { uri: match[1]!, offset: Number(match[2]) } : { uri };
}

export function pageUri(uri: string, offset: number): string {
  return `${uri}?offset=${offset}`;
}

/** The bytes of a resource, read where asked (a file through its open descriptor, or memory). */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

export function memorySource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: async (position, length) => bytes.subarray(position, position + length),
  };
}

export type PagedContents = { uri: string; mimeType: string; _meta?: Record<string, unknown> } & (
  { text: string } | { blob: string }
);

/**
 * The resource whole when it fits in one page and no offset was asked; else the page at `offset` with
 * `_meta["scorm-tester/page"]`: offset, next_offset and next_uri (null on the last page), total_bytes.
 */
export async function readPage(
  listedUri: string,
  mimeType: string,
  text: boolean,
  source: ByteSource,
  offset: number | undefined,
): Promise<PagedContents> {
  const start = offset ?? 0;
  if (start > source.size) {
    fail(
      'INVALID_ARGUMENT',
      `offset ${start} is past the end of ${listedUri} (${source.size} bytes): use the next_uri of the previous page, or the URI without ?offset= for the first page.`,
      { uri: listedUri, size: source.size },
    );
  }
  const bytes = text
    ? await textPage(source, start)
    : await source.read(start, Math.min(BLOB_PAGE_BYTES, source.size - start));
  const end = start + bytes.length;
  const shown = text ? { text: bytes.toString('utf8') } : { blob: bytes.toString('base64') };
  if (offset === undefined && end >= source.size) return { uri: listedUri, mimeType, ...shown };
  const next = end < source.size ? end : null;
  return {
    uri: offset === undefined ? listedUri : pageUri(listedUri, start),
    mimeType,
    ...shown,
    _meta: {
      [PAGE_META]: {
        offset: start,
        next_offset: next,
        next_uri: next === null ? null : pageUri(listedUri, next),
        total_bytes: source.size,
      },
    },
  };
}

/** Bytes from `start` whose text, JSON-escaped, fits TEXT_PAGE_BYTES; after a newline when there is one. */
async function textPage(source: ByteSource, start: number): Promise<Buffer> {
  let window = Math.min(TEXT_PAGE_BYTES, source.size - start);
  for (;;) {
    const read = await source.read(start, window);
    const bytes = start + read.length < source.size ? read.subarray(0, pageEnd(read)) : read;
    const escaped = Buffer.byteLength(JSON.stringify(bytes.toString('utf8')), 'utf8');
    // Control characters escape to six bytes each: a page of them holds a sixth of the window.
    if (escaped <= TEXT_PAGE_BYTES || window <= 16) return bytes;
    window = Math.max(16, Math.floor((window * TEXT_PAGE_BYTES) / escaped) - 8);
  }
}

/** Where a page that does not reach the end stops: after its last newline, else before a split character. */
function pageEnd(bytes: Buffer): number {
  const newline = bytes.lastIndexOf(0x0a);
  if (newline >= bytes.length / 2) return newline + 1;
  let lead = bytes.length - 1;
  while (lead > 0 && (bytes[lead]! & 0xc0) === 0x80) lead -= 1;
  const b = bytes[lead]!;
  const length = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return lead + length <= bytes.length ? bytes.length : Math.max(lead, 1);
}
