/** Runs every anomaly rule over a run's recorded API calls. Pure: the same calls give the same anomalies. */
import { buildContext, type Rule } from './attempts.js';
import { acceptedInvalidRule } from './accepted-invalid.js';
import { nonStringArgumentsRule } from './arguments.js';
import { NAMES } from './elements.js';
import { integrityAnomalies } from './integrity.js';
import { interactionsRule } from './interactions.js';
import {
  commitBeforeTerminateRule,
  initializeRule,
  neverInitialized,
  missingTerminateRule,
  repeatedInitializeRule,
  sessionOrderRule,
} from './lifecycle.js';
import { rejectedSetsRule } from './rejected-sets.js';
import { exitRule, scoreRangeRule, sessionTimeRule, statusRule } from './reporting.js';
import { suspendDataRule } from './suspend-data.js';
import type { Anomaly, AnomalyInput } from './types.js';
import { uncheckedErrorsRule } from './unchecked-errors.js';
import { volumeRule } from './volume.js';

const RULES: readonly Rule[] = [
  initializeRule,
  sessionOrderRule,
  repeatedInitializeRule,
  missingTerminateRule,
  commitBeforeTerminateRule,
  uncheckedErrorsRule,
  rejectedSetsRule,
  nonStringArgumentsRule,
  sessionTimeRule,
  exitRule,
  statusRule,
  scoreRangeRule,
  suspendDataRule,
  interactionsRule,
  acceptedInvalidRule,
  volumeRule,
];

const ORDER = { error: 0, warning: 1, info: 2 } as const;

export function detectAnomalies(input: AnomalyInput): Anomaly[] {
  if (input.version !== '1.2' && input.version !== '2004') {
    throw new TypeError(`detectAnomalies: version must be "1.2" or "2004" (got ${String(input.version)})`);
  }
  const ctx = buildContext(input);
  const integrity = integrityAnomalies(input.integrity, input.version);
  if (ctx.attempts.length === 0) {
    // No call at all; a still-running SCO may not have started yet.
    if (input.ended === false || input.finalState === 'initialized' || input.finalState === 'terminated')
      return integrity;
    return [...integrity, neverInitialized(NAMES[input.version], 0)];
  }
  return sortAnomalies([...integrity, ...RULES.flatMap((rule) => rule(ctx))]);
}

/** Errors first, then warnings, then info; within a severity by the first call concerned, else as found. */
export function sortAnomalies(found: readonly Anomaly[]): Anomaly[] {
  return found
    .map((a, i) => ({ a, i }))
    .sort(
      (x, y) =>
        ORDER[x.a.severity] - ORDER[y.a.severity] ||
        (x.a.call_index ?? Number.MAX_SAFE_INTEGER) - (y.a.call_index ?? Number.MAX_SAFE_INTEGER) ||
        x.i - y.i,
    )
    .map((x) => x.a);
}
