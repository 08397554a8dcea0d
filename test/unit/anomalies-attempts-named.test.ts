/**
 * Every anomaly names its SCO and attempt; a launch the sequencing start discarded is not judged as an
 * attempt; the same anomaly of one SCO over several attempts is reported once; an asset is not a SCO.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import type { ApiCallRecord, RecordedValue } from '../../src/runtime/records.js';

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

test('the launch discarded by the sequencing start gets no lifecycle anomaly, only what its calls did wrong', () => {
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
  assert.deepEqual(
    found.map((a) => [a.type, a.sco_id, a.attempt, a.call_index]),
    [['set_value_rejected', 'intro', 1, 1]],
  );
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
