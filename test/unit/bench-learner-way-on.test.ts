import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';
import { LearnedWayOn } from '../../bench/learner-way-on.js';

function recorder(answers: Record<string, Record<string, unknown>> = {}): {
  call: LearnerCall;
  calls: Array<{ tool: string; args: Record<string, unknown> }>;
} {
  const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push({ tool, args });
    return { ok: true, data: answers[tool] ?? {} };
  };
  return { call, calls };
}

const at = (
  controls: unknown[],
  fingerprint: string,
  place: string,
  slide: StepContext['slide'] = null,
): StepContext => ({
  session_id: 's1',
  fingerprint,
  place,
  page: place,
  elements: { interactive_elements: controls },
  slide,
});

test('a control that took the learner to a new page is learned; one that led back to a page seen is not', () => {
  const wayOn = new LearnedWayOn();
  wayOn.arrive('Opening');
  wayOn.clicked('nav1.png', 'Opening');
  wayOn.arrive('Sorting');
  wayOn.clicked('פתיחה', 'Sorting');
  wayOn.arrive('Opening');
  assert.equal(wayOn.knows('nav1.png'), true);
  assert.equal(wayOn.knows('פתיחה'), false);
  assert.equal(wayOn.knows(undefined), false);
});

test("the arrow that went on before is pressed where it comes back, before the page's own buttons and its menu (storyline-2 after the sorting)", async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  memory.unmovedScrolls = 3;
  await learnerStep(
    call,
    at([{ ref: 'e7', name: 'nav1.png', role: 'button', purpose: 'other' }], 'f1', 'Opening'),
    memory,
  );
  const done = [
    { ref: 'e74', name: 'Towels', role: 'button', purpose: 'other' },
    { ref: 'e79', name: 'Opening', role: 'button', purpose: 'other' },
    { ref: 'e84', name: 'nav1.png', role: 'button', purpose: 'other' },
  ];
  await learnerStep(call, at(done, 'f2', 'Sorting complete'), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['e7', 'e84'],
  );
});

test('a button named like one pressed on this slide, with another ref, is pressed when nothing else is left (storyline-2: "Group 1" on each new layer)', async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  memory.unmovedScrolls = 3;
  await learnerStep(
    call,
    at([{ ref: 'e111', name: 'Group 1', role: 'button', purpose: 'other' }], 'f1', 'Pants'),
    memory,
  );
  const layer = [
    { ref: 'e117', name: 'Group 1', role: 'button', purpose: 'other' },
    { ref: 'e118', name: 'Group 1', role: 'button', purpose: 'other' },
  ];
  await learnerStep(call, at(layer, 'f2', 'Pants'), memory);
  // The learned arrow's place is read first (learner-arrow-place.ts); this answer gives none.
  assert.deepEqual(
    calls.filter((c) => c.tool === 'scorm_dom_click').map((c) => c.args.ref),
    ['e111', 'e117'],
  );
});

test("a slide whose Next and own button left it as it was is the course's dead end: the player's next slide, without watching, and the step says why (storyline-3's Section Conclusion)", async () => {
  const { call, calls } = recorder({ scorm_navigate_to_slide: { navigated: true } });
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  memory.unmovedScrolls = 3;
  const slide = { current: 13, total: 26 };
  const page = (name: string): StepContext =>
    at(
      [
        { ref: 'e2', name: 'next', role: 'button', purpose: 'next' },
        // Storyline renames the CONTINUE twin with its state: the same control, pressed once.
        { ref: 'e69', name, role: 'button', purpose: 'other' },
      ],
      'f13',
      'Section Conclusion',
      slide,
    );
  await learnerStep(call, page('Button 2'), memory);
  await learnerStep(call, page('Button 2'), memory);
  const third = await learnerStep(call, page('Button 1'), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref ?? c.args.slide]),
    [
      ['scorm_dom_click', 'e2'],
      ['scorm_dom_click', 'e69'],
      ['scorm_navigate_to_slide', 14],
    ],
  );
  assert.match(
    third.actions.join('; '),
    /dead end: its Next and the slide's own buttons left "Section Conclusion"/,
  );
  assert.equal(third.blocker, null);
});

test('a hotspot pressed when Next left the slide as it was is submitted with the slide\'s Submit (storyline-3\'s "Click on the crop tool")', async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  memory.unmovedScrolls = 3;
  const controls = [
    { ref: 'e2', name: 'next', role: 'button', purpose: 'next' },
    { ref: 'e74', name: 'Rectangular Hotspot 6', role: 'button', purpose: 'other' },
    { ref: 'e49', name: 'submit', role: 'button', purpose: 'submit' },
  ];
  await learnerStep(call, at(controls, 'f23', 'Check Your Understanding #1'), memory);
  await learnerStep(call, at(controls, 'f23', 'Check Your Understanding #1'), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['e2', 'e74', 'e49'],
  );
});
