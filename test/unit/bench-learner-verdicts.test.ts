import assert from 'node:assert/strict';
import { test } from 'node:test';
import { verdictOf } from '../../bench/learner-verdicts.js';

test("a dialog's words say whether the answer was right (lectora-1's alerts), or nothing", () => {
  assert.equal(verdictOf('You answered the question incorrectly.'), 'wrong');
  assert.equal(verdictOf('Correct'), 'right');
  assert.equal(verdictOf('That is not quite right, try again'), 'wrong');
  assert.equal(verdictOf('Well done!'), 'right');
  assert.equal(verdictOf('Wrong answer'), 'wrong');
  assert.equal(verdictOf('Your results were sent'), null);
});
