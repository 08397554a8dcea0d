/** SetValues the engine refused for what the course sent: reported checked or not, once, with the call. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord, RecordedValue } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

type Step = [
  method: string,
  args: RecordedValue[],
  result: RecordedValue,
  errorCode: string,
  errorString?: string,
];

function calls(steps: Step[], scoId = 'sco1'): ApiCallRecord[] {
  return steps.map(([method, args, result, errorCode, errorString], index) => ({
    index,
    method,
    args,
    result,
    errorCode,
    errorString: errorString ?? '',
    diagnostic: '',
    timestamp: 1000 + index,
    scoId,
    attempt: 1,
    source: 'sco',
  }));
}

const END_2004: Step[] = [
  ['SetValue', ['cmi.completion_status', 'completed'], 'true', '0'],
  ['SetValue', ['cmi.session_time', 'PT5S'], 'true', '0'],
  ['SetValue', ['cmi.exit', 'normal'], 'true', '0'],
  ['Commit', [''], 'true', '0'],
  ['Terminate', [''], 'true', '0'],
];
const END_12: Step[] = [
  ['LMSSetValue', ['cmi.core.lesson_status', 'completed'], 'true', '0'],
  ['LMSSetValue', ['cmi.core.session_time', '00:00:05'], 'true', '0'],
  ['LMSSetValue', ['cmi.core.exit', ''], 'true', '0'],
  ['LMSCommit', [''], 'true', '0'],
  ['LMSFinish', [''], 'true', '0'],
];

test('2004: a value out of range is an error even when the SCO called GetLastError, and not also "unchecked"', () => {
  const steps: Step[] = [
    ['Initialize', [''], 'true', '0'],
    ['SetValue', ['cmi.score.scaled', '50'], 'false', '407', 'Data Model Element Value Out Of Range'],
    ['GetLastError', [], '407', '0'],
    ['SetValue', ['cmi.success_status', 'won'], 'false', '406', 'Data Model Element Type Mismatch'],
    ...END_2004,
  ];
  const found = detectAnomalies({ version: '2004', calls: calls(steps) });
  assert.deepEqual(
    found.map((a) => [a.type, a.severity, a.call_index, a.element]),
    [
      ['set_value_rejected', 'error', 1, 'cmi.score.scaled'],
      ['set_value_rejected', 'error', 3, 'cmi.success_status'],
    ],
  );
  const [scaled, status] = found;
  assert.match(
    scaled!.message,
    /^Call #1 \(`course_text.call`\) \(attempt 1 of the SCO in sco_id\) was rejected with error 407 \(Data Model Element Value Out Of Range\)/,
  );
  assert.equal(courseTextOf(scaled!, 'call'), 'SetValue("cmi.score.scaled", "50")');
  assert.equal(scaled!.sco_id, 'sco1');
  assert.doesNotMatch(scaled!.message, /did not call GetLastError/);
  assert.match(scaled!.fix, /cmi\.score\.scaled/);
  assert.match(status!.message, /did not call GetLastError/);
});

test('2004: read-only, unknown and dependency refusals name the call; repeats are counted', () => {
  const steps: Step[] = [
    ['Initialize', [''], 'true', '0'],
    ['SetValue', ['cmi.credit', 'credit'], 'false', '404'],
    ['SetValue', ['cmi.core.lesson_status', 'completed'], 'false', '401'],
    ['SetValue', ['cmi.core.lesson_status', 'passed'], 'false', '401'],
    ['SetValue', ['cmi.interactions.0.type', 'choice'], 'false', '408'],
    ...END_2004,
  ];
  const found = detectAnomalies({ version: '2004', calls: calls(steps) });
  assert.deepEqual(
    found.map((a) => [a.type, a.severity, a.call_index, a.element, a.count]),
    [
      ['set_value_rejected', 'error', 1, 'cmi.credit', 1],
      ['set_value_rejected', 'error', 2, 'cmi.core.lesson_status', 2],
      ['set_value_rejected', 'error', 4, 'cmi.interactions.0.type', 1],
    ],
  );
  assert.match(found[1]!.fix, /cmi\.completion_status, not cmi\.core\.lesson_status/);
  assert.match(found[1]!.message, /and 1 similar call/);
});

test('1.2: a 2004 element name (201) and a wrong value (405) are errors; 401 (not implemented) a warning', () => {
  const steps: Step[] = [
    ['LMSInitialize', [''], 'true', '0'],
    ['LMSSetValue', ['cmi.completion_status', 'completed'], 'false', '201', 'Invalid argument error'],
    ['LMSGetLastError', [], '201', '0'],
    ['LMSSetValue', ['cmi.core.score.raw', 'high'], 'false', '405'],
    ['LMSSetValue', ['cmi.student_preference.audio', '1'], 'false', '401'],
    ...END_12,
  ];
  const found = detectAnomalies({ version: '1.2', calls: calls(steps) });
  assert.deepEqual(
    found.map((a) => [a.type, a.severity, a.call_index, a.element]),
    [
      ['set_value_rejected', 'error', 1, 'cmi.completion_status'],
      ['set_value_rejected', 'error', 3, 'cmi.core.score.raw'],
      ['set_value_rejected', 'warning', 4, 'cmi.student_preference.audio'],
    ],
  );
  assert.match(found[0]!.message, /not an element of the SCORM 1\.2 data model/);
  assert.match(found[0]!.fix, /cmi\.core\.lesson_status, not cmi\.completion_status/);
});

test('refusals that are not the course`s mistake or lie outside the session are left to the other rules', () => {
  const steps: Step[] = [
    ['SetValue', ['cmi.location', 'x'], 'false', '132'],
    ['Initialize', [''], 'true', '0'],
    ['SetValue', ['cmi.location', 'x'], 'false', '101'],
    ...END_2004,
  ];
  const found = detectAnomalies({ version: '2004', calls: calls(steps) });
  assert.deepEqual(found.map((a) => a.type).sort(), ['call_before_initialize', 'unchecked_api_error']);
});
