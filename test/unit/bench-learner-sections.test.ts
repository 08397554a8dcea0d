import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foldedSections } from '../../bench/learner-sections.js';

const section = (ref: string, state: Record<string, unknown> = { expanded: false }) => ({
  ref,
  role: 'button',
  name: `Section ${ref}`,
  state,
});

test("an accordion's folded sections are opened together, each once; a lone folded toggle (a menu) is not (adapt-2)", () => {
  const accordion = [section('a'), section('b'), section('c'), section('d', { expanded: true })];
  assert.deepEqual(
    foldedSections(accordion, () => false).map((c) => c.ref),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(
    foldedSections(accordion, (c) => c.ref === 'a').map((c) => c.ref),
    ['b', 'c'],
  );
  assert.deepEqual(
    foldedSections([section('menu'), section('x', {})], () => false),
    [],
  );
  const hidden = [section('a', { expanded: false, visually_hidden: true }), section('b')];
  assert.deepEqual(
    foldedSections(hidden, () => false),
    [],
  );
});
