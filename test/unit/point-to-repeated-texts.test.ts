import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pointToRepeatedTexts } from '../../src/output/point-to-repeated-texts.js';

const long = (word: string): string => `${word} `.repeat(20).trim();

test('a message or fix word for word an earlier entry’s points to it; each entry keeps its own fields', () => {
  const list = [
    {
      type: 'session_time_not_set',
      message: long('never set'),
      fix: long('set it'),
      sco_id: 'a',
      attempt: 1,
    },
    {
      type: 'session_time_not_set',
      message: long('never set'),
      fix: long('set it'),
      sco_id: 'b',
      attempt: 1,
    },
    { type: 'other', message: long('different'), fix: long('set it'), sco_id: 'c', attempt: 2 },
  ];
  const shown = pointToRepeatedTexts(list, 'anomalies');
  assert.deepEqual(shown[0], list[0]);
  assert.deepEqual(shown[1], {
    ...list[1],
    message: 'as anomalies[0].message',
    fix: 'as anomalies[0].fix',
  });
  assert.equal(shown[2]?.message, list[2]?.message);
  assert.equal(shown[2]?.fix, 'as anomalies[0].fix');
  assert.equal(shown[2]?.sco_id, 'c');
});

test('short texts are repeated as they are', () => {
  const list = [
    { message: 'short', fix: 'fix' },
    { message: 'short', fix: 'fix' },
  ];
  assert.deepEqual(pointToRepeatedTexts(list, 'anomalies'), list);
});
