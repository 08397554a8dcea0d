/** Node's comparison of the record it received with the engine (src/runtime/received-record.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { receivedRecordDifferences, toolAnswerMatches } from '../../src/runtime/received-record.js';
import type { DataChange } from '../../src/runtime/records.js';

const change = (element: string, newValue: string, more: Partial<DataChange> = {}): DataChange => ({
  element,
  previousValue: null,
  newValue,
  source: 'api:SetValue',
  timestamp: 0,
  scoId: 'item',
  attempt: 1,
  previousValueTruncated: false,
  newValueTruncated: false,
  ...more,
});
const attempt = { scoId: 'item', attempt: 1 };

test('the last received value of each element of the attempt must be what the engine holds', () => {
  const changes = [
    change('cmi.success_status', 'failed'),
    change('cmi.success_status', 'passed'),
    change('cmi.score.scaled', '1'),
    change('cmi.location', 'p1'),
  ];
  const engine = { 'cmi.success_status': 'failed', 'cmi.score.scaled': '0.1', 'cmi.location': 'p1' };
  assert.deepEqual(receivedRecordDifferences(changes, engine, attempt), [
    { element: 'cmi.score.scaled', recorded: '1', engine: '0.1' },
    { element: 'cmi.success_status', recorded: 'passed', engine: 'failed' },
  ]);
  assert.deepEqual(
    receivedRecordDifferences(changes.slice(0, 2), { 'cmi.success_status': 'passed' }, attempt),
    [],
  );
});

test('other attempts and SCOs, cut values and elements the engine does not list are not compared', () => {
  const changes = [
    change('cmi.location', 'other-sco', { scoId: 'other' }),
    change('cmi.location', 'earlier', { attempt: 2 }),
    change('cmi.suspend_data', 'head only', { newValueTruncated: true }),
    change('cmi.interactions.0.id', 'q1'),
  ];
  const engine = { 'cmi.location': '', 'cmi.suspend_data': 'the whole value' };
  assert.deepEqual(receivedRecordDifferences(changes, engine, attempt), []);
});

test("the record of a tool's call must say what the engine answered, result and error code", () => {
  assert.equal(toolAnswerMatches({ result: 'true', errorCode: '0' }, { result: 'true', code: '0' }), true);
  assert.equal(
    toolAnswerMatches({ result: 'false', errorCode: '351' }, { result: 'true', code: '0' }),
    false,
  );
  assert.equal(
    toolAnswerMatches({ result: 'passed', errorCode: '0' }, { result: 'failed', code: '0' }),
    false,
  );
  assert.equal(toolAnswerMatches({ result: 'true', errorCode: '351' }, { result: 'true', code: '0' }), false);
  // Not a string, or longer than the record carries whole: nothing to compare.
  assert.equal(
    toolAnswerMatches({ result: { $type: 'undefined' }, errorCode: '0' }, { result: null, code: '0' }),
    true,
  );
  const long = 'x'.repeat(70_000);
  assert.equal(
    toolAnswerMatches(
      { result: { $type: 'string', length: 70_000, head: 'x', truncated: true }, errorCode: '0' },
      { result: long, code: '0' },
    ),
    true,
  );
});
