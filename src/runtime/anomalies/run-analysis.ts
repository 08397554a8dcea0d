/**
 * Every anomaly of a run in one list: the rules over the recorded calls, the course's page errors, and
 * the likely cause of a SCO that never initialized, errors first.
 */
import { explainAnomalies, type RunEvidence } from './causes.js';
import { scormAttemptOf } from './attempts.js';
import { detectAnomalies, sortAnomalies } from './detect.js';
import { pageErrorAnomalies } from './page-errors.js';
import type { Anomaly, AnomalyInput } from './types.js';

export function analyseRun(
  input: AnomalyInput,
  evidence: RunEvidence,
  found: readonly Anomaly[] = [],
): Anomaly[] {
  const discarded = new Set(input.discardedAttempts ?? []);
  // The errors of a launch sequencing replaced undelivered are not the delivered attempts' (nor any attempt's).
  const delivered = evidence.console.filter((e) => e.attempt === undefined || !discarded.has(e.attempt));
  const pageErrors = pageErrorAnomalies({ ...evidence, console: delivered }, (launch) =>
    scormAttemptOf(input, launch),
  );
  return explainAnomalies(sortAnomalies([...found, ...detectAnomalies(input), ...pageErrors]), evidence);
}
