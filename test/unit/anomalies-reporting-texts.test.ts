/** What the end-of-attempt rules say: a value set but refused is not "never set"; fix texts use the version's vocabulary. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectAnomalies, type Anomaly } from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord, RecordedValue } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

type Step = [
  method: string,
  args: RecordedValue[],
  result: RecordedValue,
  errorCode: string,
  errorString?: string,
];

function calls(steps: Step[]): ApiCallRecord[] {
  return steps.map(([method, args, result, errorCode, errorString], index) => ({
    index,
    method,
    args,
    result,
    errorCode,
    errorString: errorString ?? '',
    diagnostic: '',
    timestamp: 1000 + index,
    scoId: 'sco1',
    attempt: 1,
    source: 'sco',
  }));
}

function only(found: Anomaly[], type: string): Anomaly {
  const hits = found.filter((a) => a.type === type);
  assert.equal(hits.length, 1, JSON.stringify(found, null, 1));
  return hits[0]!;
}

test('2004: session time and exit set but refused say so, with the call', () => {
  const found = detectAnomalies({
    version: '2004',
    calls: calls([
      ['Initialize', [''], 'true', '0'],
      ['SetValue', ['cmi.completion_status', 'completed'], 'true', '0'],
      ['SetValue', ['cmi.session_time', '00:00:05'], 'false', '406', 'Data Model Element Type Mismatch'],
      ['SetValue', ['cmi.exit', 'finished'], 'false', '406', 'Data Model Element Type Mismatch'],
      ['Commit', [''], 'true', '0'],
      ['Terminate', [''], 'true', '0'],
    ]),
  });
  const time = only(found, 'session_time_not_set');
  assert.match(
    time.message,
    /^cmi\.session_time was set but never stored: call #2 \(`course_text.call`\) was rejected with error 406 \(Data Model Element Type Mismatch\)/,
  );
  assert.equal(courseTextOf(time, 'call'), 'SetValue("cmi.session_time", "00:00:05")');
  assert.doesNotMatch(time.message, /never set/);
  assert.equal(time.call_index, 2);
  const exit = only(found, 'exit_not_set');
  assert.match(exit.message, /^cmi\.exit was set but never stored: call #3 \(`course_text.call`\)/);
  assert.equal(courseTextOf(exit, 'call'), 'SetValue("cmi.exit", "finished")');
  assert.equal(exit.call_index, 3);
});

test('1.2: a refused session time (405) is named; one never tried still reads "was never set"', () => {
  const found = detectAnomalies({
    version: '1.2',
    calls: calls([
      ['LMSInitialize', [''], 'true', '0'],
      ['LMSSetValue', ['cmi.core.lesson_status', 'completed'], 'true', '0'],
      ['LMSSetValue', ['cmi.core.session_time', 'PT5S'], 'false', '405', 'Incorrect Data Type'],
      ['LMSCommit', [''], 'true', '0'],
      ['LMSFinish', [''], 'true', '0'],
    ]),
  });
  const time = only(found, 'session_time_not_set');
  assert.match(time.message, /call #2 \(`course_text.call`\) was rejected with error 405/);
  assert.equal(courseTextOf(time, 'call'), 'LMSSetValue("cmi.core.session_time", "PT5S")');
  // An exit never set is "", a normal exit in 1.2; with no bookmark saved nothing is lost, so no anomaly.
  assert.equal(found.filter((a) => a.type === 'exit_not_set').length, 0);
});

test('an exit never set is reported only when the SCO saved a bookmark and did not finish', () => {
  const run = (version: '1.2' | '2004', status: string): Anomaly[] => {
    const p = version === '1.2' ? 'LMS' : '';
    const names =
      version === '1.2'
        ? {
            status: 'cmi.core.lesson_status',
            location: 'cmi.core.lesson_location',
            time: 'cmi.core.session_time',
            t: '0000:00:05',
          }
        : { status: 'cmi.completion_status', location: 'cmi.location', time: 'cmi.session_time', t: 'PT5S' };
    return detectAnomalies({
      version,
      calls: calls([
        [`${p}Initialize`, [''], 'true', '0'],
        [`${p}SetValue`, [names.status, status], 'true', '0'],
        [`${p}SetValue`, [names.location, 'slide-3'], 'true', '0'],
        [`${p}SetValue`, [names.time, names.t], 'true', '0'],
        [`${p}Commit`, [''], 'true', '0'],
        [version === '1.2' ? 'LMSFinish' : 'Terminate', [''], 'true', '0'],
      ]),
    }).filter((a) => a.type === 'exit_not_set');
  };
  assert.match(
    run('1.2', 'incomplete')[0]!.message,
    /cmi\.core\.exit was never set, so this session ends the attempt.*cmi\.core\.lesson_location/,
  );
  assert.match(
    run('2004', 'incomplete')[0]!.message,
    /cmi\.exit was never set.*will not be offered on the next launch/,
  );
  assert.equal(run('1.2', 'completed').length, 0);
  assert.equal(run('2004', 'completed').length, 0);
});

test('incomplete_interaction: SCORM 1.2 results are "wrong", 2004 ones "incorrect"', () => {
  const run = (version: '1.2' | '2004'): Anomaly => {
    const p = version === '1.2' ? 'LMS' : '';
    return only(
      detectAnomalies({
        version,
        calls: calls([
          [`${p}Initialize`, [''], 'true', '0'],
          [`${p}SetValue`, ['cmi.interactions.0.id', 'q1'], 'true', '0'],
          [`${p}Commit`, [''], 'true', '0'],
          [version === '1.2' ? 'LMSFinish' : 'Terminate', [''], 'true', '0'],
        ]),
      }),
      'incomplete_interaction',
    );
  };
  const v12 = run('1.2');
  assert.match(v12.fix, /"wrong"/);
  assert.doesNotMatch(v12.fix, /incorrect/);
  assert.match(v12.fix, /student_response/);
  const v2004 = run('2004');
  assert.match(v2004.fix, /"incorrect"/);
  assert.doesNotMatch(v2004.fix, /"wrong"/);
});

test('player_navigation fix: SCORM 1.2 names cmi.core.exit and LMSFinish, no adl.nav.request', () => {
  const event = {
    kind: 'player_navigation' as const,
    detail: 'cancelled push to http://127.0.0.1:1/x',
    scoId: 'sco1',
    attempt: 1,
    timestamp: 1,
  };
  const v12 = only(
    detectAnomalies({ version: '1.2', calls: [], integrity: [event], ended: false }),
    'player_navigation',
  );
  assert.match(v12.fix, /cmi\.core\.exit and call LMSFinish/);
  assert.doesNotMatch(v12.fix, /adl\.nav\.request|Terminate/);
  const v2004 = only(
    detectAnomalies({ version: '2004', calls: [], integrity: [event], ended: false }),
    'player_navigation',
  );
  assert.match(v2004.fix, /cmi\.exit .*Terminate/);
});

test('record_engine_mismatch names its SCO and attempt', () => {
  const found = detectAnomalies({
    version: '2004',
    calls: [],
    ended: false,
    integrity: [
      {
        kind: 'record_engine_mismatch',
        detail: 'the engine holds cmi.location = "b" but the record showed "a"',
        element: 'cmi.location',
        recorded: 'a',
        engine: 'b',
        scoId: 'sco1',
        attempt: 3,
        timestamp: 1,
      },
    ],
  });
  assert.deepEqual(
    found.map((a) => [a.type, a.element, a.sco_id, a.attempt]),
    [['record_engine_mismatch', 'cmi.location', 'sco1', 3]],
  );
});

test('a resumed session that leaves the status an earlier session reported is not status_never_reported', () => {
  const resumed = (entry: string, status: string): Anomaly[] =>
    detectAnomalies({
      version: '2004',
      calls: calls([
        ['Initialize', [''], 'true', '0'],
        ['GetValue', ['cmi.entry'], entry, '0'],
        ['GetValue', ['cmi.completion_status'], status, '0'],
        ['SetValue', ['cmi.location', 'p2'], 'true', '0'],
        ['SetValue', ['cmi.session_time', 'PT5S'], 'true', '0'],
        ['SetValue', ['cmi.exit', 'suspend'], 'true', '0'],
        ['Terminate', [''], 'true', '0'],
      ]),
    }).filter((a) => a.type === 'status_never_reported');
  assert.equal(resumed('resume', 'incomplete').length, 0);
  assert.equal(resumed('ab-initio', 'incomplete').length, 0, 'the SCO read back a status already reported');
  assert.equal(resumed('ab-initio', 'unknown').length, 1);
});
