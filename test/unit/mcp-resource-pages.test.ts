/**
 * resources/read in pages (src/mcp/resources/page.ts): a resource larger than a page is read from byte
 * offsets, each page's text within the answer budget once JSON-escaped, and the pages joined are the
 * resource exactly, whatever its characters.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScormTesterError } from '../../src/core/errors.js';
import {
  BLOB_PAGE_BYTES,
  memorySource,
  PAGE_META,
  readPage,
  splitPageUri,
  TEXT_PAGE_BYTES,
  type PagedContents,
} from '../../src/mcp/resources/page.js';

const URI = 'scorm-tester://logs/browser';

interface PageMeta {
  offset: number;
  next_offset: number | null;
  next_uri: string | null;
  total_bytes: number;
}

/** Every page of `bytes`, following next_uri from the plain URI. */
async function allPages(bytes: Buffer, text: boolean): Promise<PagedContents[]> {
  const pages: PagedContents[] = [];
  let uri: string | null = URI;
  while (uri !== null) {
    const asked = splitPageUri(uri);
    assert.equal(asked.uri, URI);
    const page = await readPage(URI, 'application/x-ndjson', text, memorySource(bytes), asked.offset);
    pages.push(page);
    const meta = page._meta?.[PAGE_META] as PageMeta | undefined;
    uri = meta?.next_uri ?? null;
    assert.ok(pages.length < 10_000, 'paging ends');
  }
  return pages;
}

test('paging a text resource returns it exactly; each page within the budget, ending after a line', async () => {
  const lines: string[] = [];
  for (let i = 0; i < 3_000; i++) {
    // Quotes, backslashes, control characters and characters of 2, 3 and 4 bytes, at every length.
    lines.push(JSON.stringify({ i, text: `"é€😀\\\u0001 `.repeat(i % 97) }));
  }
  // One line far longer than a page, so that a page must end inside it, on a character boundary.
  lines.push(JSON.stringify({ text: '😀é\u0000'.repeat(40_000) }));
  lines.push('{"last":true}');
  const whole = Buffer.from(lines.join('\n') + '\n', 'utf8');
  const pages = await allPages(whole, true);
  assert.ok(pages.length > 10, `${pages.length} pages`);
  let joined = '';
  for (const page of pages) {
    assert.ok('text' in page);
    assert.ok(Buffer.byteLength(JSON.stringify(page.text), 'utf8') <= TEXT_PAGE_BYTES);
    assert.doesNotMatch(page.text, /\uFFFD/, 'no character is split between pages');
    joined += page.text;
  }
  assert.equal(joined, whole.toString('utf8'));
  // Pages that end in the short lines end after a newline.
  const meta = pages[0]!._meta?.[PAGE_META] as PageMeta;
  assert.equal(meta.offset, 0);
  assert.equal(meta.total_bytes, whole.length);
  assert.ok((pages[0] as { text: string }).text.endsWith('\n'));
  assert.equal(pages[0]!.uri, URI);
  assert.equal(pages[1]!.uri, `${URI}?offset=${meta.next_offset}`);
});

test('a resource within one page is returned whole, without page metadata', async () => {
  const small = Buffer.from('{"a":1}\n');
  assert.deepEqual(await readPage(URI, 'application/x-ndjson', true, memorySource(small), undefined), {
    uri: URI,
    mimeType: 'application/x-ndjson',
    text: '{"a":1}\n',
  });
});

test('binary resources are paged as base64 slices that join to the file', async () => {
  const bytes = Buffer.alloc(BLOB_PAGE_BYTES * 2 + 123);
  for (let i = 0; i < bytes.length; i += 4093) bytes[i] = i % 251;
  const pages = await allPages(bytes, false);
  assert.equal(pages.length, 3);
  const joined = Buffer.concat(pages.map((p) => Buffer.from((p as { blob: string }).blob, 'base64')));
  assert.ok(joined.equals(bytes));
});

test('an offset past the end is refused with INVALID_ARGUMENT; other query text is not an offset', async () => {
  await assert.rejects(
    readPage(URI, 'text/plain', true, memorySource(Buffer.from('abc')), 4),
    (error: unknown) => error instanceof ScormTesterError && error.code === 'INVALID_ARGUMENT',
  );
  assert.deepEqual(splitPageUri(`${URI}?offset=12`), { uri: URI, offset: 12 });
  assert.deepEqual(splitPageUri(`${URI}?offset=-1`), { uri: `${URI}?offset=-1` });
  assert.deepEqual(splitPageUri(`${URI}?page=2`), { uri: `${URI}?page=2` });
});
