/** A session that ends (LMSFinish / Terminate) without the SCO ever reporting completion is named, once. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord, RecordedValue } from '../../src/runtime/records.js';

function record(steps: Array<[string, RecordedValue[], RecordedValue?]>): ApiCallRecord[] {
  return steps.map(([method, args, result], index) => ({
    index,
    method,
    args,
    result: result ?? 'true',
    errorCode: '0',
    errorString: '',
    diagnostic: '',
    timestamp: 1000 + index,
    scoId: 'lesson',
    attempt: 1,
    source: 'sco',
  }));
}

function run12(status: string | null, end = true): ApiCallRecord[] {
  return record([
    ['LMSInitialize', ['']],
    ['LMSGetValue', ['cmi.core.lesson_status'], 'not attempted'],
    ...(status === null
      ? []
      : [['LMSSetValue', ['cmi.core.lesson_status', status]] as [string, RecordedValue[]]]),
    ['LMSSetValue', ['cmi.core.session_time', '0000:04:26.18']],
    ['LMSSetValue', ['cmi.core.exit', 'suspend']],
    ['LMSCommit', ['']],
    ...(end ? [['LMSFinish', ['']] as [string, RecordedValue[]]] : []),
  ]);
}

const of = (version: '1.2' | '2004', calls: ApiCallRecord[], ended = true) =>
  detectAnomalies({ version, calls, ended }).filter((a) => a.type === 'finished_without_completion');

test('1.2: LMSFinish with lesson_status "incomplete" is one warning naming the status and the LMSFinish call', () => {
  const found = of('1.2', run12('incomplete'));
  assert.equal(found.length, 1);
  const a = found[0]!;
  assert.equal(a.severity, 'warning');
  assert.equal(a.call_index, 6);
  assert.equal(a.sco_id, 'lesson');
  assert.match(a.message, /cmi\.core\.lesson_status "incomplete"/);
  assert.match(a.message, /call #6/);
  assert.match(a.message, /never reported completion/);
  assert.match(a.message, /left mid-course/);
});

test('1.2: no false positive when the SCO reported completed, passed or failed before LMSFinish', () => {
  for (const s of ['completed', 'passed', 'failed']) assert.deepEqual(of('1.2', run12(s)), [], s);
});

test('1.2: a session still running, or a status never reported (status_never_reported), gets none', () => {
  assert.deepEqual(of('1.2', run12('incomplete', false), false), []);
  assert.deepEqual(of('1.2', run12(null)), []);
});

test('2004: Terminate with completion_status "incomplete" is named; "completed" or a scaled score is not', () => {
  const steps = (extra: Array<[string, RecordedValue[]]>): ApiCallRecord[] =>
    record([
      ['Initialize', ['']],
      ['SetValue', ['cmi.completion_status', 'incomplete']],
      ...extra,
      ['SetValue', ['cmi.exit', 'suspend']],
      ['Terminate', ['']],
    ]);
  const found = of('2004', steps([]));
  assert.equal(found.length, 1);
  const a = found[0]!;
  assert.match(a.message, /cmi\.completion_status "incomplete"/);
  assert.match(JSON.stringify(a.course_text), /Terminate/);
  assert.deepEqual(of('2004', steps([['SetValue', ['cmi.completion_status', 'completed']]])), []);
  assert.deepEqual(of('2004', steps([['SetValue', ['cmi.score.scaled', '0.9']]])), []);
});
