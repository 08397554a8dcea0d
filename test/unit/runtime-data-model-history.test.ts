import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryHistory } from '../../src/runtime/data-model/index.js';
import { ANSWER_BUDGET_BYTES, stringView } from '../../src/output/answer-budget.js';
import type { DataChange } from '../../src/runtime/records.js';

function change(
  element: string,
  newValue: string,
  timestamp: number,
  extra: Partial<DataChange> = {},
): DataChange {
  return {
    element,
    previousValue: null,
    newValue,
    source: 'api:SetValue',
    timestamp,
    scoId: 'sco1',
    attempt: 1,
    previousValueTruncated: false,
    newValueTruncated: false,
    ...extra,
  };
}

const CHANGES: DataChange[] = [
  change('cmi.location', 'p1', 1000),
  change('cmi.score.raw', '50', 2000),
  change('cmi.interactions.0.id', 'q1', 3000),
  change('cmi.interactions.0.correct_responses.0.pattern', 'a', 3001),
  change('cmi.suspend_data', 'xxx', 4000, { newValueTruncated: true, newValueOriginalLength: 100_000 }),
  change('cmi.score.scaled', '0.5', 5000, { source: 'internal', previousValue: '' }),
];

test('queryHistory: everything, in order, with the spec fields', () => {
  const page = queryHistory(CHANGES, 'sess_1');
  assert.equal(page.total, 6);
  assert.equal(page.has_more, false);
  assert.deepEqual(
    page.changes.map((c) => c.element),
    CHANGES.map((c) => c.element),
  );
  const first = page.changes[0]!;
  assert.equal(first.timestampIso, new Date(1000).toISOString());
  assert.equal(first.sessionId, 'sess_1');
  assert.equal(first.previousValue, null);
  assert.equal(first.collectionIndex, undefined);
  const nested = page.changes[3]!;
  assert.equal(nested.collection, 'cmi.interactions');
  assert.equal(nested.collectionIndex, 0);
  assert.equal(nested.collectionProperty, 'correct_responses.0.pattern');
  assert.equal(page.changes[4]!.newValueOriginalLength, 100_000);
  assert.equal(page.changes[4]!.newValueTruncated, true);
});

test('queryHistory: since_ts is exclusive; prefixes take a string or a list', () => {
  assert.equal(queryHistory(CHANGES, 's', { sinceTs: 3000 }).total, 3);
  assert.deepEqual(
    queryHistory(CHANGES, 's', { elementPrefix: 'cmi.score' }).changes.map((c) => c.newValue),
    ['50', '0.5'],
  );
  assert.equal(queryHistory(CHANGES, 's', { elementPrefix: ['cmi.location', 'cmi.interactions'] }).total, 3);
});

test('queryHistory: limit/cursor page through with has_more; another session id matches nothing', () => {
  const first = queryHistory(CHANGES, 's', { limit: 4 });
  assert.equal(first.changes.length, 4);
  assert.equal(first.total, 6);
  assert.equal(first.has_more, true);
  assert.equal(first.next_cursor, '4');
  const second = queryHistory(CHANGES, 's', { limit: 4, cursor: first.next_cursor! });
  assert.equal(second.changes.length, 2);
  assert.equal(second.has_more, false);
  assert.deepEqual(queryHistory(CHANGES, 's', { changeSessionId: 'other' }), {
    changes: [],
    total: 0,
    has_more: false,
    next_cursor: null,
  });
  assert.equal(queryHistory(CHANGES, 's', { changeSessionId: 's' }).total, 6);
});

test('queryHistory: a cursor skips to the next matching change; a filtered page says where to go on', () => {
  const scores = queryHistory(CHANGES, 's', { elementPrefix: 'cmi.score', limit: 1 });
  assert.deepEqual(
    scores.changes.map((c) => c.index),
    [1],
  );
  assert.equal(scores.next_cursor, '5', 'the next score change, not the next change');
  const last = queryHistory(CHANGES, 's', { elementPrefix: 'cmi.score', cursor: scores.next_cursor! });
  assert.deepEqual(
    last.changes.map((c) => c.newValue),
    ['0.5'],
  );
  assert.equal(last.has_more, false);
  assert.equal(last.next_cursor, null);
  assert.throws(() => queryHistory(CHANGES, 's', { cursor: 'x' }), /cursor "x" is not one this listing gave/);
});

test('queryHistory: a flood of long values pages within the budget, and each value reads back whole in slices', () => {
  const flood = Array.from({ length: 300 }, (_, i) =>
    change('cmi.suspend_data', `${'Q'.repeat(63_990)}${i}`, 10_000 + i, {
      previousValue: i === 0 ? null : `${'Q'.repeat(63_990)}${i - 1}`,
    }),
  );
  const seen: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = queryHistory(flood, 's', cursor === undefined ? {} : { cursor });
    pages += 1;
    assert.ok(JSON.stringify(page).length <= ANSWER_BUDGET_BYTES, `page ${pages} within the budget`);
    assert.equal(page.total, 300);
    for (const c of page.changes) {
      seen.push(c.index);
      assert.equal(c.newValueLength, flood[c.index]!.newValue.length);
      assert.equal(c.newValue, flood[c.index]!.newValue.slice(0, 200));
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  assert.deepEqual(
    seen,
    flood.map((_, i) => i),
  );
  const target = 137;
  let whole = '';
  for (let offset = 0; offset < flood[target]!.newValue.length;) {
    const [entry] = queryHistory(flood, 's', {
      cursor: String(target),
      limit: 1,
      view: stringView('full', offset),
    }).changes;
    assert.equal(entry!.index, target);
    whole += entry!.newValue;
    offset += entry!.newValue.length;
  }
  assert.equal(whole, flood[target]!.newValue);
});
