/** The data model a close saves from the record when the page cannot answer (issue 19). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordedState } from '../../src/runtime/data-model/recorded-state.js';
import type { DataChange } from '../../src/runtime/records.js';

const change = (element: string, newValue: string, extra: Partial<DataChange> = {}): DataChange => ({
  element,
  previousValue: null,
  newValue,
  source: 'api:SetValue',
  timestamp: 1,
  scoId: 'sco',
  attempt: 1,
  previousValueTruncated: false,
  newValueTruncated: false,
  ...extra,
});

const attempt = { scoId: 'sco', attempt: 1 };

test("launch values, then every change of the attempt in order (the engine's own changes too)", () => {
  const state = recordedState(
    { 'cmi.learner_id': 'learner-1', 'cmi.location': 'restored' },
    [
      change('cmi.location', 'p1'),
      change('cmi.location', 'p2'),
      change('cmi.total_time', 'PT5S', { source: 'internal' }),
      change('cmi.interactions.0.id', 'q1'),
    ],
    attempt,
    0,
  );
  assert.deepEqual(state.data, {
    'cmi.learner_id': 'learner-1',
    'cmi.location': 'p2',
    'cmi.total_time': 'PT5S',
    'cmi.interactions.0.id': 'q1',
  });
  assert.deepEqual(state.omitted, []);
  assert.equal(state.complete, true);
});

test("another SCO's or an earlier attempt's changes are not this attempt's data", () => {
  const state = recordedState(
    {},
    [
      change('cmi.location', 'old', { attempt: 0 }),
      change('cmi.location', 'other', { scoId: 'other' }),
      change('cmi.suspend_data', 'mine'),
    ],
    attempt,
    0,
  );
  assert.deepEqual(state.data, { 'cmi.suspend_data': 'mine' });
});

test('a value the record holds only the head of is left out and named; a later whole value brings it back', () => {
  const state = recordedState(
    { 'cmi.suspend_data': 'launch value' },
    [
      change('cmi.suspend_data', 'head…', { newValueTruncated: true, newValueOriginalLength: 70_000 }),
      change('cmi.comments_from_learner.0.comment', 'head…', { newValueTruncated: true }),
      change('cmi.comments_from_learner.0.comment', 'whole'),
    ],
    attempt,
    0,
  );
  assert.equal(state.data['cmi.suspend_data'], undefined, 'neither the head nor the older value');
  assert.equal(state.data['cmi.comments_from_learner.0.comment'], 'whole');
  assert.deepEqual(state.omitted, ['cmi.suspend_data']);
});

test('a record past its change cap is incomplete', () => {
  assert.equal(recordedState({}, [], attempt, 3).complete, false);
});
