/** The record against the engine (the pure part of the player) and its way to Node and the anomalies. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { courseTextOf } from '../helpers/course-text.js';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import { compareShadow } from '../../src/runtime/player/page/compare.js';
import { expandFlatBatch } from '../../src/runtime/records.js';
import { RuntimeLog } from '../../src/runtime/runtime-log.js';

test('compareShadow: only elements the record shows, with a different engine value', () => {
  const shadow = { 'cmi.success_status': 'failed', 'cmi.location': 'p1', 'cmi.suspend_data': '' };
  const engine = { 'cmi.success_status': 'passed', 'cmi.location': 'p1', 'cmi.interactions._count': '1' };
  assert.deepEqual(compareShadow(shadow, engine), [
    { element: 'cmi.success_status', recorded: 'failed', engine: 'passed' },
  ]);
  assert.deepEqual(compareShadow({}, engine), []);
});

function batch(...messages: string[]): string {
  const pieces = messages.map((m) => [-1, null, null, 0, null, null, null, 0, m, 5]);
  return JSON.stringify({ h: { b: 1000, s: 1, sco: 'item', at: 1, v: '2004' }, f: [pieces.flat()] });
}

test('integrity messages reach the log as events and become anomalies', () => {
  const log = new RuntimeLog();
  const seen: string[] = [];
  log.on('integrity', (e) => seen.push(e.kind));
  log.ingest(
    expandFlatBatch(
      batch(
        '"k":"i","what":"record_engine_mismatch","el":"cmi.success_status","rec":"failed","eng":"passed"',
        '"k":"i","what":"player_global_replaced","detail":"the course assigned window.API_1484_11"',
        '"k":"i","what":"player_navigation","detail":"cancelled push to http://127.0.0.1:1/x"',
      ),
    ),
  );
  assert.deepEqual(seen, ['record_engine_mismatch', 'player_global_replaced', 'player_navigation']);
  const [mismatch] = log.integrity;
  assert.deepEqual(
    { ...mismatch, timestamp: 0 },
    {
      kind: 'record_engine_mismatch',
      detail: 'the engine holds cmi.success_status = "passed" but the record showed "failed"',
      element: 'cmi.success_status',
      recorded: 'failed',
      engine: 'passed',
      scoId: 'item',
      attempt: 1,
      timestamp: 0,
    },
  );
  assert.equal(mismatch?.timestamp, 1005);
  const anomalies = detectAnomalies({ version: '2004', calls: [], integrity: log.integrity, ended: false });
  assert.deepEqual(
    anomalies.map((a) => [a.type, a.severity, a.element ?? null]),
    [
      ['player_tampered', 'error', null],
      ['player_navigation', 'error', null],
      ['record_engine_mismatch', 'error', 'cmi.success_status'],
    ],
  );
  assert.match(courseTextOf(anomalies[0]!, 'details'), /window\.API_1484_11/);
  assert.match(courseTextOf(anomalies[2]!, 'details'), /engine holds cmi\.success_status = "passed"/);
});
