import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryHistory } from '../../src/runtime/data-model/index.js';
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

test('queryHistory: limit/offset page through with has_more; another session id matches nothing', () => {
  const first = queryHistory(CHANGES, 's', { limit: 4 });
  assert.equal(first.changes.length, 4);
  assert.equal(first.total, 6);
  assert.equal(first.has_more, true);
  const second = queryHistory(CHANGES, 's', { limit: 4, offset: 4 });
  assert.equal(second.changes.length, 2);
  assert.equal(second.has_more, false);
  assert.deepEqual(queryHistory(CHANGES, 's', { changeSessionId: 'other' }), {
    changes: [],
    total: 0,
    has_more: false,
  });
  assert.equal(queryHistory(CHANGES, 's', { changeSessionId: 's' }).total, 6);
});
