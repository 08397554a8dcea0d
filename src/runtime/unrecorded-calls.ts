/**
 * Node's check that a SCO's calls were recorded, from what the engine says the SCO did: every element it
 * holds as set by the SCO must be in a recorded SetValue of the attempt (unrecordedSets), and (SCORM 1.2,
 * whose engine counts them) every Initialize, Commit and Terminate that answered "true" must have a
 * recorded call of that method in the attempt. A recorded call counts whatever it answered: the check is
 * for calls missing from the record, not for what they did.
 */
import type { LifecycleSuccesses, RecordCheck } from './player/wire.js';
import { canonicalMethod, methodName, type ApiCallRecord } from './records.js';
import { unrecordedSets } from './unrecorded-sets.js';

const LIFECYCLE: ReadonlyArray<{ method: keyof LifecycleSuccesses; index: number }> = [
  { method: 'Initialize', index: 0 },
  { method: 'Terminate', index: 1 },
  { method: 'Commit', index: 4 },
];

/** What the record lacks: element names, then lifecycle calls as "LMSCommit (3 answered true, 2 recorded)". */
export function unrecordedCalls(
  engine: Pick<RecordCheck, 'set' | 'lifecycle'>,
  calls: readonly ApiCallRecord[],
  attempt: { scoId: string; attempt: number },
  version: '1.2' | '2004',
): string[] {
  const missing = unrecordedSets(engine.set, calls, attempt);
  if (!engine.lifecycle) return missing;
  const recorded: Record<string, number> = { Initialize: 0, Commit: 0, Terminate: 0 };
  for (const c of calls) {
    if (c.attempt !== attempt.attempt || c.scoId !== attempt.scoId) continue;
    const method = canonicalMethod(c.method);
    if (method in recorded) recorded[method] = (recorded[method] ?? 0) + 1;
  }
  for (const { method, index } of LIFECYCLE) {
    const succeeded = engine.lifecycle[method];
    const seen = recorded[method] ?? 0;
    if (succeeded > seen)
      missing.push(`${methodName(index, version)} (${succeeded} answered true, ${seen} recorded)`);
  }
  return missing;
}
