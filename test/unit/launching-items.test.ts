import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchingItemsDetails, launchingItemsText } from '../../src/lint/launch-chain/launching-items.js';
import { takeQuoted } from '../../src/core/course-text.js';

const items = (n: number): string[] => Array.from({ length: n }, (_, i) => `item_${i}`);

test('a SCO launched by many items is named by its first three and a count', () => {
  const quoted: string[] = [];
  const text = takeQuoted(`SCO${launchingItemsText(items(300))}`, quoted);
  assert.match(text, /\(item .*, .*, .* and 297 more\)$/);
  assert.deepEqual(quoted, ['item_0', 'item_1', 'item_2']);
  assert.equal(launchingItemsText([]), '');
  assert.doesNotMatch(launchingItemsText(['a']), /more/);
});

test("a finding's details list at most twenty items and count them all", () => {
  assert.deepEqual(launchingItemsDetails(items(2)), { items: ['item_0', 'item_1'] });
  const many = launchingItemsDetails(items(300));
  assert.equal(many.items.length, 20);
  assert.equal(many.items_total, 300);
});
