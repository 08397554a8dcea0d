import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WayOnPlaces } from '../../bench/learner-arrow-place.js';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

/** Answers scorm_dom_query with the drawn place of each ref, like the tool's computed left/top. */
function drawn(places: Record<string, [number, number]>): {
  call: LearnerCall;
  clicked: string[];
  queried: string[];
} {
  const clicked: string[] = [];
  const queried: string[] = [];
  const call: LearnerCall = async (tool, args) => {
    const ref = String(args.ref ?? '');
    if (tool === 'scorm_dom_click') clicked.push(ref);
    if (tool !== 'scorm_dom_query') return { ok: true, data: {} };
    queried.push(ref);
    const [left, top] = places[ref] ?? [0, 0];
    return { ok: true, data: { computedStyles: { left: `${left}px`, top: `${top}px` } } };
  };
  return { call, clicked, queried };
}

const arrow = (ref: string): unknown => ({ ref, role: 'button', name: 'Group 1', purpose: 'other' });
// One title for every slide, as storyline-2: pages are told apart by their controls.
const at = (controls: unknown[], fingerprint: string): StepContext => ({
  session_id: 's1',
  fingerprint,
  place: fingerprint,
  page: 'one title',
  elements: { interactive_elements: controls },
  slide: null,
});

test('of two arrows named alike, the one drawn where the arrow that took the learner on was is pressed', async () => {
  // Right to left: forward at the bottom left, back at the bottom right.
  const { call, clicked } = drawn({ a1: [91.5, 585.5], b1: [875.5, 584.5], f2: [91.5, 585.5] });
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  memory.unmovedScrolls = 99;
  await learnerStep(call, at([arrow('a1')], 'slide A'), memory);
  assert.deepEqual(clicked, ['a1']);
  // The new slide's layer lists its back arrow first.
  await learnerStep(call, at([arrow('b1'), arrow('f2')], 'layer of slide B'), memory);
  assert.deepEqual(clicked, ['a1', 'f2']);
});

test('a place is read only for a control that led to a page not seen before, and only where twins must be told apart', async () => {
  const { call } = drawn({ back: [875.5, 584.5], on: [91.5, 585.5] });
  const places = new WayOnPlaces();
  places.arrive('A');
  places.clicked('Group 1', 'back', 'A');
  places.arrive('A');
  assert.deepEqual(await places.placesOf(call, 's1', 'Group 1'), []);
  places.clicked('Group 1', 'on', 'A');
  places.arrive('B');
  assert.deepEqual(await places.placesOf(call, 's1', 'Group 1'), [{ left: 91.5, top: 585.5 }]);
});

test("a control's place is read once: the arrow told apart on one layer is not read again when it has taken the learner on", async () => {
  const { call, clicked, queried } = drawn({
    a1: [91.5, 585.5],
    b2: [875.5, 584.5],
    f2: [91.5, 585.5],
    b3: [875.5, 584.5],
    f3: [90.5, 585.5],
  });
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  memory.unmovedScrolls = 99;
  await learnerStep(call, at([arrow('a1')], 'slide A'), memory);
  await learnerStep(call, at([arrow('b2'), arrow('f2')], 'layer 1 of slide B'), memory);
  await learnerStep(call, at([arrow('b3'), arrow('f3')], 'layer 2 of slide B'), memory);
  assert.deepEqual(clicked, ['a1', 'f2', 'f3']);
  // f2 took the learner on: its place, read when the twins were told apart, is not read again.
  assert.deepEqual(queried, ['a1', 'b2', 'f2', 'b3', 'f3']);
});
