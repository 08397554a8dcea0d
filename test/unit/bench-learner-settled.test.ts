import assert from 'node:assert/strict';
import { test } from 'node:test';
import { controlsWithoutQuestions } from '../../bench/learner-answers.js';
import { questionKey, settledQuestions } from '../../bench/learner-settled.js';

const listing = {
  assessments: [
    { selector: '#check', question: 'Signs of stress', options: ['f1', 'f2'] },
    { selector: '#quiz', question: 'Question 2', options: ['f5', 'f6'] },
  ],
};
const pageState = (controls: Array<Record<string, unknown>>): Record<string, unknown> => ({
  interactive_count: controls.length,
  interactive_elements: controls,
});
const option = (ref: string, state: Record<string, unknown> = {}): Record<string, unknown> => ({
  ref,
  role: 'checkbox',
  name: ref,
  purpose: 'answer_option',
  state,
});
const next = { ref: 'f9', role: 'button', name: 'CONTINUE', purpose: 'next' };

test('the questions answered are those of the last element list the learner answered, with their refs', () => {
  const settled = settledQuestions(listing, (k) => k === questionKey(listing.assessments[0]!));
  assert.deepEqual([...settled.refs], ['f1', 'f2']);
  assert.equal(settled.assessments.length, 1);
  assert.deepEqual(
    settledQuestions(null, () => true),
    { refs: new Set(), assessments: [] },
  );
});

test("page state's list stands for the element list when its only question is answered, or submitted (disabled)", () => {
  const settled = settledQuestions(listing, (k) => k === questionKey(listing.assessments[0]!));
  const answered = controlsWithoutQuestions(pageState([option('f1'), option('f2'), next]), settled);
  assert.equal(answered?.interactive_elements.length, 3);
  // The answered question goes with it, so that the step knows it answered.
  assert.deepEqual(answered?.assessments, [listing.assessments[0]]);
  const submitted = controlsWithoutQuestions(
    pageState([option('f7', { disabled: true }), option('f8', { disabled: true }), next]),
  );
  assert.deepEqual(submitted?.assessments, []);
});

test('a question not yet answered, or shown wrong, is read from the element list', () => {
  const settled = settledQuestions(listing, (k) => k === questionKey(listing.assessments[0]!));
  assert.equal(controlsWithoutQuestions(pageState([option('f1'), option('f5'), next]), settled), null);
  assert.equal(controlsWithoutQuestions(pageState([option('f1', { invalid: true }), next]), settled), null);
  assert.equal(controlsWithoutQuestions(pageState([option('f1'), next])), null);
});
