/**
 * Tracking status model (SN book, "Tracking Model"): objective progress information per objective and
 * activity/attempt progress information per activity, plus the activity state flags. Plain data, so
 * the whole state serializes as JSON.
 */
import type { SeqActivity, SeqTree } from './activity-tree.js';
import type { LessonStatus } from './scorm12-prerequisites.js';

/** Objective progress information; `undefined` measure/score = unknown. */
export interface ObjectiveState {
  /** Objective Progress Status: the satisfied status is known. */
  progressStatus: boolean;
  satisfiedStatus: boolean;
  /** Objective Measure Status: the normalized measure is known. */
  measureStatus: boolean;
  normalizedMeasure: number;
  /** 4th Ed. extended objective information (adlseq:objectives maps). */
  rawScore?: number;
  minScore?: number;
  maxScore?: number;
  /** Objective completion status known / completed, and progress measure. */
  completionKnown: boolean;
  completed: boolean;
  progressMeasure?: number;
}

export interface ActivityState {
  /** Activity Progress Status: at least one attempt has started (tracked). */
  progressStatus: boolean;
  attemptCount: number;
  /** Activity absolute / experienced duration, milliseconds. */
  activityAbsoluteDuration: number;
  activityExperiencedDuration: number;
  /** Attempt Progress Status: the completion status is known. */
  attemptProgressStatus: boolean;
  attemptCompletionStatus: boolean;
  /** The content reported cmi.completion_status "unknown" itself: the end of the attempt keeps it unknown. */
  completionReportedUnknown: boolean;
  /** The same for cmi.success_status: the end of the attempt does not default it to satisfied. */
  successReportedUnknown: boolean;
  /** Attempt Completion Amount Status / Amount (progress measure). */
  attemptCompletionAmountStatus: boolean;
  attemptCompletionAmount: number;
  /** Finished parts, milliseconds (activity-durations.ts adds what is running). */
  attemptAbsoluteDuration: number;
  attemptExperiencedDuration: number;
  /** When the current attempt started, by the session's clock (ms), or null: kept across suspend and resume. */
  attemptStartedAt: number | null;
  /** When the current delivery started (ms), or null when the activity is not delivered now. */
  deliveryStartedAt: number | null;
  /** cmi.session_time (ms) the current delivery reported so far, already in the experienced durations. */
  deliveryReportedTime: number;
  /** Order in which the current attempt began (TrackingState.attemptClock); 0 = never attempted. */
  attemptOrdinal: number;
  isActive: boolean;
  isSuspended: boolean;
  /** Available children (ids) after selection and randomization, in delivery order. */
  availableChildren: string[];
  /** Objective progress information keyed by the objective's id (the implicit primary is ''). */
  objectives: Record<string, ObjectiveState>;
  /** SCORM 1.2 only: cmi.core.lesson_status as the SCO's last LMSCommit/LMSFinish left it. */
  lessonStatus?: LessonStatus;
}

export interface TrackingState {
  currentActivity: string | null;
  suspendedActivity: string | null;
  /** Global objectives scoped to this course attempt (objectivesGlobalToSystem="false"). */
  localGlobals: Record<string, GlobalObjectiveRecord>;
  activities: Record<string, ActivityState>;
  /** Counts attempt starts, so a parent can tell its children's current-attempt information from stale. */
  attemptClock: number;
  /** State of the seeded generator, so a restored session continues the same sequence. */
  rngState: number;
}

/** What a global (shared) objective holds; undefined fields are unknown. */
export interface GlobalObjectiveRecord {
  satisfied?: boolean;
  normalizedMeasure?: number;
  rawScore?: number;
  minScore?: number;
  maxScore?: number;
  completed?: boolean;
  progressMeasure?: number;
}

export function objectiveKeyOf(id: string | null): string {
  return id ?? '';
}

export function newObjectiveState(): ObjectiveState {
  return {
    progressStatus: false,
    satisfiedStatus: false,
    measureStatus: false,
    normalizedMeasure: 0,
    completionKnown: false,
    completed: false,
  };
}

export function newActivityState(a: SeqActivity): ActivityState {
  const objectives: Record<string, ObjectiveState> = {};
  for (const o of a.def.objectives) objectives[objectiveKeyOf(o.id)] = newObjectiveState();
  return {
    progressStatus: false,
    attemptCount: 0,
    activityAbsoluteDuration: 0,
    activityExperiencedDuration: 0,
    attemptProgressStatus: false,
    attemptCompletionStatus: false,
    completionReportedUnknown: false,
    successReportedUnknown: false,
    attemptCompletionAmountStatus: false,
    attemptCompletionAmount: 0,
    attemptAbsoluteDuration: 0,
    attemptExperiencedDuration: 0,
    attemptStartedAt: null,
    deliveryStartedAt: null,
    deliveryReportedTime: 0,
    attemptOrdinal: 0,
    isActive: false,
    isSuspended: false,
    availableChildren: a.children.map((c) => c.id),
    objectives,
  };
}

export function newTrackingState(tree: SeqTree, rngState: number): TrackingState {
  const activities: Record<string, ActivityState> = {};
  for (const a of tree.activities) activities[a.id] = newActivityState(a);
  return {
    currentActivity: null,
    suspendedActivity: null,
    localGlobals: {},
    activities,
    attemptClock: 0,
    rngState,
  };
}

/** A new attempt on the activity: attempt progress and objective information start unknown. */
export function resetForNewAttempt(s: ActivityState): void {
  s.attemptProgressStatus = false;
  s.attemptCompletionStatus = false;
  s.completionReportedUnknown = false;
  s.successReportedUnknown = false;
  s.attemptCompletionAmountStatus = false;
  s.attemptCompletionAmount = 0;
  s.attemptAbsoluteDuration = 0;
  s.attemptExperiencedDuration = 0;
  for (const key of Object.keys(s.objectives)) s.objectives[key] = newObjectiveState();
}

/** A copy of one activity's state that shares nothing mutable (availableChildren arrays are only ever replaced). */
export function copyActivityState(s: ActivityState): ActivityState {
  const objectives: Record<string, ObjectiveState> = {};
  for (const key in s.objectives) objectives[key] = { ...(s.objectives[key] as ObjectiveState) };
  return { ...s, objectives };
}
