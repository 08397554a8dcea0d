import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateState, valueMatches } from '../../src/runtime/data-model/index.js';
import type { ApiCallRecord, DataChange, RecordedValue } from '../../src/runtime/records.js';

let nextIndex = 0;
function call(
  method: string,
  args: RecordedValue[],
  result: string,
  errorCode = '0',
  errorString = 'No Error',
): ApiCallRecord {
  return {
    index: nextIndex++,
    method,
    args,
    result,
    errorCode,
    errorString,
    diagnostic: errorString,
    timestamp: 1000 + nextIndex,
    scoId: 'sco',
    attempt: 1,
    source: 'sco',
  };
}
function change(
  element: string,
  newValue: string,
  source: DataChange['source'] = 'api:SetValue',
): DataChange {
  return {
    element,
    previousValue: '',
    newValue,
    source,
    timestamp: 1000,
    scoId: 'sco',
    attempt: 1,
    previousValueTruncated: false,
    newValueTruncated: false,
  };
}

test('valueMatches: strings exact, numbers numeric, booleans as text, null as no value', () => {
  assert.ok(valueMatches('completed', 'completed'));
  assert.ok(!valueMatches('completed', 'Completed'));
  assert.ok(valueMatches(85, '85.0'));
  assert.ok(!valueMatches(0, ''));
  assert.ok(valueMatches(true, 'true'));
  assert.ok(valueMatches(null, ''));
  assert.ok(valueMatches(null, null));
  assert.ok(!valueMatches(null, 'x'));
});

test('validateState: matches and each kind of mismatch with its hint', () => {
  const calls = [
    call('Initialize', [''], 'true'),
    call('SetValue', ['cmi.location', 'p3'], 'true'),
    call(
      'SetValue',
      ['cmi.score.scaled', { $type: 'number', value: 'NaN' }],
      'false',
      '406',
      'Data Model Element Type Mismatch',
    ),
    call('SetValue', ['cmi.completion_status', 'incomplete'], 'true'),
  ];
  const changes = [
    change('cmi.location', 'p3'),
    change('cmi.completion_status', 'incomplete'),
    change('cmi.total_time', 'PT1S', 'internal'),
  ];
  const snapshot = {
    'cmi.location': 'p3',
    'cmi.completion_status': 'incomplete',
    'cmi.score.scaled': '',
    'cmi.success_status': 'unknown',
    'cmi.suspend_data': '',
    'cmi.total_time': 'PT1S',
    'cmi.learner_id': 'learner-1',
    'cmi.interactions._count': '0',
  };
  const result = validateState({
    version: '2004',
    snapshot,
    calls,
    changes,
    expected: {
      'cmi.location': 'p3',
      'cmi.completion_status': 'completed',
      'cmi.score.scaled': 0.8,
      'cmi.success_status': 'passed',
      'cmi.suspend_data': null,
      'cmi.learner_id': 'someone',
      'cmi.interactions.0.id': 'q1',
      'cmi.core.lesson_status': 'passed',
      'cmi.total_time': 'PT2S',
    },
  });
  assert.equal(result.valid, false);
  assert.equal(result.total_elements, 9);
  assert.deepEqual(result.matched_elements, ['cmi.location', 'cmi.suspend_data']);
  assert.equal(result.matches, 2);
  const by = Object.fromEntries(result.issues.map((i) => [i.element, i]));

  assert.equal(by['cmi.completion_status']?.reason, 'different_value');
  assert.match(
    by['cmi.completion_status']!.hint,
    /Last set by SetValue \(call #\d+\) \(to the value in `actual`\)/,
  );
  assert.doesNotMatch(
    by['cmi.completion_status']!.hint,
    /incomplete/,
    'the stored value is not quoted in the hint',
  );
  assert.equal(by['cmi.completion_status']?.actual, 'incomplete');

  assert.equal(by['cmi.score.scaled']?.reason, 'rejected');
  assert.match(by['cmi.score.scaled']!.hint, /rejected with error 406/);
  assert.match(by['cmi.score.scaled']!.hint, /its value in `last_set_call.value`/);
  assert.match(String(by['cmi.score.scaled']?.last_set_call?.value), /NaN/);
  assert.equal(by['cmi.score.scaled']?.last_set_call?.error_code, '406');

  assert.equal(by['cmi.success_status']?.reason, 'never_set');
  assert.match(by['cmi.success_status']!.hint, /Element was never set - check if SetValue was called/);
  assert.match(by['cmi.success_status']!.hint, /initial value, in `actual`/);
  assert.equal(by['cmi.success_status']?.actual, 'unknown');

  assert.equal(by['cmi.learner_id']?.reason, 'never_set');
  assert.match(by['cmi.learner_id']!.hint, /read-only/);

  assert.equal(by['cmi.interactions.0.id']?.reason, 'missing');
  assert.match(by['cmi.interactions.0.id']!.hint, /_count is 0/);
  assert.equal(by['cmi.interactions.0.id']?.actual, null);

  assert.equal(by['cmi.core.lesson_status']?.reason, 'unknown_element');
  assert.match(by['cmi.core.lesson_status']!.hint, /SCORM 1\.2 element/);

  assert.match(by['cmi.total_time']!.hint, /run-time itself/);
});

test('validateState: a course that never initialized is told so; SCORM 1.2 names the 1.2 method', () => {
  const result = validateState({
    version: '1.2',
    snapshot: { 'cmi.core.lesson_status': 'not attempted' },
    calls: [],
    changes: [],
    expected: { 'cmi.core.lesson_status': 'completed' },
  });
  assert.equal(result.valid, false);
  assert.match(result.issues[0]!.hint, /never called LMSInitialize/);
  assert.match(result.issues[0]!.hint, /LMSSetValue/);
});

test('validateState: all matching is valid', () => {
  const result = validateState({
    version: '2004',
    snapshot: { 'cmi.score.raw': '80' },
    calls: [],
    changes: [],
    expected: { 'cmi.score.raw': 80, 'cmi._version': '1.0' },
  });
  assert.deepEqual(result, {
    valid: true,
    total_elements: 2,
    matches: 2,
    issues: [],
    matched_elements: ['cmi.score.raw', 'cmi._version'],
  });
});
