/** predicted_by names a static rule only when `validate` reports that rule for the package. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { predictedText } from '../../src/runtime/anomalies/causes.js';
import type { Anomaly } from '../../src/runtime/anomalies/types.js';
import { confirmPredictions } from '../../src/session/confirm-predictions.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const COURSES = join(FIXTURES_DIR, 'courses');
const claiming = (rule: string): Anomaly => ({
  type: 'initialize_never_called',
  severity: 'error',
  message: `Never called. Likely cause: something. ${predictedText(rule)}`,
  fix: 'f',
  predicted_by: rule,
});

test('a rule validate reports for the package is kept', async () => {
  const [a] = await confirmPredictions(join(COURSES, 'never-initialize'), [
    claiming('api.discovery_missing'),
  ]);
  assert.equal(a?.predicted_by, 'api.discovery_missing');
  assert.match(a?.message ?? '', /predicts this \(rule api\.discovery_missing\)/);
});

test('a rule validate does not report is left out, and the message no longer claims it', async () => {
  const other: Anomaly = { type: 'missing_terminate', severity: 'error', message: 'm', fix: 'f' };
  const [a, b] = await confirmPredictions(join(COURSES, 'click-to-start'), [
    claiming('api.discovery_missing'),
    other,
  ]);
  assert.equal(a?.predicted_by, undefined);
  assert.doesNotMatch(a?.message ?? '', /api\.discovery_missing/);
  assert.match(a?.message ?? '', /No static rule of `scorm-tester validate` predicts this\.$/);
  assert.deepEqual(b, other);
});
