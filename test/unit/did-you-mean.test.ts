import { test } from 'node:test';
import assert from 'node:assert/strict';
import { didYouMean, editDistance } from '../../src/core/did-you-mean.js';

test('editDistance counts insertions, deletions and substitutions', () => {
  assert.equal(editDistance('res_c03', 'res_c3'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
});

test('didYouMean: case first, then few edits, a preferred candidate among equals, nothing unrelated', () => {
  assert.equal(didYouMean('preconditionRule', ['preConditionRule', 'exitConditionRule']), 'preConditionRule');
  assert.equal(didYouMean('res_c03', ['res_pretest', 'res_c1', 'res_c2', 'res_c3']), 'res_c3');
  assert.equal(didYouMean('res_c4', ['res_c1', 'res_c2']), 'res_c1', 'the first of equally near ones');
  assert.equal(
    didYouMean('res_c4', ['res_c1', 'res_c2'], { preferred: new Set(['res_c2']) }),
    'res_c2',
    'a resource no item uses wins among equally near ones',
  );
  assert.equal(didYouMean('incorect', ['correct', 'incorrect', 'neutral']), 'incorrect');
  assert.equal(didYouMean('banana', ['correct', 'incorrect']), undefined);
  assert.equal(didYouMean('ab', ['xy']), undefined, 'a short word allows one edit only');
  assert.equal(didYouMean('x'.repeat(300), ['x'.repeat(299)]), undefined, 'long values are no names');
});
