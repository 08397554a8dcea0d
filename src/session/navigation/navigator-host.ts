/** What the session navigator is given (its session's side) and what its close from the record answers. */
import type { Logger } from '../../core/logger.js';
import type { ScormManifest } from '../../manifest/index.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { SavedStateStore, StateKey } from '../saved-state.js';
import type { LearnerStateStore } from './learner-state.js';
import type { UnloadedSco } from './types.js';

/** What the navigator needs from its session. */
export interface NavigatorHost {
  readonly manifest: ScormManifest;
  /** Where the package's files are (a delivery whose launch file is not there is refused up front). */
  readonly packageRoot: string;
  readonly version: '1.2' | '2004';
  readonly stateKey: StateKey;
  readonly learnerName?: string;
  readonly store: SavedStateStore;
  readonly learners: LearnerStateStore;
  readonly logger: Logger;
  /** The open runtime (RUNTIME_NOT_OPEN otherwise). */
  requireRuntime(): CourseRuntime;
}

export interface NavigatorOptions {
  /** Ignore the saved sequencing state and each activity's saved data (a new attempt on the course). */
  fresh?: boolean;
  /** Seed for selection and randomization (default 1). */
  seed?: number;
}

/** What a close did: the save, whether it suspended, the SCO it unloaded and how its attempt ended. */
export interface NavigatorClose {
  saved_state_path: string | null;
  suspended: boolean;
  unloaded: UnloadedSco | null;
  /** The exit the unloaded SCO's attempt ended with, and who set it (null: no SCO was running). */
  exit: string | null;
  exit_set_by: 'course' | 'tester' | null;
}

/** What a close from the record did: as close(), plus the elements left out. */
export interface RecordClose extends NavigatorClose {
  omitted: string[];
}
