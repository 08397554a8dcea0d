import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

function recorder(): { call: LearnerCall; calls: Array<{ tool: string; ref: unknown }> } {
  const calls: Array<{ tool: string; ref: unknown }> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push({ tool, ref: args.ref });
    return { ok: true, data: {} };
  };
  return { call, calls };
}

const page = (fingerprint: string, controls: unknown[], assessments: unknown[] = []): StepContext => ({
  session_id: 's1',
  fingerprint,
  place: fingerprint,
  page: fingerprint,
  elements: { interactive_elements: controls, assessments },
  slide: null,
});

const next = { ref: 'e2', name: '>', role: 'button', purpose: 'next' };
const submit = { ref: 'e7', name: 'SUBMIT', role: 'button', purpose: 'submit' };
const question = (n: number): StepContext =>
  page(
    `question-${n}`,
    [next, { ref: 'e6', name: 'True', role: 'radio', purpose: 'answer_option', question: `Q${n}` }],
    [{ selector: `input[name=q${n}]`, question: `Q${n}`, type: 'single_choice', options: ['e6'] }],
  );

test("the test's last page is submitted before going on, once for each round of answers (lectora-1's SUBMIT, whose Next fails the test ungraded)", async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  const last = page('last test page', [next, submit]);
  memory.scrolled.add('last test page');
  await learnerStep(call, question(1), memory);
  await learnerStep(call, last, memory);
  // Still there after the Submit (its results not yet shown): the learner goes on.
  await learnerStep(call, last, memory);
  const clicks = calls.filter((c) => c.tool === 'scorm_dom_click').map((c) => c.ref);
  assert.deepEqual(clicks, ['e6', 'e2', 'e7', 'e2'], 'answer, Next, then SUBMIT, then Next');
});

test('a Submit on a page with nothing answered before is not pressed: the learner goes on', async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  memory.scrolled.add('intro');
  await learnerStep(call, page('intro', [next, submit]), memory);
  assert.deepEqual(
    calls.filter((c) => c.tool === 'scorm_dom_click').map((c) => c.ref),
    ['e2'],
  );
});

test('a "Finish" on such a page is left to the learner\'s usual way on: it may end the course before its results', async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  memory.scrolled.add('end');
  await learnerStep(call, question(1), memory);
  await learnerStep(call, page('end', [next, { ...submit, name: 'Finish' }]), memory);
  assert.deepEqual(
    calls.filter((c) => c.tool === 'scorm_dom_click').map((c) => c.ref),
    ['e6', 'e2', 'e2'],
  );
});

test("a question's own Submit, once pressed, is not pressed again from the feedback layer that follows (storyline-3)", async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  const option = { ref: 'e6', name: 'Raster', role: 'radio', purpose: 'answer_option', question: 'Q1' };
  const asked = page(
    'slide 10',
    [option, submit],
    [{ selector: 'input[name=q1]', question: 'Q1', type: 'single_choice', options: ['e6'] }],
  );
  memory.scrolled.add('slide 10');
  memory.scrolled.add('slide 10 feedback');
  await learnerStep(call, asked, memory);
  const proceed = { ref: 'e8', name: 'Continue', role: 'button', purpose: 'next' };
  await learnerStep(call, page('slide 10 feedback', [submit, proceed]), memory);
  assert.deepEqual(
    calls.filter((c) => c.tool === 'scorm_dom_click').map((c) => c.ref),
    ['e6', 'e7', 'e8'],
    'the option, its Submit, then Continue',
  );
});
