/** unrecordedSets: what the engine says the SCO set, against the recorded SetValues of the same attempt. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unrecordedSets } from '../../src/runtime/unrecorded-sets.js';
import type { ApiCallRecord } from '../../src/runtime/records.js';

let index = 0;
function setValue(element: unknown, scoId = 'two', attempt = 3, result = 'true'): ApiCallRecord {
  return {
    index: index++,
    method: 'SetValue',
    args: [element as ApiCallRecord['args'][number], 'x'],
    result,
    errorCode: result === 'true' ? '0' : '406',
    errorString: '',
    diagnostic: '',
    timestamp: 0,
    source: 'sco',
    scoId,
    attempt,
  };
}
const at = { scoId: 'two', attempt: 3 };

test('every element the engine holds as set by the SCO is in a recorded SetValue: nothing missing', () => {
  const calls = [setValue('cmi.success_status'), setValue('cmi.score.scaled', 'two', 3, 'false')];
  assert.deepEqual(unrecordedSets(['cmi.success_status', 'cmi.score.scaled'], calls, at), []);
});

test('an element set without a recorded call, or recorded for another SCO or attempt, is missing', () => {
  const calls = [setValue('cmi.success_status', 'one', 2), setValue('cmi.location', 'two', 2)];
  assert.deepEqual(unrecordedSets(['cmi.success_status', 'cmi.location', 'cmi.exit'], calls, at), [
    'cmi.exit',
    'cmi.location',
    'cmi.success_status',
  ]);
});

test('a SetValue whose element was not a string: nothing is claimed', () => {
  const calls = [setValue({ $type: 'object', json: '{}', string: 'cmi.location', className: 'Object' })];
  assert.deepEqual(unrecordedSets(['cmi.location', 'cmi.exit'], calls, at), []);
});
