/** Runs every anomaly rule over a run's recorded API calls. Pure: the same calls give the same anomalies. */
import { courseText } from '../../core/course-text.js';
import { buildContext, scormAttemptOf, type Rule } from './attempts.js';
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
import { outsideCallsRule } from './outside-calls.js';
import { rejectedSetsRule } from './rejected-sets.js';
import { exitRule, scoreRangeRule, sessionTimeRule, statusRule } from './reporting.js';
import { statusOverrideRule } from './status-override.js';
import { suspendDataRule } from './suspend-data.js';
import type { Anomaly, AnomalyInput } from './types.js';
import { uncheckedErrorsRule } from './unchecked-errors.js';
import { volumeRule } from './volume.js';

const RULES: readonly Rule[] = [
  outsideCallsRule,
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
  statusOverrideRule,
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
  const integrity = integrityAnomalies(input.integrity, input.version, (launch) =>
    scormAttemptOf(input, launch),
  );
  if (ctx.attempts.length === 0) {
    // No call at all; a still-running SCO may not have started yet.
    if (input.ended === false || input.finalState === 'initialized' || input.finalState === 'terminated')
      return integrity;
    const launch = input.launch && { ...input.launch, attempt: scormAttemptOf(input, input.launch.attempt) };
    const about = launch ? { sco_id: launch.scoId, attempt: launch.attempt } : {};
    if (launch && isAsset(launch.scormType)) return [...integrity, assetNotTracked(input.version, launch)];
    return [...integrity, { ...neverInitialized(NAMES[input.version], 0), ...about }];
  }
  return sortAnomalies([...integrity, ...oncePerSco(RULES.flatMap((rule) => rule(ctx)))]);
}

function isAsset(scormType: string | null): boolean {
  return (scormType ?? '').trim().toLowerCase() === 'asset';
}

/** An asset (CAM 3.4.1.11: scormType "asset") is launched without the API: nothing to track, nothing wrong. */
function assetNotTracked(version: '1.2' | '2004', launch: NonNullable<AnomalyInput['launch']>): Anomaly {
  const attr = version === '1.2' ? 'adlcp:scormtype' : 'adlcp:scormType';
  return {
    type: 'asset_not_tracked',
    severity: 'info',
    message: `The launched resource${launch.href ? ' (`course_text.href`)' : ''} is an asset (${attr}="asset"): it is not expected to call the SCORM API, so the LMS tracks no status, score or time for it.`,
    fix: `Nothing to fix if it is meant as plain content; if the LMS should track it, make it call the API and mark its resource ${attr}="sco".`,
    sco_id: launch.scoId,
    attempt: launch.attempt,
    ...(launch.href ? { course_text: { href: courseText(launch.href) } } : {}),
  };
}

/**
 * The same anomaly (type, element) of the same SCO in several attempts is reported once, on the first,
 * listing the other attempts (a course run with --nav often launches a SCO more than once).
 */
function oncePerSco(found: readonly Anomaly[]): Anomaly[] {
  const first = new Map<string, Anomaly>();
  const out: Anomaly[] = [];
  for (const a of found) {
    if (a.sco_id === undefined || a.attempt === undefined) {
      out.push(a);
      continue;
    }
    const key = `${a.type}\u0000${a.sco_id}\u0000${a.element ?? ''}\u0000${a.severity}`;
    const seen = first.get(key);
    if (!seen) {
      const kept = { ...a };
      first.set(key, kept);
      out.push(kept);
    } else if (seen.attempt !== a.attempt) {
      seen.also_in_attempts = [...(seen.also_in_attempts ?? []), a.attempt];
    } else out.push(a);
  }
  for (const a of first.values()) {
    const more = a.also_in_attempts;
    if (more && more.length > 0)
      a.message += ` (Also in ${more.length === 1 ? 'attempt' : 'attempts'} ${more.join(', ')} of this SCO.)`;
  }
  return out;
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
