/**
 * SCORM 1.2's side of Node's unrecorded-calls check: our strict 1.2 API keeps what the SCO did through it
 * (elements stored, lifecycle calls that answered "true"), and unrecordedCalls compares that with the
 * record of the attempt. Calls made straight on the engine stand for calls that bypassed the recorder.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRteInit } from '../../src/rte/adapter/index.js';
import { StrictApi12 } from '../../src/rte/strict/index.js';
import type { ApiCallRecord } from '../../src/runtime/records.js';
import { unrecordedCalls } from '../../src/runtime/unrecorded-calls.js';

const at = { scoId: 'two', attempt: 2 };
let index = 0;
function call(method: string, args: string[], result = 'true', scoId = 'two', attempt = 2): ApiCallRecord {
  return {
    index: index++,
    method,
    args,
    result,
    errorCode: result === 'false' ? '301' : '0',
    errorString: '',
    diagnostic: '',
    timestamp: 0,
    source: 'sco',
    scoId,
    attempt,
  };
}

function engineView(api: StrictApi12): {
  set: string[];
  lifecycle: ReturnType<StrictApi12['lifecycleSuccesses']>;
} {
  return { set: [...api.setByContent()], lifecycle: api.lifecycleSuccesses() };
}

test('SCORM 1.2: the strict API keeps the elements stored and the lifecycle calls that answered true', () => {
  const api = new StrictApi12(buildRteInit({ version: '1.2', scoId: 'two' }));
  assert.equal(api.LMSSetValue('cmi.core.lesson_status', 'passed'), 'false', 'before LMSInitialize');
  assert.equal(api.LMSCommit(''), 'false');
  assert.equal(api.LMSInitialize(''), 'true');
  assert.equal(api.LMSInitialize(''), 'false', 'a second LMSInitialize');
  assert.equal(api.LMSSetValue('cmi.core.lesson_status', 'passed'), 'true');
  assert.equal(api.LMSSetValue('cmi.core.score.raw', '100'), 'true');
  assert.equal(api.LMSSetValue('cmi.core.score.raw', 'lots'), 'false', 'an invalid value is not stored');
  assert.equal(api.LMSSetValue('cmi.core.student_id', 'x'), 'false', 'read-only');
  assert.equal(api.LMSSetValue('cmi.core.session_time', '00:00:05'), 'true');
  assert.equal(api.LMSCommit(''), 'true');
  assert.equal(api.LMSCommit(''), 'true');
  assert.equal(api.LMSFinish(''), 'true');
  assert.equal(api.LMSCommit(''), 'false', 'after LMSFinish');
  assert.deepEqual([...api.setByContent()].sort(), [
    'cmi.core.lesson_status',
    'cmi.core.score.raw',
    'cmi.core.session_time',
  ]);
  assert.deepEqual(api.lifecycleSuccesses(), { Initialize: 1, Commit: 2, Terminate: 1 });
});

test('SCORM 1.2: a record that holds every call, whatever each answered, leaves nothing missing', () => {
  const api = new StrictApi12(buildRteInit({ version: '1.2', scoId: 'two' }));
  api.LMSInitialize('');
  api.LMSSetValue('cmi.core.lesson_status', 'passed');
  api.LMSCommit('');
  api.LMSFinish('');
  const calls = [
    call('LMSInitialize', ['']),
    call('LMSSetValue', ['cmi.core.lesson_status', 'passed']),
    call('LMSCommit', ['']),
    call('LMSCommit', [''], 'false'),
    call('LMSFinish', ['']),
  ];
  assert.deepEqual(unrecordedCalls(engineView(api), calls, at, '1.2'), []);
});

test('SCORM 1.2: calls that reached the engine without a record of this SCO and attempt are missing', () => {
  const api = new StrictApi12(buildRteInit({ version: '1.2', scoId: 'two' }));
  api.LMSInitialize('');
  api.LMSSetValue('cmi.core.lesson_status', 'passed');
  api.LMSSetValue('cmi.core.score.raw', '100');
  api.LMSCommit('');
  api.LMSCommit('');
  // The record has the first SCO's calls and only part of this one's.
  const calls = [
    call('LMSInitialize', [''], 'true', 'one', 1),
    call('LMSSetValue', ['cmi.core.score.raw', '100'], 'true', 'one', 1),
    call('LMSCommit', [''], 'true', 'one', 1),
    call('LMSSetValue', ['cmi.core.lesson_status', 'passed']),
    call('LMSCommit', ['']),
  ];
  assert.deepEqual(unrecordedCalls(engineView(api), calls, at, '1.2'), [
    'cmi.core.score.raw',
    'LMSInitialize (1 answered true, 0 recorded)',
    'LMSCommit (2 answered true, 1 recorded)',
  ]);
});

test('SCORM 2004 engines give no lifecycle counts: only the elements are compared', () => {
  assert.deepEqual(
    unrecordedCalls({ set: ['cmi.location'], lifecycle: null }, [call('Initialize', [''])], at, '2004'),
    ['cmi.location'],
  );
});
