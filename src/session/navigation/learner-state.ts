/**
 * What belongs to a learner rather than to one course: global objectives (objectivesGlobalToSystem)
 * and adl.data shared data buckets (sharedDataGlobalToSystem). One file per learner next to the saved
 * course states, written atomically, its ids checked on load.
 */
import type { GlobalObjectiveStore } from '../../sequencing/index.js';
import type { SharedDataStore } from '../../rte/strict/shared-data.js';

export interface LearnerState {
  learnerId: string;
  globalObjectives: GlobalObjectiveStore;
  sharedData: SharedDataStore;
  /** Writes the learner's file (atomically). */
  save(): Promise<string>;
}

export interface LearnerStateStore {
  /** SESSION_STATE_CORRUPT when the file cannot be read or holds another learner's state. */
  load(learnerId: string, namespace?: string): Promise<LearnerState>;
  pathFor(learnerId: string, namespace?: string): string;
}
