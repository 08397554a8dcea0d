/**
 * The `_count`s a successful SetValue implies (page/implied-counts.ts), how they reach the history as the
 * engine's own changes, and that the integrity check still catches a member added without the API.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareShadow } from '../../src/runtime/player/page/compare.js';
import { impliedCounts } from '../../src/runtime/player/page/implied-counts.js';
import { expandFlatBatch } from '../../src/runtime/records.js';
import { RuntimeLog } from '../../src/runtime/runtime-log.js';

test('impliedCounts: a new member of each collection kind, nested ones outermost first', () => {
  const counts = {
    'cmi.interactions._count': '0',
    'cmi.objectives._count': '1',
    'cmi.comments_from_learner._count': '0',
  };
  assert.deepEqual(impliedCounts('cmi.interactions.0.id', counts), ['cmi.interactions._count', '0', '1']);
  assert.deepEqual(impliedCounts('cmi.objectives.1.id', counts), ['cmi.objectives._count', '1', '2']);
  assert.deepEqual(impliedCounts('cmi.comments_from_learner.0.comment', counts), [
    'cmi.comments_from_learner._count',
    '0',
    '1',
  ]);
  assert.deepEqual(impliedCounts('cmi.interactions.0.objectives.0.id', counts), [
    'cmi.interactions._count',
    '0',
    '1',
    'cmi.interactions.0.objectives._count',
    null,
    '1',
  ]);
  assert.deepEqual(
    impliedCounts('cmi.interactions.0.correct_responses.2.pattern', {
      'cmi.interactions._count': '1',
      'cmi.interactions.0.correct_responses._count': '2',
    }),
    ['cmi.interactions.0.correct_responses._count', '2', '3'],
  );
});

test('impliedCounts: an existing member, a non-collection, a leading zero or adl.data imply nothing', () => {
  const counts = { 'cmi.interactions._count': '2', 'cmi.objectives._count': '0' };
  assert.deepEqual(impliedCounts('cmi.interactions.1.result', counts), []);
  assert.deepEqual(impliedCounts('cmi.core.lesson_status', counts), []);
  assert.deepEqual(impliedCounts('cmi.objectives.01.id', counts), []);
  assert.deepEqual(impliedCounts('adl.data.0.store', {}), []);
  assert.deepEqual(impliedCounts('cmi.suspend_data', counts), []);
});

test('a SetValue carrying implied counts adds them to the history as the engine`s changes', () => {
  const log = new RuntimeLog();
  const call = [
    3,
    'cmi.interactions.0.id',
    'q1',
    2,
    'true',
    '0',
    0,
    null,
    ',"cc":["cmi.interactions._count","0","1"]',
    4,
  ];
  log.ingest(
    expandFlatBatch(JSON.stringify({ h: { b: 1000, s: 1, sco: 'item', at: 1, v: '2004' }, f: [call] })),
  );
  assert.deepEqual(
    log.dataChanges.map((c) => [c.element, c.previousValue, c.newValue, c.source, c.scoId, c.attempt]),
    [
      ['cmi.interactions.0.id', null, 'q1', 'api:SetValue', 'item', 1],
      ['cmi.interactions._count', '0', '1', 'internal', 'item', 1],
    ],
  );
});

test('a member added without the API still shows as a _count mismatch', () => {
  // The record: interaction 0 added through SetValue (its implied count applied to the shadow).
  const shadow: Record<string, string> = { 'cmi.interactions._count': '0' };
  shadow['cmi.interactions.0.id'] = 'q1';
  const implied = impliedCounts('cmi.interactions.0.id', shadow);
  for (let i = 0; i < implied.length; i += 3) shadow[implied[i] as string] = implied[i + 2] as string;
  const engine = { 'cmi.interactions._count': '1', 'cmi.interactions.0.id': 'q1' };
  assert.deepEqual(compareShadow(shadow, engine), []);
  // Something else pushed a second interaction into the engine.
  const tampered = { ...engine, 'cmi.interactions._count': '2', 'cmi.interactions.1.id': 'forged' };
  assert.deepEqual(compareShadow(shadow, tampered), [
    { element: 'cmi.interactions._count', recorded: '1', engine: '2' },
  ]);
});
