/**
 * Run-time data → tracking model, when a SCO commits or terminates (RTE book, "Mapping the run-time
 * data model to the tracking model"): completion and success status, scores, progress measure,
 * cmi.objectives.n.*, session time and cmi.exit.
 */
import type { SeqActivity } from './activity-tree.js';
import { reportSessionTime } from './activity-durations.js';
import { durationMs } from './duration.js';
import {
  findObjective,
  primaryObjective,
  setAttemptCompletion,
  setAttemptCompletionAmount,
  setObjectiveExtras,
  setObjectiveMeasure,
  setObjectiveSatisfied,
} from './objective-maps.js';
import type { EffectiveObjective } from './effective-definition.js';
import { overallRollupProcess } from './overall-rollup-process.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';

export interface RuntimeScore {
  scaled?: number;
  raw?: number;
  min?: number;
  max?: number;
}

export interface RuntimeObjective {
  id: string;
  successStatus?: string;
  completionStatus?: string;
  score?: RuntimeScore;
  progressMeasure?: number;
}

/**
 * What the SCO's run-time data model says at Commit or Terminate (values as the data model holds them).
 * A status of "unknown" means the SCO set it to unknown itself; leave a status out when the SCO did not
 * set it and it is unknown (an objective the LMS initialised as unknown).
 */
export interface RuntimeAttemptReport {
  completionStatus?: string;
  successStatus?: string;
  score?: RuntimeScore;
  progressMeasure?: number;
  objectives?: RuntimeObjective[];
  /** cmi.session_time of this session (ISO 8601 duration). */
  sessionTime?: string;
  /** cmi.exit: "suspend", "logout", "normal", "time-out" or "". */
  exit?: string;
  /** adl.nav.request, as the SCO left it ("_none_" or absent: none). */
  navRequest?: string;
  /**
   * SCORM 1.2: cmi.core.lesson_status as the data model holds it. It stands in for completionStatus
   * and successStatus, and sessionTime is then a CMITimespan (see scorm12-tracking.ts).
   */
  lessonStatus?: string;
  /** SCORM 1.2: cmi.core.credit; with "no-credit" the mastery score does not decide the status. */
  credit?: string;
}

function satisfiedOf(successStatus: string | undefined): boolean | undefined {
  return successStatus === 'passed' ? true : successStatus === 'failed' ? false : undefined;
}

function completedOf(completionStatus: string | undefined): boolean | undefined {
  if (completionStatus === 'completed') return true;
  if (completionStatus === 'incomplete' || completionStatus === 'not attempted') return false;
  return undefined;
}

export function applyRuntimeReport(
  ctx: SequencingContext,
  a: SeqActivity,
  report: RuntimeAttemptReport,
): void {
  const s = stateOf(ctx, a);
  if (a.def.tracked) {
    const primary = primaryObjective(a);
    let primaryEntry: RuntimeObjective | undefined;
    for (const o of report.objectives ?? []) {
      const objective = o.id.trim() ? findObjective(a, o.id) : null;
      if (!objective) continue;
      if (objective === primary) primaryEntry = o;
      else mapObjective(ctx, a, objective, o.successStatus, o.score, o.completionStatus, o.progressMeasure);
    }
    // cmi.success_status and cmi.score describe the primary objective; its cmi.objectives entry fills what they leave unknown.
    const known = (v: string | undefined) => (v && v !== 'unknown' ? v : undefined);
    // A status the SCO set to "unknown" itself stays unknown (not taken from the objective entry, no default).
    // For success, the primary objective's cmi.objectives entry set to unknown counts too (SN book UP.4:
    // the end of the attempt sets satisfied only when the content did not set the objective's status).
    const reportedUnknown = report.completionStatus === 'unknown';
    s.completionReportedUnknown = reportedUnknown;
    s.successReportedUnknown =
      report.successStatus === 'unknown' ||
      (known(report.successStatus) === undefined && primaryEntry?.successStatus === 'unknown');
    const completion = reportedUnknown
      ? undefined
      : (report.completionStatus ?? primaryEntry?.completionStatus);
    const progress = report.progressMeasure ?? primaryEntry?.progressMeasure;
    mapObjective(
      ctx,
      a,
      primary,
      known(report.successStatus) ?? primaryEntry?.successStatus,
      report.score?.scaled !== undefined ? report.score : (primaryEntry?.score ?? report.score),
      completion,
      progress,
    );
    // Completed by measure: the progress measure against the threshold decides (RTE completion_threshold).
    const completed = a.completedByMeasure
      ? progress === undefined
        ? undefined
        : progress >= a.minProgressMeasure
      : completedOf(completion);
    setAttemptCompletion(ctx, a, completed);
    setAttemptCompletionAmount(ctx, a, progress);
    const session = durationMs(report.sessionTime);
    if (session !== null) reportSessionTime(s, session);
  }
  s.isSuspended = report.exit === 'suspend';
  emit(ctx, {
    level: 'detailed',
    process: 'RTE mapping to the tracking model',
    kind: 'state',
    activity: a.id,
    data: { ...report },
  });
  overallRollupProcess(ctx, a);
}

function mapObjective(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
  successStatus: string | undefined,
  score: RuntimeScore | undefined,
  completionStatus: string | undefined,
  progressMeasure: number | undefined,
): void {
  // An objective satisfied by measure takes its status from the measure (RTE: scaled_passing_score);
  // otherwise a status the SCO did not report leaves the objective's status as it is.
  if (o.satisfiedByMeasure)
    setObjectiveSatisfied(
      ctx,
      a,
      o,
      score?.scaled === undefined ? undefined : score.scaled >= o.minNormalizedMeasure,
      'ifKnown',
    );
  else if (successStatus !== undefined) setObjectiveSatisfied(ctx, a, o, satisfiedOf(successStatus));
  setObjectiveMeasure(ctx, a, o, score?.scaled, 'ifKnown');
  setObjectiveExtras(ctx, a, o, {
    rawScore: score?.raw,
    minScore: score?.min,
    maxScore: score?.max,
    completed: completedOf(completionStatus),
    progressMeasure,
  });
}
