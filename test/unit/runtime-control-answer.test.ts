/** Decoding the player control object's answers and its tamper reports; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlAnswer, tamperedDetail } from '../../src/runtime/control-answer.js';

test('an answer is JSON text; anything else (no value, a non-string) is undefined', () => {
  assert.deepEqual(controlAnswer({ result: { value: '{"from":3,"to":4}' } }), { from: 3, to: 4 });
  assert.equal(controlAnswer({ result: { value: '7' } }), 7);
  assert.equal(controlAnswer({ result: {} }), undefined);
  assert.equal(controlAnswer({ result: { value: 7 } }), undefined);
});

test("a call that threw gives an Error with the exception's description, else the details' text", () => {
  assert.throws(
    () =>
      controlAnswer({
        result: {},
        exceptionDetails: { text: 'Uncaught', exception: { description: 'TypeError: boom' } },
      }),
    { message: 'TypeError: boom' },
  );
  assert.throws(() => controlAnswer({ result: {}, exceptionDetails: { text: 'Uncaught' } }), {
    message: 'Uncaught',
  });
});

test('a tamper report names what was changed, cut at 300 characters; anything else keeps the general reason', () => {
  assert.equal(tamperedDetail(JSON.stringify('Array.prototype.push')), 'Array.prototype.push');
  assert.equal(tamperedDetail(JSON.stringify('x'.repeat(400))).length, 300);
  assert.equal(tamperedDetail('not json'), 'its realm');
  assert.equal(tamperedDetail('{"a":1}'), 'its realm');
});
