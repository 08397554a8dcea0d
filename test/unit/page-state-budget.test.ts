import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitPageStateParts } from '../../src/dom/snapshot/page-state-budget.js';
import { jsonBytes } from '../../src/output/answer-budget.js';

test('a page state names what fits of a long title, many headings and many controls, and counts the rest', () => {
  const fitted = fitPageStateParts({
    title: 'T'.repeat(20_000),
    headings: Array.from({ length: 50 }, (_, i) => ({ level: 2, text: `H${i} ${'h'.repeat(300)}` })),
    controls: Array.from({ length: 200 }, (_, i) => ({ ref: `f1e${i}`, name: `control ${i}` })),
  });
  assert.ok(fitted.title.length <= 201);
  assert.ok(fitted.headings.length < 50 && fitted.headings.length > 0);
  assert.ok(fitted.headings.every((h) => h.text.length <= 201));
  assert.ok(jsonBytes(fitted.headings) <= 1_500);
  assert.ok(fitted.controls.length < 200 && jsonBytes(fitted.controls) <= 3_000);
  assert.deepEqual(fitted.controls[0], { ref: 'f1e0', name: 'control 0' });
  assert.equal(fitted.notes.length, 2);
  assert.match(fitted.notes[1]!, new RegExp(`^${fitted.controls.length} of the 200 controls`));
});

test('a page that fits is left as it is, without notes', () => {
  const parts = { title: 'Welcome', headings: [{ text: 'Intro' }], controls: [{ ref: 'f1e1' }] };
  assert.deepEqual(fitPageStateParts(parts), { ...parts, notes: [] });
});
