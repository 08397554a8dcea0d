import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  detectAnomalies,
  EXCESSIVE_CALLS,
  EXCESSIVE_COMMITS,
  type Anomaly,
} from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord, RecordedValue } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

type Step = [
  method: string,
  args?: RecordedValue[],
  result?: RecordedValue,
  errorCode?: string,
  extra?: Partial<ApiCallRecord>,
];

const DEFAULT_RESULT: Record<string, RecordedValue> = {
  GetValue: '',
  GetLastError: '0',
  GetErrorString: '',
  GetDiagnostic: '',
};

/** Synthetic call records; method names are given in 2004 form and renamed for 1.2. */
function calls(version: '1.2' | '2004', steps: Step[]): ApiCallRecord[] {
  return steps.map(([method, args, result, errorCode, extra], index) => {
    const name = version === '2004' ? method : method === 'Terminate' ? 'LMSFinish' : `LMS${method}`;
    return {
      index,
      method: name,
      args: args ?? (['GetLastError'].includes(method) ? [] : ['']),
      result: result ?? DEFAULT_RESULT[method] ?? 'true',
      errorCode: errorCode ?? '0',
      errorString: '',
      diagnostic: '',
      timestamp: 1000 + index,
      scoId: 'sco1',
      attempt: 1,
      source: 'sco',
      ...extra,
    };
  });
}

/** A 2004 SCO that does everything right. */
const CLEAN_2004: Step[] = [
  ['Initialize'],
  ['GetValue', ['cmi.location'], '', '403'],
  ['GetLastError', [], '403', '403'],
  ['SetValue', ['cmi.completion_status', 'incomplete']],
  ['SetValue', ['cmi.location', 'p1']],
  ['SetValue', ['cmi.session_time', 'PT12S']],
  ['SetValue', ['cmi.exit', 'suspend']],
  ['Commit'],
  ['Terminate'],
];
const CLEAN_12: Step[] = [
  ['Initialize'],
  ['GetValue', ['cmi.core.lesson_location'], ''],
  ['SetValue', ['cmi.core.lesson_status', 'incomplete']],
  ['SetValue', ['cmi.core.session_time', '0000:00:12']],
  ['SetValue', ['cmi.core.exit', 'suspend']],
  ['Commit'],
  ['Terminate'],
];

function types(found: Anomaly[]): string[] {
  return found.map((a) => a.type);
}
function only(found: Anomaly[], type: string): Anomaly {
  const hits = found.filter((a) => a.type === type);
  assert.equal(hits.length, 1, `expected one ${type} in ${JSON.stringify(found, null, 1)}`);
  return hits[0]!;
}

test('a well-behaved SCO has no anomalies, in both versions', () => {
  assert.deepEqual(detectAnomalies({ version: '2004', calls: calls('2004', CLEAN_2004) }), []);
  assert.deepEqual(detectAnomalies({ version: '1.2', calls: calls('1.2', CLEAN_12) }), []);
});

test('no call at all: initialize_never_called (error), nothing else', () => {
  const found = detectAnomalies({ version: '2004', calls: [] });
  assert.deepEqual(types(found), ['initialize_never_called']);
  assert.equal(found[0]!.severity, 'error');
  assert.match(found[0]!.fix, /API_1484_11/);
  assert.match(detectAnomalies({ version: '1.2', calls: [] })[0]!.message, /LMSInitialize/);
  // A SCO still running may simply not have started yet.
  assert.deepEqual(detectAnomalies({ version: '2004', calls: [], ended: false }), []);
});

test('calls without Initialize: never called, not also "before initialize"', () => {
  const found = detectAnomalies({
    version: '2004',
    calls: calls('2004', [['SetValue', ['cmi.location', 'x'], 'false', '132']]),
  });
  assert.deepEqual(types(found), ['initialize_never_called']);
  assert.match(found[0]!.message, /1 other API call/);
});

test('Initialize that fails is initialize_failed with its error', () => {
  const found = detectAnomalies({
    version: '2004',
    calls: calls('2004', [['Initialize', ['x'], 'false', '201', { errorString: 'General Argument Error' }]]),
  });
  const a = only(found, 'initialize_failed');
  assert.equal(a.severity, 'error');
  assert.equal(a.call_index, 0);
  assert.match(
    a.message,
    /call #0 \(`course_text.call`\) returned "false" \(error 201\): General Argument Error/,
  );
  assert.equal(courseTextOf(a, 'call'), 'Initialize("x")');
});

test('calls before Initialize and after Terminate are errors with the first call and a count', () => {
  const steps: Step[] = [
    ['GetValue', ['cmi.location'], '', '122'],
    ['SetValue', ['cmi.location', 'a'], 'false', '132'],
    ...CLEAN_2004,
    ['SetValue', ['cmi.location', 'b'], 'false', '133'],
    ['GetLastError', [], '133', '133'],
    ['Commit', [''], 'false', '143'],
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', steps) });
  const before = only(found, 'call_before_initialize');
  assert.equal(before.severity, 'error');
  assert.equal(before.call_index, 0);
  assert.equal(before.count, 2);
  const after = only(found, 'call_after_terminate');
  assert.equal(after.count, 2);
  assert.equal(after.call_index, 11);
  assert.match(after.message, /first call #11 \(`course_text.call`\)/);
  assert.equal(courseTextOf(after, 'call'), 'SetValue("cmi.location", "b")');
  // Failures outside the session are the lifecycle rules' business, not "unchecked".
  assert.equal(found.filter((a) => a.type === 'unchecked_api_error').length, 0);
  // GetLastError is allowed at any time.
  assert.ok(!before.message.includes('GetLastError'));
});

test('repeated Initialize (2004 103 / 1.2 101) is an error', () => {
  const found = detectAnomalies({
    version: '2004',
    calls: calls('2004', [['Initialize'], ['Initialize', [''], 'false', '103'], ...CLEAN_2004.slice(1)]),
  });
  const a = only(found, 'repeated_initialize');
  assert.equal(a.severity, 'error');
  assert.equal(a.call_index, 1);
  assert.match(a.message, /error 103/);
  const f12 = detectAnomalies({
    version: '1.2',
    calls: calls('1.2', [...CLEAN_12, ['Initialize', [''], 'false', '101']]),
  });
  assert.match(only(f12, 'repeated_initialize').message, /LMSInitialize.*terminated.*error 101/);
});

test('missing Terminate is an error once ended, not while the SCO still runs', () => {
  const steps = CLEAN_2004.slice(0, -1);
  const ended = detectAnomalies({ version: '2004', calls: calls('2004', steps) });
  assert.equal(only(ended, 'missing_terminate').severity, 'error');
  const running = detectAnomalies({ version: '2004', calls: calls('2004', steps), ended: false });
  assert.deepEqual(running, []);
  // The runtime says it terminated (calls dropped from the record): no anomaly.
  assert.deepEqual(
    detectAnomalies({ version: '2004', calls: calls('2004', steps), finalState: 'terminated' }),
    [],
  );
});

test("a tool initializing or terminating for the SCO: the SCO's own omission is still reported, its later Initialize is not a repeat", () => {
  const toolInit: Step[] = [['Initialize', [''], 'true', '0', { source: 'tool' }], ...CLEAN_2004.slice(1)];
  assert.deepEqual(types(detectAnomalies({ version: '2004', calls: calls('2004', toolInit) })), [
    'initialize_never_called',
  ]);
  const both: Step[] = [
    ['Initialize', [''], 'true', '0', { source: 'tool' }],
    ['Initialize', [''], 'false', '103'],
    ...CLEAN_2004.slice(1),
  ];
  assert.ok(
    !types(detectAnomalies({ version: '2004', calls: calls('2004', both) })).includes('repeated_initialize'),
  );
  const closedByTool: Step[] = [
    ...CLEAN_2004.slice(0, -1),
    ['Terminate', [''], 'true', '0', { source: 'tool' }],
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', closedByTool) });
  assert.deepEqual(types(found), ['missing_terminate']);
  assert.match(found[0]!.message, /tester closed the attempt/);
});

test('values set without a Commit before Terminate: warning at the Terminate call', () => {
  const steps: Step[] = [...CLEAN_2004.slice(0, 7), ['Terminate']];
  const a = only(
    detectAnomalies({ version: '2004', calls: calls('2004', steps) }),
    'missing_commit_before_terminate',
  );
  assert.equal(a.severity, 'warning');
  assert.equal(a.call_index, 7);
  assert.equal(a.element, 'cmi.exit');
  // A Commit before the last SetValue does not count.
  const late: Step[] = [...CLEAN_2004.slice(0, 5), ['Commit'], ...CLEAN_2004.slice(5, 7), ['Terminate']];
  assert.equal(
    types(detectAnomalies({ version: '2004', calls: calls('2004', late) })).includes(
      'missing_commit_before_terminate',
    ),
    true,
  );
  // Nothing set: nothing to commit.
  const nothing: Step[] = [['Initialize'], ['GetValue', ['cmi.mode'], 'normal'], ['Terminate']];
  assert.equal(
    types(detectAnomalies({ version: '2004', calls: calls('2004', nothing) })).includes(
      'missing_commit_before_terminate',
    ),
    false,
  );
});

test('failures never followed by GetLastError are warnings, aggregated per call site', () => {
  const steps: Step[] = [
    ...CLEAN_2004.slice(0, 4),
    ['GetValue', ['cmi.score.scald'], '', '401', { errorString: 'Undefined Data Model Element' }],
    ['GetValue', ['cmi.score.scald'], '', '401'],
    ['GetValue', ['cmi.sucess_status'], '', '401'],
    ['GetLastError', [], '401', '401'],
    ...CLEAN_2004.slice(4),
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', steps) });
  const unchecked = found.filter((a) => a.type === 'unchecked_api_error');
  assert.equal(unchecked.length, 1, JSON.stringify(found));
  assert.equal(unchecked[0]!.severity, 'warning');
  assert.equal(unchecked[0]!.count, 2);
  assert.equal(unchecked[0]!.element, 'cmi.score.scald');
  assert.match(unchecked[0]!.message, /error 401 \(Undefined Data Model Element\)/);
});

test('GetValue answering the stored value "false" with error 0 is no failure (request_valid, true-false response)', () => {
  const steps: Step[] = [
    ...CLEAN_2004.slice(0, 4),
    ['GetValue', ['adl.nav.request_valid.previous'], 'false'],
    ['GetValue', ['adl.nav.request_valid.choice.{target=TEST}'], 'false'],
    ['SetValue', ['cmi.interactions.0.id', 'q1']],
    ['SetValue', ['cmi.interactions.0.type', 'true-false']],
    ['SetValue', ['cmi.interactions.0.learner_response', 'false']],
    ['GetValue', ['cmi.interactions.0.learner_response'], 'false'],
    ...CLEAN_2004.slice(4),
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', steps) });
  assert.deepEqual(
    found.filter((a) => a.type === 'unchecked_api_error'),
    [],
  );
  // A boolean-status function answering "false" is still a failure the SCO should have checked.
  const commitFailed: Step[] = [...CLEAN_2004.slice(0, -2), ['Commit', [''], 'false', '391'], ['Terminate']];
  const failed = detectAnomalies({ version: '2004', calls: calls('2004', commitFailed) });
  assert.equal(only(failed, 'unchecked_api_error').call_index, 7);
  // SCORM 1.2: LMSGetValue of a stored "false" is no failure either.
  const steps12: Step[] = [
    ['Initialize'],
    ['SetValue', ['cmi.interactions.0.id', 'q1']],
    ['SetValue', ['cmi.interactions.0.type', 'true-false']],
    ['SetValue', ['cmi.interactions.0.student_response', 'f']],
    ['GetValue', ['cmi.core.lesson_status'], 'false'],
    ['SetValue', ['cmi.core.lesson_status', 'completed']],
    ['SetValue', ['cmi.core.session_time', '00:00:12']],
    ['SetValue', ['cmi.core.exit', '']],
    ['Commit'],
    ['Terminate'],
  ];
  const found12 = detectAnomalies({ version: '1.2', calls: calls('1.2', steps12) });
  assert.deepEqual(
    found12.filter((a) => a.type === 'unchecked_api_error'),
    [],
  );
});

test('a first read of an unset value (2004 403) is info at most, and nothing when the SCO checks it', () => {
  const unchecked: Step[] = [
    CLEAN_2004[0]!,
    ['GetValue', ['cmi.location'], '', '403'],
    ...CLEAN_2004.slice(3),
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', unchecked) });
  const a = only(found, 'uninitialized_value_read');
  assert.equal(a.severity, 'info');
  assert.equal(a.element, 'cmi.location');
  assert.ok(!found.some((x) => x.severity === 'error'));
  assert.deepEqual(detectAnomalies({ version: '2004', calls: calls('2004', CLEAN_2004) }), []);
  // SCORM 1.2 answers "" with error 0: not a failure at all.
  assert.deepEqual(detectAnomalies({ version: '1.2', calls: calls('1.2', CLEAN_12) }), []);
});

test('non-string and missing arguments are warnings per method, recorded as given', () => {
  const steps: Step[] = [
    ['Initialize', []],
    ['SetValue', ['cmi.location', 0]],
    [
      'SetValue',
      [
        'cmi.suspend_data',
        { $type: 'object', json: '{"page":3}', string: '[object Object]', className: 'Object' },
      ],
    ],
    ['GetValue', [5], '', '401'],
    ['GetLastError', []],
    ...CLEAN_2004.slice(3, 7),
    ['Commit', [true]],
    ['Terminate'],
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', steps) }).filter(
    (a) => a.type === 'non_string_argument',
  );
  assert.deepEqual(
    found.map((a) => [a.call_index, a.count, a.severity]),
    [
      [0, 1, 'warning'],
      [1, 2, 'warning'],
      [3, 1, 'warning'],
      [9, 1, 'warning'],
    ],
  );
  assert.match(found[0]!.message, /argument 1 is not a string/);
  assert.equal(courseTextOf(found[0]!, 'argument'), 'missing');
  assert.match(found[1]!.message, /call #\d+ \(`course_text.call`\), argument 2 is not a string/);
  assert.equal(courseTextOf(found[1]!, 'call'), 'SetValue("cmi.location", 0)');
  assert.equal(courseTextOf(found[1]!, 'argument'), 'a number (0)');
  assert.equal(courseTextOf(found[3]!, 'argument'), 'a boolean (true)');
});

test('non_string_argument says what the engine did: refused calls are not called converted', () => {
  const obj = { $type: 'object', json: '"passed"', string: 'passed', className: 'Object' } as const;
  const steps: Step[] = [
    ['Initialize'],
    ['SetValue', ['cmi.success_status', obj], 'false', '406'],
    ['SetValue', ['cmi.score.scaled', obj], 'false', '406'],
    ['GetValue', [obj], '', '401'],
    ['Commit', [true]],
    ['Terminate'],
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', steps) }).filter(
    (a) => a.type === 'non_string_argument',
  );
  const byMethod = new Map(found.map((a) => [courseTextOf(a, 'call').split('(')[0], a.message]));
  assert.match(byMethod.get('SetValue')!, /The engine here refused these calls/);
  assert.match(byMethod.get('GetValue')!, /The engine here refused the call/);
  assert.match(byMethod.get('Commit')!, /converted and accepted it/);
  for (const m of [byMethod.get('SetValue'), byMethod.get('GetValue')]) assert.doesNotMatch(m!, /converted/);
});

test('several attempts: each is judged on its own and anomalies name the SCO', () => {
  const first = calls('2004', CLEAN_2004);
  const second = calls('2004', [['Initialize'], ['SetValue', ['cmi.location', 'x']]]).map((c, i) => ({
    ...c,
    index: first.length + i,
    attempt: 2,
    scoId: 'sco2',
  }));
  const found = detectAnomalies({ version: '2004', calls: [...first, ...second] });
  const missing = only(found, 'missing_terminate');
  assert.equal(missing.sco_id, 'sco2');
  assert.ok(found.every((a) => a.sco_id === 'sco2'));
});

test('many Commits and very many calls are info', () => {
  const chatty: Step[] = [CLEAN_2004[0]!];
  for (let i = 0; i <= EXCESSIVE_COMMITS; i++) chatty.push(['Commit']);
  chatty.push(...CLEAN_2004.slice(3));
  const found = detectAnomalies({ version: '2004', calls: calls('2004', chatty) });
  const commits = only(found, 'excessive_commits');
  assert.equal(commits.severity, 'info');
  assert.equal(commits.count, EXCESSIVE_COMMITS + 2);

  const loop: Step[] = [CLEAN_2004[0]!];
  for (let i = 0; i < EXCESSIVE_CALLS; i++) loop.push(['GetValue', ['cmi.mode'], 'normal']);
  loop.push(...CLEAN_2004.slice(3));
  const many = only(detectAnomalies({ version: '2004', calls: calls('2004', loop) }), 'excessive_calls');
  assert.equal(many.severity, 'info');
  assert.equal(many.count, EXCESSIVE_CALLS + 7);
});

test('anomalies are ordered by severity, then by call index', () => {
  const steps: Step[] = [
    ['SetValue', ['cmi.location', 'x'], 'false', '132'],
    ['Initialize'],
    ['SetValue', ['cmi.location', 1]],
  ];
  const found = detectAnomalies({ version: '2004', calls: calls('2004', steps) });
  const ranks = found.map((a) => ({ error: 0, warning: 1, info: 2 })[a.severity]);
  assert.deepEqual(
    ranks,
    [...ranks].sort((a, b) => a - b),
  );
  assert.equal(found[0]!.type, 'call_before_initialize');
});
