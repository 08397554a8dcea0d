/** The memory budget's settings and the anomaly it gives (the watch itself runs in test/e2e/mcp-memory-budget). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_MEMORY_BUDGET_MB,
  memoryBudgetBytes,
  memoryBudgetProblem,
} from '../../src/runtime/memory-budget.js';
import { integrityAnomalies } from '../../src/runtime/anomalies/integrity.js';

const MB = 1024 * 1024;

test('the budget: 1024 MB by default, 0 switches it off, 64-3072 otherwise', () => {
  assert.equal(DEFAULT_MEMORY_BUDGET_MB, 1024);
  assert.equal(memoryBudgetBytes(undefined), 1024 * MB);
  assert.equal(memoryBudgetBytes(0), null);
  assert.equal(memoryBudgetBytes(200), 200 * MB);
  for (const ok of [0, 64, 1024, 3072]) assert.equal(memoryBudgetProblem(ok), null, String(ok));
  for (const bad of [1, 63, 3073, 1.5, NaN])
    assert.match(memoryBudgetProblem(bad) ?? '', /0 \(none\) or a whole number/);
});

test('memory_budget_exceeded is an error naming the heap, the budget, the SCO and the attempt', () => {
  const [anomaly, ...rest] = integrityAnomalies(
    [
      {
        kind: 'memory_budget_exceeded',
        detail: '',
        measuredBytes: 1500 * MB,
        budgetBytes: 1024 * MB,
        scoId: 'sco-2',
        attempt: 3,
        timestamp: 0,
      },
    ],
    '2004',
  );
  assert.equal(rest.length, 0);
  assert.equal(anomaly?.type, 'memory_budget_exceeded');
  assert.equal(anomaly?.severity, 'error');
  assert.equal(anomaly?.sco_id, 'sco-2');
  assert.equal(anomaly?.attempt, 3);
  assert.equal(anomaly?.measured_bytes, 1500 * MB);
  assert.equal(anomaly?.budget_bytes, 1024 * MB);
  assert.match(
    anomaly?.message ?? '',
    /\(sco_id, attempt\) held 1500 MB of JavaScript heap, over the run's budget of 1024 MB\./,
  );
});
