/** The saved-state file's format: its version tags, what it holds, and the requests and answers of its store. */
import type { PackageFingerprint } from './package-fingerprint.js';

export const SAVED_STATE_FORMAT = 'scorm-tester/saved-state@2';
/** The one-activity format written before activities were keyed; migrated once when its course id matches. */
export const LEGACY_SAVED_STATE_FORMAT = 'scorm-tester/saved-state@1';
export const DEFAULT_NAMESPACE = 'mcp';

export type ScormVersion = '1.2' | '2004';

/** Whose state a file holds. */
export interface StateKey {
  courseId: string;
  /** Default: the learner id every launch gets when none is given (DEFAULT_LEARNER_ID). */
  learnerId?: string;
  namespace?: string;
  /** The package open now: what it saves is marked as written by it (not part of the key). */
  writer?: PackageFingerprint;
}

export interface SavedActivity {
  /** Manifest item identifier of the SCO. */
  sco_id: string;
  scorm_version: ScormVersion;
  saved_at: string;
  /** Flat data model (element -> value), as the engine holds it at Terminate. */
  data: Record<string, string>;
  /** Attempts this one replaced after they ended (or were set aside by a new attempt), newest first. */
  previous_attempts?: PreviousAttempt[];
  /**
   * The SCORM attempt this data belongs to (1 for the first): a resumed attempt keeps it, a new attempt
   * over learner data takes the next. Absent in files written before it was kept: 1 + previous_attempts.
   */
  attempt?: number;
  /** The package whose save wrote this data; absent in files written before writers were recorded. */
  written_by?: PackageFingerprint;
}

/** An earlier attempt on an activity, kept when a new attempt was saved over it. */
export interface PreviousAttempt {
  saved_at: string;
  data: Record<string, string>;
}

/** How many ended attempts an activity keeps. */
export const PREVIOUS_ATTEMPTS_KEPT = 5;

export interface SavedState {
  format: typeof SAVED_STATE_FORMAT;
  course_id: string;
  learner_id: string;
  namespace: string;
  saved_at: string;
  activities: SavedActivity[];
  /** Tracking state of the whole activity tree, saved after every sequencing step; null if never sequenced. */
  sequencing: Record<string, unknown> | null;
  /** The package whose save wrote the sequencing section; absent before writers were recorded. */
  sequencing_written_by?: PackageFingerprint;
}

/**
 * Why a launch did not resume: a new attempt was asked for, nothing is saved for this SCO, it was saved
 * under the other SCORM version, its attempt ended (saved exit not "suspend"), or it was suspended
 * without any learner data in it.
 */
export type FreshStartReason =
  'new_attempt' | 'no_saved_state' | 'scorm_version_changed' | 'exit_not_suspend' | 'suspended_without_data';

export const FRESH_START_REASONS = [
  'new_attempt',
  'no_saved_state',
  'scorm_version_changed',
  'exit_not_suspend',
  'suspended_without_data',
] as const satisfies readonly FreshStartReason[];

/** The saved attempt a fresh start did not resume: kept as a previous attempt when the new one is saved. */
export interface SetAsideAttempt {
  saved_at: string;
  exit: string;
  learner_data: string[];
}

/** `attempt`: the SCORM attempt the launch resumes, or the new one it begins. */
export type ResumeDecision =
  | { resume: true; activity: SavedActivity; path: string; learnerData: string[]; attempt: number }
  | {
      resume: false;
      reason: FreshStartReason;
      path: string;
      exit?: string;
      setAside?: SetAsideAttempt;
      attempt: number;
    };

export interface SaveRequest extends StateKey {
  scoId: string;
  scormVersion: ScormVersion;
  data: Record<string, string>;
  /** This data is a new attempt: the saved one, if it holds learner data, becomes a previous attempt. */
  newAttempt?: boolean;
}

export interface CourseSave {
  scormVersion: ScormVersion;
  /** Data model of each activity to replace, by SCO (activity) id. */
  activities: Record<string, Record<string, string>>;
  /** The sequencing section to write; undefined keeps the saved one. */
  sequencing?: Record<string, unknown> | null;
  /** Activities whose data is a new attempt (see SaveRequest.newAttempt). */
  newAttempts?: ReadonlySet<string>;
}
