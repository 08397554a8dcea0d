/** Replaying API call sequences and method checks of the runtime tools (with a fake engine). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScormTesterError, ScormTesterError } from '../../src/core/errors.js';
import { checkAnyMethod, replayCalls, resolveMethod } from '../../src/app/replay.js';
import { isFailedCall } from '../../src/runtime/data-model/index.js';
import type { ApiCallRecord } from '../../src/runtime/records.js';

function fakeEngine(): { exec: (method: string, args: unknown[]) => Promise<ApiCallRecord>; seen: string[] } {
  const seen: string[] = [];
  let index = 0;
  let lastError = '0';
  const exec = async (method: string, args: unknown[]): Promise<ApiCallRecord> => {
    seen.push(method);
    let result = 'true';
    if (method === 'SetValue' && args[0] === 'cmi.bad') {
      result = 'false';
      lastError = '401';
    } else if (method === 'GetLastError') {
      result = lastError;
    } else if (method === 'Commit' && args[0] === 'throw') {
      throw new ScormTesterError('SCORM_API_ERROR', 'The run-time engine threw during Commit: boom');
    } else {
      lastError = '0';
    }
    return {
      index: index++,
      method,
      args: args as ApiCallRecord['args'],
      result,
      errorCode: lastError,
      errorString: lastError === '0' ? 'No Error' : 'Undefined Data Model Element',
      diagnostic: '',
      timestamp: 0,
      scoId: 's',
      attempt: 1,
      source: 'tool',
    };
  };
  return { exec, seen };
}

test('resolveMethod: either version accepted, unknown names list the valid ones', () => {
  assert.equal(resolveMethod('1.2', 'GetValue'), 'LMSGetValue');
  assert.equal(resolveMethod('1.2', 'Terminate'), 'LMSFinish');
  assert.equal(resolveMethod('2004', 'LMSFinish'), 'Terminate');
  assert.throws(
    () => resolveMethod('2004', 'GetValues'),
    (e) => isScormTesterError(e) && e.code === 'INVALID_SCORM_METHOD' && /GetValue, SetValue/.test(e.message),
  );
  assert.doesNotThrow(() => checkAnyMethod('LMSCommit'));
  assert.throws(
    () => checkAnyMethod('commit'),
    (e) => isScormTesterError(e) && e.code === 'INVALID_SCORM_METHOD',
  );
});

test('replayCalls: stops at the first failing call and says which', async () => {
  const engine = fakeEngine();
  const out = await replayCalls(
    '2004',
    [
      { method: 'Initialize', args: [''] },
      { method: 'SetValue', args: ['cmi.bad', 'x'] },
      { method: 'GetLastError' },
      { method: 'Commit', args: [''] },
    ],
    engine.exec,
  );
  assert.equal(out.success, false);
  assert.equal(out.total_calls, 4);
  assert.equal(out.executed_calls, 2);
  assert.equal(out.failed_at_index, 1);
  assert.equal(out.error?.error_code, '401');
  assert.deepEqual(engine.seen, ['Initialize', 'SetValue']);
});

test('replayCalls: stop_on_error=false runs all; error queries never count as failures', async () => {
  const engine = fakeEngine();
  const out = await replayCalls(
    '2004',
    [
      { method: 'SetValue', args: ['cmi.bad', 'x'] },
      { method: 'GetLastError' },
      { method: 'Commit', args: ['throw'] },
    ],
    engine.exec,
    false,
  );
  assert.equal(out.executed_calls, 3);
  assert.equal(out.failed_at_index, 0);
  assert.equal(out.results[1]?.success, true);
  assert.equal(out.results[1]?.result, '401');
  assert.equal(out.results[2]?.success, false);
  assert.match(out.results[2]?.exception ?? '', /boom/);
});

test('replayCalls: an unknown method anywhere fails before anything runs', async () => {
  const engine = fakeEngine();
  await assert.rejects(
    replayCalls('1.2', [{ method: 'LMSInitialize', args: [''] }, { method: 'Finish' }], engine.exec),
    (e) => isScormTesterError(e) && e.code === 'INVALID_SCORM_METHOD' && /calls\[1\]/.test(e.message),
  );
  assert.deepEqual(engine.seen, []);
});

test('isFailedCall: "false" or a non-zero code', () => {
  const base = {
    index: 0,
    args: [],
    errorString: '',
    diagnostic: '',
    timestamp: 0,
    scoId: '',
    attempt: 1,
    source: 'sco' as const,
  };
  assert.equal(isFailedCall({ ...base, method: 'GetValue', result: '', errorCode: '0' }), false);
  assert.equal(isFailedCall({ ...base, method: 'GetValue', result: '', errorCode: '403' }), true);
  assert.equal(isFailedCall({ ...base, method: 'Commit', result: 'false', errorCode: '0' }), true);
  assert.equal(isFailedCall({ ...base, method: 'LMSGetLastError', result: '401', errorCode: '401' }), false);
});
