import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLOB_PREVIEW_CHARS,
  FULL_SLICE_CHARS,
  cutText,
  isEncodedBlob,
  jsonBytes,
  pageWithinBudget,
  PREVIEW_CHARS,
  stringView,
  viewPayload,
  viewRecorded,
} from '../../src/output/answer-budget.js';

test('pages stay within the byte budget and return every entry once, in order', () => {
  const source = Array.from({ length: 500 }, (_, i) => ({ i, text: `entry ${i} `.repeat(1 + (i % 40)) }));
  const seen: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = pageWithinBudget(source, { cursor, limit: 1000, budgetBytes: 4_000, view: (e) => e });
    assert.ok(jsonBytes(page.items) <= 4_000, `page ${pages} within the budget`);
    assert.equal(page.remaining, source.length - seen.length - page.items.length);
    seen.push(...page.items.map((e) => e.i));
    cursor = page.next_cursor ?? undefined;
    pages += 1;
  } while (cursor !== undefined);
  assert.ok(pages > 5);
  assert.deepEqual(
    seen,
    source.map((e) => e.i),
  );
});

test('limit bounds a page; an entry larger than the budget still moves paging on', () => {
  const page = pageWithinBudget([1, 2, 3, 4], { limit: 2, budgetBytes: 1_000, view: (n) => n });
  assert.deepEqual(page.items, [1, 2]);
  assert.equal(page.next_cursor, '2');
  const big = pageWithinBudget(['x'.repeat(500), 'y'], { limit: 10, budgetBytes: 100, view: (s) => s });
  assert.equal(big.items.length, 1);
  assert.equal(big.next_cursor, '1');
});

test('a cursor this listing did not give is refused with INVALID_ARGUMENT', () => {
  for (const cursor of ['abc', '-1', '99', '1e3']) {
    assert.throws(
      () => pageWithinBudget([1, 2], { cursor, limit: 10, budgetBytes: 1_000, view: (n) => n }),
      (e: { code?: string }) => e.code === 'INVALID_ARGUMENT',
    );
  }
});

test('recorded values: previews use the long-string marker; full detail slices from text_offset', () => {
  assert.equal(viewRecorded('short'), 'short');
  const long = 'a'.repeat(300);
  assert.deepEqual(viewRecorded(long), {
    $type: 'string',
    length: 300,
    head: 'a'.repeat(PREVIEW_CHARS),
    truncated: true,
  });
  const marker = {
    $type: 'string' as const,
    length: 70_000,
    head: 'b'.repeat(65_536),
    truncated: true as const,
  };
  const slice = viewRecorded(marker, stringView('full', 8_000)) as unknown as {
    head: string;
    length: number;
    offset: number;
  };
  assert.equal(slice.length, 70_000, 'the original length stays');
  assert.equal(slice.offset, 8_000);
  assert.equal(slice.head.length, FULL_SLICE_CHARS);
  assert.equal(viewRecorded(42), 42);
});

test('a cut never splits a surrogate pair', () => {
  const text = `${'a'.repeat(PREVIEW_CHARS - 1)}😀${'b'.repeat(10)}`;
  const shown = viewRecorded(text) as { head: string };
  assert.equal(shown.head, 'a'.repeat(PREVIEW_CHARS - 1));
  assert.ok(!cutText(text).includes('\ud83d'.concat('…')));
});

test('payloads: long strings become course text, wide and deep structures are cut', () => {
  const payload = {
    method: 'GetValue',
    args: ['x'.repeat(1_000)],
    many: Array.from({ length: 80 }, (_, i) => i),
    deep: { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } },
  };
  const shown = viewPayload(payload) as Record<string, unknown>;
  assert.equal(shown.method, 'GetValue');
  assert.deepEqual((shown.args as Array<{ length: number; truncated: boolean }>)[0]!.length, 1_000);
  assert.equal((shown.args as Array<{ text: string }>)[0]!.text.length, PREVIEW_CHARS);
  assert.deepEqual((shown.many as unknown[]).at(-1), { omitted_items: 30 });
  assert.match(JSON.stringify(shown.deep), /"omitted":"object"/);
});

test('an encoded blob (compressed suspend_data) previews 40 characters; text and JSON keep their 200', () => {
  const blob =
    'N4IgJiBcCsBMAM0A0IA2VYoG5QNryQEYlYBdbACz3JADU8DjMBmJAFiWQDYkB2GgA5RQqAIYBnAC60AlgFMA7nLABlVDLByM2eQoAiAVwBOo'.repeat(
      4,
    );
  assert.ok(isEncodedBlob(blob));
  assert.deepEqual(viewRecorded(blob), {
    $type: 'string',
    length: blob.length,
    head: blob.slice(0, BLOB_PREVIEW_CHARS),
    truncated: true,
  });
  const json = JSON.stringify({
    slides: Array.from({ length: 40 }, (_, i) => ({ id: `s${i}`, seen: true })),
  });
  assert.ok(!isEncodedBlob(json));
  assert.equal((viewRecorded(json) as { head: string }).head.length, PREVIEW_CHARS);
  const words = 'The learner answered every question of the first module before the break. '.repeat(4);
  assert.ok(!isEncodedBlob(words));
  assert.ok(!isEncodedBlob('a'.repeat(400)), 'one letter repeated is not an encoding');
  assert.equal(
    (viewRecorded(blob, { max: 8_000, offset: 0 }) as string).length,
    blob.length,
    'full detail shows it whole',
  );
});

test('a page the budget cuts below the limit the caller asked says so; a default limit or a limit that fits says nothing', () => {
  const source = Array.from({ length: 300 }, (_, i) => ({ i, text: 'x'.repeat(100) }));
  const view = (e: (typeof source)[number]) => e;
  const cut = pageWithinBudget(source, {
    limit: 200,
    budgetBytes: 4_000,
    view,
    asked: { limit: 200, items: 'events' },
  });
  assert.ok(cut.items.length < 200);
  assert.match(cut.limit_note ?? '', new RegExp(`^limit 200 was lowered to ${cut.items.length} events`));
  assert.match(cut.limit_note ?? '', /next_cursor gives the rest\.$/);
  const named = pageWithinBudget(source, {
    limit: 200,
    budgetBytes: 4_000,
    view,
    asked: { limit: 200, items: 'events', rest: 'since_event_id set to latest_event_id gives the rest' },
  });
  assert.match(named.limit_note ?? '', /since_event_id set to latest_event_id gives the rest\.$/);
  const byDefault = pageWithinBudget(source, {
    limit: 200,
    budgetBytes: 4_000,
    view,
    asked: { limit: undefined, items: 'events' },
  });
  assert.equal(byDefault.limit_note, undefined);
  const fits = pageWithinBudget(source, {
    limit: 5,
    budgetBytes: 4_000,
    view,
    asked: { limit: 5, items: 'events' },
  });
  assert.equal(fits.limit_note, undefined);
  const last = pageWithinBudget(source, {
    cursor: '298',
    limit: 200,
    budgetBytes: 4_000,
    view,
    asked: { limit: 200, items: 'events' },
  });
  assert.equal(last.limit_note, undefined, 'the last entries are fewer than the limit, not lowered');
});
