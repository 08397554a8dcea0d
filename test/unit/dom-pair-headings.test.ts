import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairHeadings } from '../../src/dom/snapshot/pair-headings.js';
import type { AriaNode } from '../../src/dom/snapshot/aria.js';

const heading = (name: string, level?: number): AriaNode => ({
  role: 'heading',
  name,
  ...(level ? { level } : {}),
});

test('headings pair in document order by text and level; a heading our read does not list, or one of another level, gets no ref', () => {
  const title = heading('The Water Cycle', 1);
  const hidden = heading('Only in the snapshot', 2);
  const section = heading('How  water\nmoves', 2);
  const wrongLevel = heading('Summary', 3);
  const pairs = pairHeadings(
    [title, hidden, section, wrongLevel],
    [
      { level: 1, text: 'The Water Cycle', ref: 'f1e3' },
      { level: 2, text: 'How water moves', ref: 'f1e5' },
      { level: 2, text: 'Summary', ref: 'f1e9' },
    ],
  );
  assert.equal(pairs.get(title), 'f1e3');
  assert.equal(pairs.has(hidden), false);
  assert.equal(pairs.get(section), 'f1e5');
  assert.equal(pairs.has(wrongLevel), false);
});

test('a heading text our read clipped still pairs; a heading without a ref in our read is not paired', () => {
  const long = heading(`${'Long '.repeat(30)}end`, 2);
  const noRef = heading('Dialog title', 2);
  const pairs = pairHeadings(
    [long, noRef],
    [
      { level: 2, text: 'Long '.repeat(20), ref: 'f1e4' },
      { level: 2, text: 'Dialog title', ref: null },
    ],
  );
  assert.equal(pairs.get(long), 'f1e4');
  assert.equal(pairs.has(noRef), false);
});
