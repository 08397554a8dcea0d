/** SCORM 1.2: the LMS's own change of cmi.core.lesson_status at LMSFinish (mastery score, browse) is explained. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord, DataChange, RecordedValue } from '../../src/runtime/records.js';

function calls(sets: Array<[string, string]>): ApiCallRecord[] {
  const steps: Array<[string, RecordedValue[]]> = [
    ['LMSInitialize', ['']],
    ...sets.map(([el, v]): [string, RecordedValue[]] => ['LMSSetValue', [el, v]]),
    ['LMSSetValue', ['cmi.core.session_time', '00:00:05']],
    ['LMSSetValue', ['cmi.core.exit', '']],
    ['LMSCommit', ['']],
    ['LMSFinish', ['']],
  ];
  return steps.map(([method, args], index) => ({
    index,
    method,
    args,
    result: 'true',
    errorCode: '0',
    errorString: '',
    diagnostic: '',
    timestamp: 1000 + index,
    scoId: 'lesson',
    attempt: 1,
    source: 'sco',
  }));
}

function lmsChange(previousValue: string, newValue: string): DataChange {
  return {
    element: 'cmi.core.lesson_status',
    previousValue,
    newValue,
    source: 'internal',
    timestamp: 2000,
    scoId: 'lesson',
    attempt: 1,
    previousValueTruncated: false,
    newValueTruncated: false,
  };
}

const SCORED: Array<[string, string]> = [
  ['cmi.core.score.raw', '60'],
  ['cmi.core.score.min', '0'],
  ['cmi.core.score.max', '100'],
];

test('"passed" turned into "failed" by the mastery score: a warning naming status, raw score, mastery score and calls', () => {
  const found = detectAnomalies({
    version: '1.2',
    calls: calls([...SCORED, ['cmi.core.lesson_status', 'passed']]),
    changes: [lmsChange('passed', 'failed')],
    dataModel: { 'cmi.student_data.mastery_score': '80', 'cmi.core.lesson_status': 'failed' },
  });
  assert.deepEqual(
    found.map((a) => [a.type, a.severity, a.call_index, a.element, a.sco_id, a.attempt]),
    [['status_overridden_by_lms', 'warning', 4, 'cmi.core.lesson_status', 'lesson', 1]],
  );
  const m = found[0]!.message;
  assert.match(
    m,
    /At LMSFinish\(""\) \(call #8\), the LMS changed cmi\.core\.lesson_status from "passed" \(set by call #4\) to "failed"/,
  );
  assert.match(m, /cmi\.core\.score\.raw is "60" \(call #1\) and the mastery score is "80"/);
  assert.match(found[0]!.fix, /cmi\.student_data\.mastery_score/);
});

test('"completed" made "passed" by the mastery score is info; browse mode is info too', () => {
  const completed = detectAnomalies({
    version: '1.2',
    calls: calls([...SCORED, ['cmi.core.lesson_status', 'completed']]),
    changes: [lmsChange('completed', 'passed')],
    dataModel: { 'cmi.student_data.mastery_score': '50' },
  });
  assert.deepEqual(
    completed.map((a) => [a.type, a.severity]),
    [['status_overridden_by_lms', 'info']],
  );
  const browsed = detectAnomalies({
    version: '1.2',
    calls: calls([['cmi.core.lesson_location', 'p1']]),
    changes: [lmsChange('not attempted', 'browsed')],
  });
  assert.deepEqual(
    browsed.map((a) => [a.type, a.severity]),
    [
      ['status_never_reported', 'warning'],
      ['status_overridden_by_lms', 'info'],
    ],
  );
  assert.match(browsed[1]!.message, /browse mode/);
});

test('no LMS change, or a change the integrity check reported, says nothing', () => {
  const sets: Array<[string, string]> = [...SCORED, ['cmi.core.lesson_status', 'passed']];
  assert.deepEqual(detectAnomalies({ version: '1.2', calls: calls(sets), changes: [] }), []);
  const integrity = [
    {
      kind: 'record_engine_mismatch' as const,
      detail: '',
      element: 'cmi.core.lesson_status',
      scoId: 'lesson',
      attempt: 1,
      timestamp: 1,
    },
  ];
  const found = detectAnomalies({
    version: '1.2',
    calls: calls(sets),
    changes: [lmsChange('passed', 'failed')],
    integrity,
  });
  assert.deepEqual(
    found.map((a) => a.type),
    ['record_engine_mismatch'],
  );
});
