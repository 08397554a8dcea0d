import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numberedItems, popupPager } from '../../bench/learner-popup-walk.js';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

const button = (ref: string, name: string, purpose = 'other') => ({ ref, role: 'button', name, purpose });
const pins = [
  button('f1e13', 'Next', 'next'),
  button('f1e14', 'Item 1. Internal Access.'),
  button('f1e15', 'Item 2. Named access.'),
  button('f1e16', 'Item 3. Group-based access.'),
  button('f1e11', 'Save progress'),
];

test("numbered items (adapt-2's pins) are three or more buttons in a row, one first word and a number; visited ones are left out", () => {
  assert.deepEqual(
    numberedItems(pins, () => false).map((c) => c.ref),
    ['f1e14', 'f1e15', 'f1e16'],
  );
  assert.deepEqual(
    numberedItems(pins, (c) => c.ref === 'f1e14').map((c) => c.ref),
    ['f1e15', 'f1e16'],
  );
  const visited = pins.map((c) => (c.ref === 'f1e15' ? { ...c, name: `${c.name} Visited.` } : c));
  assert.deepEqual(
    numberedItems(visited, () => false).map((c) => c.ref),
    ['f1e14', 'f1e16'],
    'a visited item stays in its set, and is not opened again',
  );
  assert.deepEqual(
    numberedItems(pins.slice(0, 3), () => false),
    [],
  );
});

test("a pop-up's pager is a Next listed right before its Close", () => {
  const popup = [
    button('f1e13', 'Next', 'next'),
    button('f1e61', 'Next', 'next'),
    button('f1e62', 'Close popup', 'close'),
  ];
  assert.deepEqual([popupPager(popup)?.next.ref, popupPager(popup)?.close.ref], ['f1e61', 'f1e62']);
  assert.equal(popupPager([button('f1e7', 'OK', 'submit'), button('f1e8', 'Close popup', 'close')]), null);
});

test("the first numbered item is opened, and the pop-up it opens is paged with its own Next until it changes nothing, then closed, in one step (adapt-2's hotgraphic)", async () => {
  const calls: string[] = [];
  let pages = 0;
  const call: LearnerCall = async (tool, args) => {
    calls.push(`${tool} ${String(args.ref ?? '')}`);
    if (args.ref === 'f1e61') pages++;
    return { ok: true, data: args.ref === 'f1e61' && pages >= 5 ? { changed: false } : { success: true } };
  };
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  const ctx = (controls: unknown[], fingerprint: string): StepContext => ({
    session_id: 's',
    fingerprint,
    place: 'Page',
    page: 'page',
    slide: null,
    elements: { interactive_elements: controls },
  });
  await learnerStep(call, ctx(pins, 'a'), memory);
  assert.deepEqual(calls, ['scorm_dom_click f1e14']);
  const open = [
    pins[0]!,
    button('f1e61', 'Next', 'next'),
    button('f1e62', 'Close popup', 'close'),
    ...pins.slice(1),
  ];
  await learnerStep(call, ctx(open, 'b'), memory);
  assert.deepEqual(calls.slice(1), [...Array(5).fill('scorm_dom_click f1e61'), 'scorm_dom_click f1e62']);
});
