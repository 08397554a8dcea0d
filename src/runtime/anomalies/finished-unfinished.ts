/**
 * A session that ended (LMSFinish / Terminate) with a status that says the learner did not finish. That
 * may be right (the learner left mid-course, RTE 1.2 3.4.4 "incomplete"; RTE 2004 4.2.4 completion_status),
 * so it is a warning; but when the learner did reach the end, it is the course's defect: the LMS keeps the
 * last status the SCO set (RTE 1.2 cmi.core.lesson_status; 2004 cmi.completion_status / success_status)
 * and never shows the SCO completed. A status the LMS itself decides (a mastery score, a completion
 * threshold) is left to status_overridden_by_lms; no status at all is status_never_reported.
 */
import { successfulSets, scoped, type Attempt, type Rule, type RuleContext } from './attempts.js';
import { callRef, callTexts } from './recorded.js';

const FINISHING = new Set(['completed', 'passed', 'failed', 'browsed']);
const NO_STATUS = new Set(['', 'not attempted', 'unknown']);
/** 2004 elements from which the LMS may evaluate the status itself (RTE 4.2.4.1, 4.2.22.1). */
const LMS_EVALUATES = new Set(['cmi.progress_measure', 'cmi.score.scaled']);

/** The status each element last had in the attempt: the SCO's last set, else the last value it read. */
function lastStatuses(ctx: RuleContext, attempt: Attempt): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of attempt.calls) {
    if (!c.fromSco || c.element === null || !ctx.names.status.includes(c.element)) continue;
    if (c.call.errorCode !== '0' && c.call.errorCode !== '') continue;
    if (c.method === 'SetValue' && c.call.result === 'true') out.set(c.element, String(c.call.args[1] ?? ''));
    // A status read back is an earlier session's; "not attempted" / "unknown" is none (status_never_reported).
    const read = String(c.call.result ?? '');
    if (c.method === 'GetValue' && !out.has(c.element) && !NO_STATUS.has(read)) out.set(c.element, read);
  }
  return out;
}

function lmsDecidesStatus(ctx: RuleContext, attempt: Attempt): boolean {
  const internal = ctx.changes.some(
    (c) =>
      c.source === 'internal' &&
      ctx.names.status.includes(c.element) &&
      FINISHING.has(c.newValue) &&
      c.attempt === attempt.attempt &&
      c.scoId === attempt.scoId,
  );
  return internal || successfulSets(attempt).some((c) => LMS_EVALUATES.has(c.element ?? ''));
}

export const finishedUnfinishedRule: Rule = (ctx) =>
  ctx.attempts.flatMap((a) => {
    const end = a.calls.find((c) => c.fromSco && c.method === 'Terminate' && c.call.result === 'true');
    if (!a.ended || !a.reachedInitialized || !end) return [];
    const statuses = lastStatuses(ctx, a);
    // Nothing set or read: status_never_reported says it.
    if (statuses.size === 0 || [...statuses.values()].some((v) => FINISHING.has(v))) return [];
    if (lmsDecidesStatus(ctx, a)) return [];
    const last = [...statuses].map(([el, v]) => `${el} "${v}"`).join(', ');
    return [
      scoped(ctx, a, {
        type: 'finished_without_completion',
        severity: 'warning',
        message: `The SCO ended its session (${callRef(end.call)}) with ${last}: it never reported completion, so the LMS will not show it completed. Right if the learner left mid-course; a defect if the learner reached the end.`,
        fix:
          ctx.version === '1.2'
            ? 'When the learner finishes, set cmi.core.lesson_status to "completed" (or "passed" / "failed") before LMSFinish.'
            : 'When the learner finishes, set cmi.completion_status to "completed" (and cmi.success_status if assessed) before Terminate.',
        call_index: end.call.index,
        element: ctx.names.status[0],
        course_text: callTexts(end.call),
      }),
    ];
  });
