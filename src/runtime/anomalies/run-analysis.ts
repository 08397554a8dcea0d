/**
 * Every anomaly of a run in one list: the rules over the recorded calls, the course's page errors, and
 * the likely cause of a SCO that never initialized, errors first.
 */
import { explainAnomalies, type RunEvidence } from './causes.js';
import { detectAnomalies, sortAnomalies } from './detect.js';
import { pageErrorAnomalies } from './page-errors.js';
import type { Anomaly, AnomalyInput } from './types.js';

export function analyseRun(
  input: AnomalyInput,
  evidence: RunEvidence,
  found: readonly Anomaly[] = [],
): Anomaly[] {
  return explainAnomalies(
    sortAnomalies([...found, ...detectAnomalies(input), ...pageErrorAnomalies(evidence)]),
    evidence,
  );
}
