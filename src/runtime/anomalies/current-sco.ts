/** What the anomalies of a course still open say about where it is: its SCO and attempt, and whether it has started. */
import type { CourseRuntime } from '../course-runtime.js';
import type { Anomaly } from './types.js';

/** The SCO shown and its SCORM attempt, as an anomaly's `sco_id` and `attempt`; nothing when no SCO is known. */
export function currentScoScope(runtime: CourseRuntime): Pick<Anomaly, 'sco_id' | 'attempt'> {
  const scoId = runtime.log.currentScoId;
  if (scoId === null) return {};
  const attempt = runtime.log.scormAttempts.get(runtime.log.currentAttempt) ?? runtime.log.currentAttempt;
  return { sco_id: scoId, attempt };
}

/** A course still open and loaded whose SCO has made no API call yet. */
export function openAndSilent(runtime: CourseRuntime): boolean {
  if (!runtime.isOpen || runtime.isLoading || runtime.initializeState !== 'none') return false;
  return !runtime.calls.some((c) => c.source === 'sco');
}
