/**
 * The data model of one attempt rebuilt in Node from what the record holds: the values the attempt was
 * launched with, then every recorded change to it (the course's successful SetValues and the changes
 * the engine made itself), in order. This is what a close saves when the page cannot answer in time.
 */
import type { DataChange } from '../records.js';

export interface RecordedState {
  data: Record<string, string>;
  /**
   * Elements whose last recorded value is only a head (the record cuts values past MAX_RECORDED_STRING):
   * they are left out rather than saved cut, and the previous whole value is not used either.
   */
  omitted: string[];
  /** False when the record's change cap was reached: later changes are missing. */
  complete: boolean;
}

export function recordedState(
  launchValues: Readonly<Record<string, string>>,
  changes: readonly DataChange[],
  attempt: { scoId: string; attempt: number },
  droppedChanges: number,
): RecordedState {
  const data: Record<string, string> = { ...launchValues };
  const cut = new Set<string>();
  for (const change of changes) {
    if (change.attempt !== attempt.attempt || change.scoId !== attempt.scoId) continue;
    if (change.newValueTruncated) {
      cut.add(change.element);
      delete data[change.element];
      continue;
    }
    cut.delete(change.element);
    data[change.element] = change.newValue;
  }
  return { data, omitted: [...cut].sort(), complete: droppedChanges === 0 };
}
