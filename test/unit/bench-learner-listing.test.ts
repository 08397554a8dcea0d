import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeListing } from '../../bench/learner-listing.js';

test("the element list's further pages add only what the first did not list: each question once (adapt-2 lists its four questions again on page 2)", () => {
  const q1 = { selector: '#q1', question: 'What is data?', options: ['f1e26', 'f1e27', 'f1e28'] };
  const q3 = { selector: '#q3', question: 'Types of data', options: ['f1e36', 'f1e37', 'f1e38'] };
  const first = {
    interactive_elements: [{ ref: 'f1e26' }, { ref: 'f1e27' }, { ref: 'f1e36' }],
    assessments: [q1, q3],
  };
  const more = {
    interactive_elements: [{ ref: 'f1e36' }, { ref: 'f1e37' }, { ref: 'f1e38' }, { ref: 'f1e39' }],
    assessments: [{ ...q1 }, { ...q3 }],
  };
  const merged = mergeListing(first, more);
  assert.deepEqual(
    merged.interactive_elements.map((c) => (c as { ref: string }).ref),
    ['f1e26', 'f1e27', 'f1e36', 'f1e37', 'f1e38', 'f1e39'],
  );
  assert.deepEqual(merged.assessments, [q1, q3]);
  assert.deepEqual(mergeListing({ assessments: [q1] }, undefined).assessments, [q1]);
});
