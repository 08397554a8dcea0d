/** Which SCORM attempt a saved activity holds, whether it resumes, and what a new attempt keeps of it. */
import { learnerDataElements } from './learner-data.js';
import { PREVIOUS_ATTEMPTS_KEPT, type PreviousAttempt, type SavedActivity } from './saved-state-format.js';

/** The saved exit of an activity and the elements of its data that hold learner data. */
export function resumability(activity: SavedActivity): { exit: string; learnerData: string[] } {
  const is12 = activity.scorm_version === '1.2';
  return {
    exit: activity.data[is12 ? 'cmi.core.exit' : 'cmi.exit'] ?? '',
    learnerData: learnerDataElements(activity.data, activity.scorm_version),
  };
}

/** The SCORM attempt a saved activity's data belongs to. */
export function attemptNumber(activity: SavedActivity): number {
  const n = activity.attempt;
  return Number.isSafeInteger(n) && (n as number) > 0
    ? (n as number)
    : 1 + (activity.previous_attempts?.length ?? 0);
}

/** The number of a new attempt over a saved one: the next, unless the saved one holds no learner data (it is replaced, as setAsideAttempt drops it). */
export function nextAttemptNumber(before: SavedActivity): number {
  const kept = learnerDataElements(before.data, before.scorm_version).length > 0;
  return attemptNumber(before) + (kept ? 1 : 0);
}

/** The previous attempts of an activity once a new attempt replaces it (an attempt without data is not kept). */
export function setAsideAttempt(before: SavedActivity | undefined): PreviousAttempt[] {
  if (!before) return [];
  const older = before.previous_attempts ?? [];
  if (learnerDataElements(before.data, before.scorm_version).length === 0) return older;
  return [{ saved_at: before.saved_at, data: before.data }, ...older].slice(0, PREVIOUS_ATTEMPTS_KEPT);
}
