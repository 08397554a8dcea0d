/**
 * What the run-time data model of a delivered SCO starts with (RTE book, data model initialization):
 * cmi.entry, cmi.objectives read through objective maps, completion threshold, scaled passing score,
 * time limits and launch data.
 */
import type { SeqActivity } from './activity-tree.js';
import {
  attemptCompleted,
  objectiveExtra,
  objectiveMeasure,
  objectiveSatisfied,
  localObjective,
  mappedCompletion,
  primaryObjective,
} from './objective-maps.js';
import type { LessonStatus } from './scorm12-prerequisites.js';
import { scorm12StatusOf } from './scorm12-tracking.js';
import type { SequencingContext } from './sequencing-context.js';

export interface RuntimeObjectiveInit {
  id: string;
  successStatus: 'passed' | 'failed' | 'unknown';
  completionStatus: 'completed' | 'incomplete' | 'unknown';
  scaled?: number;
  raw?: number;
  min?: number;
  max?: number;
  progressMeasure?: number;
}

export interface RuntimeInit {
  activityId: string;
  entry: 'ab-initio' | 'resume';
  /** cmi.completion_threshold (only with completedByMeasure). */
  completionThreshold?: number;
  /** cmi.scaled_passing_score (only when the primary objective is satisfied by measure). */
  scaledPassingScore?: number;
  /** cmi.max_time_allowed (timeinterval); on 1.2 cmi.student_data.max_time_allowed (CMITimespan). */
  maxTimeAllowed?: string;
  timeLimitAction?: string;
  launchData?: string;
  /** Every objective with an id, the primary first. */
  objectives: RuntimeObjectiveInit[];
  /** cmi.completion_status known from sequencing (e.g. read from a global objective). */
  completionStatus?: 'completed' | 'incomplete';
  /** SCORM 1.2: cmi.core.lesson_status to start with (1.2 keeps the item's status from session to session). */
  lessonStatus?: LessonStatus;
  /** SCORM 1.2: cmi.student_data.mastery_score (adlcp:masteryscore). */
  masteryScore?: number;
}

export function runtimeInit(ctx: SequencingContext, a: SeqActivity, resumed: boolean): RuntimeInit {
  const primary = primaryObjective(a);
  const objectives: RuntimeObjectiveInit[] = [];
  for (const o of a.def.objectives) {
    if (o.id === null) continue;
    const satisfied = objectiveSatisfied(ctx, a, o);
    // A completion status read through a map is taken as the global holds it, before the local one and
    // without re-judging a mapped progress measure against this activity's completion threshold.
    const local = localObjective(ctx, a, o);
    let completed = mappedCompletion(ctx, o);
    if (completed === undefined && local.completionKnown) completed = local.completed;
    if (completed === undefined && o === primary) completed = attemptCompleted(ctx, a);
    const entry: RuntimeObjectiveInit = {
      // cmi.objectives.n.id is the identifier as the manifest means it: percent-escapes decoded (ADL OB-12a).
      id: o.key ?? o.id,
      successStatus: satisfied === undefined ? 'unknown' : satisfied ? 'passed' : 'failed',
      completionStatus: completed === undefined ? 'unknown' : completed ? 'completed' : 'incomplete',
    };
    const scaled = objectiveMeasure(ctx, a, o);
    if (scaled !== undefined) entry.scaled = scaled;
    for (const key of ['rawScore', 'minScore', 'maxScore', 'progressMeasure'] as const) {
      const v = objectiveExtra(ctx, a, o, key);
      if (v === undefined) continue;
      if (key === 'progressMeasure') entry.progressMeasure = v;
      else entry[key === 'rawScore' ? 'raw' : key === 'minScore' ? 'min' : 'max'] = v;
    }
    objectives.push(entry);
  }
  const init: RuntimeInit = { activityId: a.id, entry: resumed ? 'resume' : 'ab-initio', objectives };
  if (a.completedByMeasure) init.completionThreshold = a.minProgressMeasure;
  if (primary.satisfiedByMeasure) init.scaledPassingScore = primary.minNormalizedMeasure;
  if (a.def.attemptAbsoluteDurationLimit) init.maxTimeAllowed = a.def.attemptAbsoluteDurationLimit;
  if (a.scorm12) {
    // 1.2 data model: max_time_allowed is a CMITimespan, written as the manifest has it.
    init.lessonStatus = scorm12StatusOf(ctx, a);
    if (a.scorm12.masteryScore !== null) init.masteryScore = a.scorm12.masteryScore;
    if (a.scorm12.maxTimeAllowed !== null) init.maxTimeAllowed = a.scorm12.maxTimeAllowed;
  }
  if (a.timeLimitAction) init.timeLimitAction = a.timeLimitAction;
  if (a.dataFromLMS !== null) init.launchData = a.dataFromLMS;
  return init;
}
