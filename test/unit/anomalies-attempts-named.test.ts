/**
 * Every anomaly names its SCO and its SCORM attempt (not the launch); a launch the sequencing start
 * discarded is no attempt and nothing is said about it; the same anomaly of one SCO over several attempts is reported once; an asset is not a SCO.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyseRun, detectAnomalies } from '../../src/runtime/anomalies/index.js';
import type {
  ApiCallRecord,
  ConsoleEntry,
  IntegrityEvent,
  RecordedValue,
} from '../../src/runtime/records.js';

type Step = [method: string, args: RecordedValue[], result?: RecordedValue, errorCode?: string];

function attempt(scoId: string, n: number, from: number, steps: Step[]): ApiCallRecord[] {
  return steps.map(([method, args, result, errorCode], i) => ({
    index: from + i,
    method,
    args,
    result: result ?? 'true',
    errorCode: errorCode ?? '0',
    errorString: '',
    diagnostic: '',
    timestamp: 1000 + from + i,
    scoId,
    attempt: n,
    source: 'sco',
  }));
}

/** Initializes, sets the location and exits, but never reports a status. */
const NO_STATUS: Step[] = [
  ['Initialize', ['']],
  ['SetValue', ['cmi.location', 'p1']],
  ['SetValue', ['cmi.session_time', 'PT1S']],
  ['SetValue', ['cmi.exit', 'normal']],
  ['Commit', ['']],
  ['Terminate', ['']],
];

test('a single attempt`s anomalies name its SCO and attempt', () => {
  const found = detectAnomalies({ version: '2004', calls: attempt('intro', 1, 0, NO_STATUS) });
  assert.deepEqual(
    found.map((a) => [a.type, a.sco_id, a.attempt]),
    [['status_never_reported', 'intro', 1]],
  );
});

test('the launch discarded by the sequencing start is no attempt: no anomaly is about it', () => {
  const discarded = attempt('intro', 1, 0, [
    ['Initialize', ['']],
    ['SetValue', ['cmi.score.scaled', '50'], 'false', '407'],
  ]);
  const delivered = attempt('intro', 2, 2, [
    ...NO_STATUS.slice(0, 4),
    ['SetValue', ['cmi.completion_status', 'completed']],
    ...NO_STATUS.slice(4),
  ]);
  const found = detectAnomalies({
    version: '2004',
    calls: [...discarded, ...delivered],
    discardedAttempts: new Set([1]),
  });
  assert.deepEqual(found, []);
  // Not discarded: the same first attempt lacks a Terminate and a status.
  const judged = detectAnomalies({ version: '2004', calls: [...discarded, ...delivered] }).map((a) => a.type);
  assert.ok(judged.includes('missing_terminate') && judged.includes('status_never_reported'), judged.join());
});

test('the same anomaly in several attempts of one SCO is reported once; other SCOs keep their own', () => {
  const calls = [
    ...attempt('intro', 2, 0, NO_STATUS),
    ...attempt('auto', 3, 6, NO_STATUS),
    ...attempt('intro', 4, 12, NO_STATUS),
  ];
  const found = detectAnomalies({ version: '2004', calls });
  assert.deepEqual(
    found.map((a) => [a.type, a.sco_id, a.attempt, a.also_in_attempts ?? null]),
    [
      ['status_never_reported', 'intro', 2, [4]],
      ['status_never_reported', 'auto', 3, null],
    ],
  );
  assert.match(found[0]!.message, /Also in attempt 4 of this SCO/);
});

test('no call at all: an asset is info saying so; a SCO is initialize_never_called naming it', () => {
  const launch = { scoId: 'page', attempt: 1, scormType: 'asset', href: 'page.html' };
  for (const version of ['1.2', '2004'] as const) {
    const asset = detectAnomalies({ version, calls: [], launch });
    assert.deepEqual(
      asset.map((a) => [a.type, a.severity, a.sco_id, a.attempt]),
      [['asset_not_tracked', 'info', 'page', 1]],
    );
    assert.match(
      asset[0]!.message,
      version === '1.2' ? /adlcp:scormtype="asset"/ : /adlcp:scormType="asset"/,
    );
  }
  const sco = detectAnomalies({ version: '2004', calls: [], launch: { ...launch, scormType: 'sco' } });
  assert.deepEqual(
    sco.map((a) => [a.type, a.severity, a.sco_id, a.attempt]),
    [['initialize_never_called', 'error', 'page', 1]],
  );
});

test('anomalies name the SCORM attempt each launch began or resumed, not the launch', () => {
  // Launch 1 resumed intro's suspended attempt 3; launch 2 began auto's first; launch 3 intro's attempt 4.
  const calls = [
    ...attempt('intro', 1, 0, NO_STATUS),
    ...attempt('auto', 2, 6, NO_STATUS),
    ...attempt('intro', 3, 12, NO_STATUS),
  ];
  const scormAttempts = new Map([
    [1, 3],
    [2, 1],
    [3, 4],
  ]);
  const found = detectAnomalies({ version: '2004', calls, scormAttempts });
  assert.deepEqual(
    found.map((a) => [a.type, a.sco_id, a.attempt, a.also_in_attempts ?? null]),
    [
      ['status_never_reported', 'intro', 3, [4]],
      ['status_never_reported', 'auto', 1, null],
    ],
  );
});

test('a page error names the SCO and SCORM attempt it happened in; a replaced launch`s errors are left out', () => {
  const error = (scoId: string, launch: number): ConsoleEntry => ({
    type: 'error',
    text: 'boom',
    name: 'Error',
    source: 'pageerror',
    url: 'http://127.0.0.1/c/sco.html',
    line: 3,
    column: 1,
    origin: 'sco',
    timestamp: 1000 + launch,
    scoId,
    attempt: launch,
  });
  const found = analyseRun(
    {
      version: '2004',
      calls: [...attempt('intro', 2, 0, NO_STATUS), ...attempt('lesson', 3, 6, NO_STATUS)],
      discardedAttempts: new Set([1]),
      scormAttempts: new Map([
        [2, 1],
        [3, 1],
        [4, 2],
      ]),
    },
    {
      network: [],
      console: [error('intro', 1), error('intro', 2), error('lesson', 3), error('lesson', 4)],
    },
  ).filter((a) => a.type === 'page_error');
  assert.deepEqual(
    found.map((a) => [a.sco_id, a.attempt, a.also_in_attempts ?? null, a.count ?? 1]),
    [
      ['intro', 1, null, 1],
      ['lesson', 1, [2], 2],
    ],
  );
});

test('what the player refused a course names the SCO that did it and its SCORM attempt, one anomaly per SCO', () => {
  const event = (scoId: string, launch: number, detail: string): IntegrityEvent => ({
    kind: 'player_global_replaced',
    detail,
    scoId,
    attempt: launch,
    timestamp: launch,
  });
  const found = detectAnomalies({
    version: '2004',
    calls: attempt('intro', 1, 0, NO_STATUS),
    integrity: [
      event('intro', 1, 'top.API_1484_11'),
      event('quiz', 2, 'top.alert'),
      event('quiz', 3, 'top.alert'),
    ],
    scormAttempts: new Map([
      [1, 1],
      [2, 1],
      [3, 2],
    ]),
  }).filter((a) => a.type === 'player_tampered');
  assert.deepEqual(
    found.map((a) => [a.sco_id, a.attempt, a.also_in_attempts ?? null, a.count]),
    [
      ['intro', 1, null, 1],
      ['quiz', 1, [2], 2],
    ],
  );
});
