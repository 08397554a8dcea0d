import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectAnomalies, type Anomaly } from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord, RecordedValue } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

type Step = [method: string, args?: RecordedValue[], result?: RecordedValue, errorCode?: string];

/** Synthetic call records; method names are given in 2004 form and renamed for 1.2. */
function calls(version: '1.2' | '2004', steps: Step[]): ApiCallRecord[] {
  return steps.map(([method, args, result, errorCode], index) => ({
    index,
    method: version === '2004' ? method : method === 'Terminate' ? 'LMSFinish' : `LMS${method}`,
    args: args ?? [''],
    result: result ?? (method === 'GetValue' ? '' : 'true'),
    errorCode: errorCode ?? '0',
    errorString: '',
    diagnostic: '',
    timestamp: 1000 + index,
    scoId: 'sco1',
    attempt: 1,
    source: 'sco',
  }));
}

const set = (element: string, value: RecordedValue, result = 'true', code = '0'): Step => [
  'SetValue',
  [element, value],
  result,
  code,
];

/** Initialize, the given body, then a proper ending. */
function session2004(
  body: Step[],
  ending: Step[] = [set('cmi.session_time', 'PT1S'), set('cmi.exit', 'normal'), ['Commit'], ['Terminate']],
): Step[] {
  return [['Initialize'], set('cmi.completion_status', 'completed'), ...body, ...ending];
}
function session12(body: Step[]): Step[] {
  return [
    ['Initialize'],
    set('cmi.core.lesson_status', 'completed'),
    ...body,
    set('cmi.core.session_time', '0000:00:01'),
    set('cmi.core.exit', ''),
    ['Commit'],
    ['Terminate'],
  ];
}

function find(found: Anomaly[], type: string): Anomaly[] {
  return found.filter((a) => a.type === type);
}
function only(found: Anomaly[], type: string): Anomaly {
  const hits = find(found, type);
  assert.equal(hits.length, 1, `expected one ${type} in ${JSON.stringify(found, null, 1)}`);
  return hits[0]!;
}

test("session time, exit and status never set: warnings naming the version's elements", () => {
  const f04 = detectAnomalies({
    version: '2004',
    calls: calls('2004', [['Initialize'], set('cmi.location', 'a'), ['Commit'], ['Terminate']]),
  });
  assert.equal(only(f04, 'session_time_not_set').element, 'cmi.session_time');
  assert.equal(only(f04, 'exit_not_set').element, 'cmi.exit');
  assert.equal(only(f04, 'status_never_reported').severity, 'warning');
  assert.match(only(f04, 'session_time_not_set').fix, /ISO 8601/);
  const f12 = detectAnomalies({
    version: '1.2',
    calls: calls('1.2', [['Initialize'], set('cmi.core.lesson_location', 'a'), ['Commit'], ['Terminate']]),
  });
  assert.equal(only(f12, 'session_time_not_set').element, 'cmi.core.session_time');
  assert.equal(only(f12, 'exit_not_set').element, 'cmi.core.exit');
  assert.match(only(f12, 'status_never_reported').message, /cmi\.core\.lesson_status/);
});

test('a refused SetValue does not count as reporting; success_status alone counts as a status (2004)', () => {
  const steps: Step[] = [
    ['Initialize'],
    set('cmi.success_status', 'passed'),
    set('cmi.session_time', '5 minutes', 'false', '406'),
    ['GetLastError', [], '406', '406'],
    set('cmi.exit', 'normal'),
    ['Commit'],
    ['Terminate'],
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', steps) });
  assert.equal(find(found, 'session_time_not_set').length, 1);
  assert.equal(find(found, 'status_never_reported').length, 0);
});

test('end-of-attempt rules wait while the SCO still runs', () => {
  const found = detectAnomalies({
    version: '2004',
    calls: calls('2004', [['Initialize'], set('cmi.interactions.0.id', 'q1')]),
    ended: false,
  });
  assert.deepEqual(found, []);
});

test('score.raw without min/max is info', () => {
  const found = detectAnomalies({
    version: '2004',
    calls: calls('2004', session2004([set('cmi.score.raw', '80'), set('cmi.score.max', '100')])),
  });
  const a = only(found, 'score_without_range');
  assert.equal(a.severity, 'info');
  assert.match(a.message, /cmi\.score\.min/);
  assert.doesNotMatch(a.message, /cmi\.score\.max/);
  const ok = detectAnomalies({
    version: '1.2',
    calls: calls(
      '1.2',
      session12([
        set('cmi.core.score.raw', '80'),
        set('cmi.core.score.min', '0'),
        set('cmi.core.score.max', '100'),
      ]),
    ),
  });
  assert.deepEqual(ok, []);
});

test('suspend_data over 4,096 (1.2) and 64,000 (2004) characters is an error, accepted or not', () => {
  const long12 = 'x'.repeat(4097);
  const f12 = detectAnomalies({
    version: '1.2',
    calls: calls('1.2', session12([set('cmi.suspend_data', long12)])),
  });
  const a = only(f12, 'suspend_data_too_long');
  assert.equal(a.severity, 'error');
  assert.match(a.message, /4,097 characters.*4,096/);
  assert.match(a.message, /stored it/);
  // The value-space rule does not report it a second time.
  assert.equal(find(f12, 'engine_accepted_invalid_value').length, 0);
  assert.deepEqual(
    detectAnomalies({
      version: '1.2',
      calls: calls('1.2', session12([set('cmi.suspend_data', 'x'.repeat(4096))])),
    }),
    [],
  );

  // Strings over the recorder's limit arrive as a head plus their length.
  const huge: RecordedValue = { $type: 'string', length: 10_485_760, head: 'xxxx', truncated: true };
  const f04 = detectAnomalies({
    version: '2004',
    calls: calls('2004', session2004([set('cmi.suspend_data', huge, 'false', '405')])),
  });
  const b = only(f04, 'suspend_data_too_long');
  assert.match(b.message, /10,485,760 characters.*64,000.*refused it \(error 405\)/);
  assert.deepEqual(
    detectAnomalies({
      version: '2004',
      calls: calls('2004', session2004([set('cmi.suspend_data', 'x'.repeat(64000))])),
    }),
    [],
  );
});

test('interaction records with an id but no type / result / response: one warning per attempt listing them', () => {
  const body: Step[] = [
    set('cmi.interactions.0.id', 'q1'),
    set('cmi.interactions.0.type', 'true-false'),
    set('cmi.interactions.0.learner_response', 'true'),
    set('cmi.interactions.0.result', 'correct'),
    set('cmi.interactions.1.id', 'q2'),
    set('cmi.interactions.1.type', 'choice'),
    set('cmi.interactions.2.id', 'q3'),
  ];
  const a = only(
    detectAnomalies({ version: '2004', calls: calls('2004', session2004(body)) }),
    'incomplete_interaction',
  );
  assert.equal(a.severity, 'warning');
  assert.equal(a.count, 2);
  assert.equal(a.element, 'cmi.interactions.1');
  assert.match(
    a.message,
    /cmi\.interactions\.1 \(no result, learner_response\); cmi\.interactions\.2 \(no type, result, learner_response\)/,
  );
  // The final data model can complete a record (e.g. fields restored from an earlier session).
  const dataModel = {
    'cmi.interactions.1.result': 'incorrect',
    'cmi.interactions.1.learner_response': 'b',
    'cmi.interactions.2.type': '',
  };
  const withModel = only(
    detectAnomalies({ version: '2004', calls: calls('2004', session2004(body)), dataModel }),
    'incomplete_interaction',
  );
  assert.equal(withModel.count, 1);
  // 1.2 calls the response student_response.
  const f12 = detectAnomalies({
    version: '1.2',
    calls: calls(
      '1.2',
      session12([
        set('cmi.interactions.0.id', 'q1'),
        set('cmi.interactions.0.type', 'choice'),
        set('cmi.interactions.0.result', 'correct'),
      ]),
    ),
  });
  assert.match(only(f12, 'incomplete_interaction').message, /no student_response/);
});

test('values the engine accepted but the standard forbids are errors about the course', () => {
  const body: Step[] = [
    set('cmi.score.scaled', '1.5'),
    set('cmi.completion_status', 'done'),
    set('cmi.completion_status', 'finished'),
    set('cmi.interactions.0.id', 'q1'),
    set('cmi.interactions.0.type', 'true-false'),
    set('cmi.interactions.0.learner_response', 'yes'),
    set('cmi.interactions.0.result', 'correct'),
    set('cmi.learner_id', 'me'),
    set('cmi.core.lesson_status', 'passed'),
  ];
  const found = find(
    detectAnomalies({ version: '2004', calls: calls('2004', session2004(body)) }),
    'engine_accepted_invalid_value',
  );
  const byElement = new Map(found.map((a) => [a.element, a]));
  assert.equal(found.length, 5, JSON.stringify(found, null, 1));
  assert.ok(found.every((a) => a.severity === 'error'));
  const scaled = byElement.get('cmi.score.scaled')!;
  assert.match(scaled.message, /engine accepted call #\d+ \(`course_text.call`\).*`course_text.value_check`/);
  assert.equal(courseTextOf(scaled, 'call'), 'SetValue("cmi.score.scaled", "1.5")');
  assert.match(courseTextOf(scaled, 'value_check'), /outside \[-1, 1\]/);
  assert.equal(byElement.get('cmi.completion_status')!.count, 2);
  assert.match(
    courseTextOf(byElement.get('cmi.interactions.0.learner_response')!, 'value_check'),
    /true-false/,
  );
  assert.match(byElement.get('cmi.learner_id')!.message, /cmi\.learner_id is read-only/);
  const unknown = byElement.get('cmi.core.lesson_status')!;
  assert.match(unknown.message, /`course_text.element` is not an element of the SCORM 2004 data model/);
  assert.equal(courseTextOf(unknown, 'element'), 'cmi.core.lesson_status');
});

test('accepted-value checks: refused calls, valid values, coerced numbers and unknown interaction types are left alone', () => {
  const body: Step[] = [
    set('cmi.score.scaled', '7', 'false', '407'),
    ['GetLastError', [], '407', '407'],
    set('cmi.location', 0),
    set('cmi.score.raw', 85.5),
    set('cmi.interactions.0.id', 'q1'),
    set('cmi.interactions.0.learner_response', 'anything'),
    set('cmi.interactions.0.type', 'other'),
    set('cmi.interactions.0.result', 'neutral'),
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', session2004(body)) });
  assert.equal(find(found, 'engine_accepted_invalid_value').length, 0, JSON.stringify(found, null, 1));
  // A number outside the range is still judged by the value it converts to.
  const nan = detectAnomalies({
    version: '2004',
    calls: calls('2004', session2004([set('cmi.score.scaled', { $type: 'number', value: 'NaN' })])),
  });
  assert.equal(
    courseTextOf(only(nan, 'engine_accepted_invalid_value'), 'call'),
    'SetValue("cmi.score.scaled", NaN)',
  );
});

test('SCORM 1.2: a SCO setting "not attempted" or a 2004 element on a lenient engine is reported', () => {
  const found = find(
    detectAnomalies({
      version: '1.2',
      calls: calls(
        '1.2',
        session12([set('cmi.core.lesson_status', 'not attempted'), set('cmi.location', 'p2')]),
      ),
    }),
    'engine_accepted_invalid_value',
  );
  assert.deepEqual(found.map((a) => a.element).sort(), ['cmi.core.lesson_status', 'cmi.location']);
  assert.match(found.find((a) => a.element === 'cmi.location')!.fix, /cmi\.core\.lesson_location/);
  assert.match(courseTextOf(found[0]!, 'call'), /^LMSSetValue\(/);
});
