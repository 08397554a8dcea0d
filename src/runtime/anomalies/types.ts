import type { CourseTexts } from '../../core/course-text.js';
import type { Severity } from '../../core/findings.js';
import type { ApiCallRecord, DataChange, InitializeState, IntegrityEvent } from '../records.js';

export type AnomalyType =
  | 'initialize_never_called'
  | 'initialize_awaits_learner'
  | 'asset_not_tracked'
  | 'initialize_failed'
  | 'call_before_initialize'
  | 'call_after_terminate'
  | 'repeated_initialize'
  | 'missing_terminate'
  | 'missing_commit_before_terminate'
  | 'unchecked_api_error'
  | 'set_value_rejected'
  | 'uninitialized_value_read'
  | 'non_string_argument'
  | 'session_time_not_set'
  | 'exit_not_set'
  | 'status_never_reported'
  | 'status_overridden_by_lms'
  | 'score_without_range'
  | 'suspend_data_too_long'
  | 'incomplete_interaction'
  | 'engine_accepted_invalid_value'
  | 'excessive_commits'
  | 'excessive_calls'
  | 'unload_timeout'
  | 'page_error'
  | 'player_tampered'
  | 'player_navigation'
  | 'record_engine_mismatch'
  | 'memory_budget_exceeded'
  | 'unrecorded_api_calls'
  | 'call_from_outside_sco'
  | 'plugin_required';

/** Something the course did (or failed to do) through the SCORM API, found in the recorded calls. */
export interface Anomaly {
  type: AnomalyType;
  severity: Severity;
  message: string;
  /** A concrete change to the course that removes the anomaly. */
  fix: string;
  /** Index (ApiCallRecord.index) of the first call concerned. */
  call_index?: number;
  element?: string;
  /** How many calls (or records) the anomaly aggregates. */
  count?: number;
  /** The SCO concerned. */
  sco_id?: string;
  /**
   * The SCORM attempt concerned (RTE book): the SCO's attempt number, which a resumed attempt
   * (cmi.entry "resume") keeps and a new attempt (exit not "suspend", retry, a new attempt begun by
   * sequencing) increments; not the number of launches.
   */
  attempt?: number;
  /** Other attempts of the same SCO with the same anomaly (reported once, on the first). */
  also_in_attempts?: number[];
  /** What in the run most likely caused it (a blocked request, a 404, a page error, no script). */
  likely_cause?: string;
  /** The static rule (`scorm-tester validate`) that predicts this anomaly from the files. */
  predicted_by?: string;
  /** memory_budget_exceeded: the JavaScript heap measured and the run's budget, in bytes. */
  measured_bytes?: number;
  budget_bytes?: number;
  /**
   * What the course wrote that the anomaly is about (its arguments, error texts, file names), kept out
   * of `message`, `fix` and `likely_cause`, which refer to these fields by name.
   */
  course_text?: CourseTexts;
}

export interface AnomalyInput {
  version: '1.2' | '2004';
  calls: readonly ApiCallRecord[];
  /** The last attempt's state when the calls were taken (covers calls dropped from the record). */
  finalState?: InitializeState;
  /** The engine's data model at the end (the last attempt's). */
  dataModel?: Record<string, string>;
  /**
   * Whether the SCO has been unloaded (default true). While it still runs, the end-of-attempt rules
   * (Terminate, Commit, session time, exit, status, interactions) are not applied to the last attempt.
   */
  ended?: boolean;
  /**
   * The run's latest launch: names the SCO and attempt when it made no call at all, and says whether its
   * resource is an asset (adlcp:scormType "asset", which is not expected to call the API).
   */
  launch?: {
    scoId: string;
    /** The launch number (ApiCallRecord.attempt). */ attempt: number;
    scormType: string | null;
    href: string | null;
  };
  /** The SCORM attempt each launch (ApiCallRecord.attempt) began or resumed; without it, the launch number. */
  scormAttempts?: ReadonlyMap<number, number>;
  /** Launches discarded undelivered (RuntimeLog.discardedAttempts): no anomaly is about them. */
  discardedAttempts?: Iterable<number>;
  /** The data-model history (RuntimeLog.dataChanges): shows the changes the LMS made itself. */
  changes?: readonly DataChange[];
  /** What the player reported the course doing to it (RuntimeLog.integrity). */
  integrity?: readonly IntegrityEvent[];
}
