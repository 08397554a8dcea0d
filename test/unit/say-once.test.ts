import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sayRepeatsOnce } from '../../src/output/say-once.js';
import { resolveSameAs } from '../helpers/same-as.js';

const long = (c: string): string => c.repeat(300);

test('a long course value repeated in value fields is said once, later copies name the first by path', () => {
  const answer = {
    changes: {
      api_calls: [
        { method: 'GetValue', args: ['cmi.suspend_data'], result: long('a') },
        { method: 'SetValue', args: ['cmi.suspend_data', long('b')], result: 'true' },
      ],
      data_model_changes: [{ element: 'cmi.suspend_data', from: long('a'), to: long('b') }],
    },
  };
  const said = sayRepeatsOnce(answer);
  assert.deepEqual(said.changes.data_model_changes[0], {
    element: 'cmi.suspend_data',
    from: { $same_as: 'changes.api_calls[0].result' },
    to: { $same_as: 'changes.api_calls[1].args[1]' },
  });
  assert.deepEqual(resolveSameAs(said), answer);
});

test('short values, fields that are not course values, and data-model names with dots', () => {
  const answer = {
    note: long('n'),
    other: long('n'),
    data_model: { 'cmi.suspend_data': long('s'), 'cmi.location': 'short' },
    calls: [{ args: ['cmi.location', 'short'] }, { args: ['cmi.x', long('s')] }],
  };
  const said = sayRepeatsOnce(answer);
  assert.equal(said.other, long('n'));
  assert.equal(said.calls[0]!.args[1], 'short');
  assert.deepEqual(said.calls[1]!.args[1], { $same_as: 'data_model["cmi.suspend_data"]' });
  assert.deepEqual(resolveSameAs(said), answer);
});
