import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

const question = [
  { ref: 'o1', name: 'True', role: 'radio', purpose: 'answer_option', question: 'Is it?' },
  { ref: 'o2', name: 'False', role: 'radio', purpose: 'answer_option', question: 'Is it?' },
  { ref: 's1', name: 'Submit', role: 'button', purpose: 'submit' },
  { ref: 'n1', name: 'Next', role: 'button', purpose: 'next' },
];
const assessments = [{ selector: '#q1', question: 'Is it?', type: 'single_choice', options: ['o1', 'o2'] }];
const results = [{ ref: 'r1', name: 'Next', role: 'button', purpose: 'next' }];

const on = (page: string, controls: unknown[], withQuestion: boolean): StepContext => ({
  session_id: 's',
  fingerprint: page,
  place: page,
  page,
  elements: { interactive_elements: controls, assessments: withQuestion ? assessments : [] },
  slide: null,
});

test('a test the course takes the learner back into is answered again, with the next option (lectora-1 retake)', async () => {
  const calls: string[] = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push(`${tool} ${String(args.ref ?? '')}`);
    return { ok: true, data: {} };
  };
  const memory = newLearnerMemory();
  for (const page of ['Question 1', 'Results']) memory.scrolled.add(page);
  await learnerStep(call, on('Question 1', question, true), memory); // answers and submits
  await learnerStep(call, on('Question 1', question, true), memory); // its feedback read: goes on
  await learnerStep(call, on('Results', results, false), memory); // failed: back to the test
  await learnerStep(call, on('Question 1', question, true), memory); // the retake: answered anew
  assert.deepEqual(calls, [
    'scorm_dom_click o1',
    'scorm_dom_click s1',
    'scorm_dom_click n1',
    'scorm_dom_click r1',
    'scorm_dom_click o2',
    'scorm_dom_click s1',
  ]);
});
