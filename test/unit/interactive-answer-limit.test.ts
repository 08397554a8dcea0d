import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerInteractiveElements } from '../../src/dom/snapshot/interactive-answer.js';
import type { InteractiveElement, InteractiveElements } from '../../src/dom/snapshot/interactive.js';

function control(i: number): InteractiveElement {
  return {
    ref: `f1e${i}`,
    selector: `#page > div.component:nth-of-type(${i}) > button.btn-text`,
    frame: 'main',
    role: 'button',
    name: `Control ${i} of a page as long as an Adapt menu`,
    tag: 'button',
    purpose: 'other',
    state: { disabled: false, visible: true },
  };
}

function page(count: number): InteractiveElements {
  const all = Array.from({ length: count }, (_, i) => control(i));
  return {
    forms: [],
    buttons: all,
    inputs: [],
    assessments: [],
    navigation: [],
    interactive_elements: all,
    counts: { interactive_elements: count },
    frames: [],
    snapshot_truncated: false,
    elements_truncated: false,
    notes: [],
  };
}

test('a limit the budget cannot hold is lowered and the answer says so; paging still returns every control once', () => {
  const found = page(300);
  const refs: Array<string | null> = [];
  let cursor: string | undefined;
  let first = true;
  do {
    const answer = answerInteractiveElements(found, { cursor, limit: 200 }, 6_000);
    const given = answer.interactive_elements.length;
    if (first) {
      assert.ok(given < 200);
      assert.ok(
        answer.notes.some((n) => n.startsWith(`limit 200 was lowered to ${given} controls`)),
        JSON.stringify(answer.notes),
      );
    }
    first = false;
    refs.push(...answer.interactive_elements.map((e) => e.ref));
    cursor = answer.next_cursor;
  } while (cursor !== undefined);
  assert.deepEqual(
    refs,
    found.interactive_elements.map((e) => e.ref),
  );
});

test('a limit that fits is taken as asked, with no note about it', () => {
  const answer = answerInteractiveElements(page(300), { limit: 5 }, 6_000);
  assert.equal(answer.interactive_elements.length, 5);
  assert.ok(!answer.notes.some((n) => n.includes('was lowered')));
});
