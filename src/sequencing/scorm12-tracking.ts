/**
 * SCORM 1.2 tracking: cmi.core.lesson_status and cmi.core.score at LMSCommit/LMSFinish become the
 * engine's tracking data, and each item's lesson status answers its followers' prerequisites.
 *
 * At LMSFinish the LMS decides the final status (SCORM 1.2 RTE, cmi.core.lesson_status): a status the
 * SCO never set ("not attempted") becomes "completed"; then, unless the SCO set "incomplete" or the
 * attempt is for no credit, an adlcp:masteryscore and a cmi.core.score.raw decide "passed" or "failed".
 */
import { quoted } from '../core/course-text.js';
import type { SeqActivity } from './activity-tree.js';
import { attemptCompleted, objectiveSatisfied, primaryObjective } from './objective-maps.js';
import type { RuntimeAttemptReport } from './runtime-mapping.js';
import { lessonStatusOf, prerequisitesMet, type LessonStatus } from './scorm12-prerequisites.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';
import { formatDuration } from '../rte/strict/duration.js';
import { timespanSeconds } from '../rte/datamodel/types/cmi-timespan.js';

/** The final lesson status at LMSFinish (`finished`) or the status as it stands at LMSCommit. */
export function scorm12LessonStatus(
  report: RuntimeAttemptReport,
  masteryScore: number | null,
  finished: boolean,
): LessonStatus {
  const reported = lessonStatusOf(report.lessonStatus ?? '') ?? 'not attempted';
  if (!finished) return reported;
  const status = reported === 'not attempted' ? 'completed' : reported;
  const raw = report.score?.raw;
  if (
    masteryScore === null ||
    raw === undefined ||
    report.credit === 'no-credit' ||
    reported === 'incomplete'
  )
    return status;
  return raw >= masteryScore ? 'passed' : 'failed';
}

const COMPLETION: Record<LessonStatus, string> = {
  passed: 'completed',
  failed: 'completed',
  completed: 'completed',
  incomplete: 'incomplete',
  // Browsing is not a credit attempt: the activity is not complete.
  browsed: 'incomplete',
  'not attempted': 'not attempted',
};

/**
 * A SCORM 1.2 SCO's report → the 2004 terms the tracking model uses (completion, success, ISO session
 * time); the lesson status is kept on the activity for prerequisites.
 */
export function applyScorm12Report(
  ctx: SequencingContext,
  a: SeqActivity,
  report: RuntimeAttemptReport,
  finished: boolean,
): RuntimeAttemptReport {
  const status = scorm12LessonStatus(report, a.scorm12?.masteryScore ?? null, finished);
  stateOf(ctx, a).lessonStatus = status;
  emit(ctx, {
    level: 'detailed',
    process: 'SCORM 1.2 lesson status',
    kind: 'state',
    activity: a.id,
    data: { reported: report.lessonStatus, final: status, finished, masteryScore: a.scorm12?.masteryScore },
  });
  const out: RuntimeAttemptReport = { ...report, completionStatus: COMPLETION[status] };
  delete out.lessonStatus;
  delete out.credit;
  if (status === 'passed' || status === 'failed') out.successStatus = status;
  else delete out.successStatus;
  const seconds = report.sessionTime === undefined ? undefined : timespanSeconds(report.sessionTime);
  if (seconds === undefined) delete out.sessionTime;
  else out.sessionTime = formatDuration(seconds);
  return out;
}

/** An item's lesson status: as its SCO last reported it, or (a block of items) from the rolled-up tracking data. */
export function scorm12StatusOf(ctx: SequencingContext, a: SeqActivity): LessonStatus {
  const s = stateOf(ctx, a);
  if (s.lessonStatus !== undefined) return s.lessonStatus;
  if (a.children.length === 0) return 'not attempted';
  const satisfied = objectiveSatisfied(ctx, a, primaryObjective(a));
  if (satisfied !== undefined) return satisfied ? 'passed' : 'failed';
  const completed = attemptCompleted(ctx, a);
  if (completed === true) return 'completed';
  return s.attemptCount > 0 || completed === false ? 'incomplete' : 'not attempted';
}

/** Why the item's prerequisites keep it from being entered now (null: met, or it has none). */
export function scorm12PrerequisitesBlock(ctx: SequencingContext, a: SeqActivity): string | null {
  const p = a.scorm12?.prerequisites;
  if (!p || 'error' in p.parsed) return null;
  const statuses = new Map<string, LessonStatus>();
  const statusOf = (id: string): LessonStatus => {
    let s = statuses.get(id);
    if (s === undefined) {
      const item = ctx.tree.byId.get(id);
      s = item ? scorm12StatusOf(ctx, item) : 'not attempted';
      statuses.set(id, s);
    }
    return s;
  };
  const met = prerequisitesMet(p.parsed, statusOf);
  emit(ctx, {
    level: 'verbose',
    process: 'SCORM 1.2 prerequisites',
    kind: 'rule',
    activity: a.id,
    data: { script: p.script, met, statuses: Object.fromEntries(statuses) },
  });
  if (met) return null;
  const now = [...statuses].map(([id, s]) => `${quoted(id)} is ${s}`).join(', ');
  return `${quoted(a.id)} has prerequisites ${quoted(p.script)} that are not met (${now})`;
}
