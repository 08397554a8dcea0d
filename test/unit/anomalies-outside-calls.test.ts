/** call_from_outside_sco: calls the player marked as coming from outside the SCO's frame, and only those. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

let index = 0;
function rec(method: string, args: string[], extra: Partial<ApiCallRecord> = {}): ApiCallRecord {
  return {
    index: index++,
    method,
    args,
    result: method === 'GetValue' ? '' : 'true',
    errorCode: '0',
    errorString: '',
    diagnostic: '',
    timestamp: index,
    scoId: 'two',
    attempt: 1,
    source: 'sco',
    ...extra,
  };
}

function session(middle: ApiCallRecord[]): ApiCallRecord[] {
  index = 0;
  return [
    rec('Initialize', ['']),
    rec('SetValue', ['cmi.session_time', 'PT1S']),
    ...middle,
    rec('Commit', ['']),
    rec('Terminate', ['']),
  ];
}

test('calls from outside the SCO frame are one error anomaly naming the first call, its element, the SCO and attempt', () => {
  index = 0;
  const calls = [
    rec('Initialize', [''], { caller: 'unknown' }),
    rec('SetValue', ['cmi.success_status', 'failed']),
    rec('SetValue', ['cmi.success_status', 'passed'], { caller: 'outside_sco' }),
    rec('Commit', [''], { caller: 'outside_sco' }),
    rec('SetValue', ['cmi.session_time', 'PT1S']),
    rec('Terminate', ['']),
  ];
  const found = detectAnomalies({ version: '2004', calls }).filter((a) => a.type === 'call_from_outside_sco');
  assert.equal(found.length, 1);
  const [a] = found;
  assert.equal(a?.severity, 'error');
  assert.equal(a?.call_index, 2);
  assert.equal(a?.count, 2);
  assert.equal(a?.element, 'cmi.success_status');
  assert.equal(a?.sco_id, 'two');
  assert.equal(a?.attempt, 1);
  assert.match(String(a?.message), /2 calls \(SetValue, Commit\)/);
  assert.match(String(a?.message), /RTE 3\.1/);
  assert.equal(courseTextOf(a, 'call'), 'SetValue("cmi.success_status", "passed")');
});

test('calls of the SCO, of unknown callers and of tools raise no call_from_outside_sco', () => {
  const calls = session([
    rec('SetValue', ['cmi.location', 'a'], { caller: 'unknown' }),
    rec('SetValue', ['cmi.location', 'b'], { source: 'tool' }),
    rec('SetValue', ['cmi.location', 'c']),
  ]);
  const types = detectAnomalies({ version: '2004', calls }).map((a) => a.type);
  assert.ok(!types.includes('call_from_outside_sco'), types.join(', '));
});

test('an outside call before Initialize is not blamed on the SCO as call_before_initialize', () => {
  index = 0;
  const calls = [
    rec('GetValue', ['cmi.location'], { caller: 'outside_sco', result: '', errorCode: '122' }),
    rec('Initialize', ['']),
    rec('SetValue', ['cmi.session_time', 'PT1S']),
    rec('Terminate', ['']),
  ];
  const types = detectAnomalies({ version: '2004', calls }).map((a) => a.type);
  assert.ok(types.includes('call_from_outside_sco'));
  assert.ok(!types.includes('call_before_initialize'), types.join(', '));
});
