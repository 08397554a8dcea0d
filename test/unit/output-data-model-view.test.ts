/**
 * scorm_data_model_get's answer within the budget (src/output/data-model-view.ts): values a page at a
 * time, long ones as their head, and unset siblings said once with their indices.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_BUDGET_BYTES, jsonBytes } from '../../src/output/answer-budget.js';
import { compactElementNames, dataModelPage, DEFAULT_VALUE_CHARS } from '../../src/output/data-model-view.js';

test('values page within the budget and the pages hold every value once, in order', () => {
  const values: Record<string, string> = { 'cmi.suspend_data': 's'.repeat(64_000) };
  for (let i = 0; i < 300; i++) values[`cmi.interactions.${i}.learner_response`] = `r${i}`.repeat(1_000);
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = dataModelPage(values, { cursor });
    assert.ok(jsonBytes(page.data) < ANSWER_BUDGET_BYTES);
    seen.push(...Object.keys(page.data));
    if (seen.length === Object.keys(page.data).length) {
      const marker = page.data['cmi.suspend_data'] as { $type: string; length: number; head: string };
      assert.deepEqual(
        [marker.$type, marker.length, marker.head.length],
        ['string', 64_000, DEFAULT_VALUE_CHARS],
      );
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  assert.deepEqual(seen, Object.keys(values));
  const full = dataModelPage({ 'cmi.suspend_data': 's'.repeat(64_000) }, { detail: 'full' });
  assert.equal(full.data['cmi.suspend_data'], 's'.repeat(64_000));
});

test('unset siblings are said once with the ranges of their indices; other names stay as they are', () => {
  const names = [
    'cmi.score.raw',
    ...[0, 1, 2, 3, 7, 9, 10].map((i) => `cmi.interactions.${i}.latency`),
    'cmi.interactions.0.objectives.1.id',
    'cmi.objectives.4.description',
  ];
  assert.deepEqual(compactElementNames(names), [
    'cmi.score.raw',
    'cmi.interactions.[0-3,7,9-10].latency',
    'cmi.interactions.0.objectives.1.id',
    'cmi.objectives.4.description',
  ]);
});
