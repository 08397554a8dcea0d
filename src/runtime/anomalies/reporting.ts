/** What a finished attempt should have reported: session time, exit, a status, a score's range. */
import {
  successfulSets,
  scoped,
  type Attempt,
  type Rule,
  type RuleContext,
  type TimedCall,
} from './attempts.js';
import { SUSPEND_DATA } from './elements.js';
import type { CourseTexts } from '../../core/course-text.js';
import { callRef, callTexts } from './recorded.js';
import type { Anomaly } from './types.js';

function finished(ctx: RuleContext): Attempt[] {
  return ctx.attempts.filter((a) => a.ended && a.reachedInitialized);
}

function setElements(attempt: Attempt): Set<string> {
  return new Set(successfulSets(attempt).map((c) => c.element ?? ''));
}

/** The last SetValue of `element` the engine refused, if the SCO tried. */
function lastRefusedSet(attempt: Attempt, element: string): TimedCall | undefined {
  const refused = attempt.calls.filter(
    (c) => c.fromSco && c.method === 'SetValue' && c.element === element && c.call.result === 'false',
  );
  return refused[refused.length - 1];
}

/** "was never set" or, when the SCO tried, which call set it and how the engine refused it. */
function notSetText(
  attempt: Attempt,
  element: string,
): { text: string; call_index?: number; course_text?: CourseTexts } {
  const refused = lastRefusedSet(attempt, element);
  if (!refused) return { text: `${element} was never set` };
  const call = refused.call;
  return {
    text: `${element} was set but never stored: ${callRef(call)} was rejected with error ${call.errorCode}${
      call.errorString ? ` (${call.errorString})` : ''
    }`,
    call_index: call.index,
    course_text: callTexts(call),
  };
}

export const sessionTimeRule: Rule = (ctx) =>
  finished(ctx)
    .filter((a) => !setElements(a).has(ctx.names.sessionTime))
    .map((a) => ({ a, not: notSetText(a, ctx.names.sessionTime) }))
    .map(({ a, not }) =>
      scoped(ctx, a, {
        type: 'session_time_not_set',
        severity: 'warning',
        message: `${not.text}, so the LMS cannot add this session to the learner's total time.`,
        fix:
          ctx.version === '1.2'
            ? 'Before LMSFinish, set cmi.core.session_time to the time since launch as HHHH:MM:SS (e.g. "0000:05:12").'
            : 'Before Terminate, set cmi.session_time to the time since launch as an ISO 8601 duration (e.g. "PT5M12S").',
        element: ctx.names.sessionTime,
        ...(not.call_index !== undefined ? { call_index: not.call_index } : {}),
        ...(not.course_text ? { course_text: not.course_text } : {}),
      }),
    );

/** The values an attempt ended with, per element (its last successful SetValue). */
function lastValues(attempt: Attempt): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of successfulSets(attempt)) if (c.element) out.set(c.element, String(c.call.args[1] ?? ''));
  return out;
}

/**
 * An exit left unset is an exit of "" (RTE: a normal exit in 1.2, an undetermined one in 2004): the
 * attempt ends and the next launch starts over. That loses something only when the SCO saved a bookmark
 * and did not finish, so that case is reported; and so is an exit the SCO tried to set and the LMS refused.
 */
function unsetExitLosesBookmark(ctx: RuleContext, attempt: Attempt): boolean {
  const values = lastValues(attempt);
  const bookmark = [ctx.names.location, SUSPEND_DATA].some((el) => (values.get(el) ?? '') !== '');
  const finishedWith = ctx.names.status.map((el) => values.get(el) ?? '');
  const done = finishedWith.some((v) => v === 'completed' || v === 'passed' || v === 'failed');
  return bookmark && !done;
}

export const exitRule: Rule = (ctx) =>
  finished(ctx)
    .filter((a) => !setElements(a).has(ctx.names.exit))
    .filter((a) => lastRefusedSet(a, ctx.names.exit) !== undefined || unsetExitLosesBookmark(ctx, a))
    .map((a) => ({ a, not: notSetText(a, ctx.names.exit) }))
    .map(({ a, not }) =>
      scoped(ctx, a, {
        type: 'exit_not_set',
        severity: 'warning',
        message: `${not.text}, so this session ends the attempt as a normal exit: the bookmark the SCO saved (${ctx.names.location} / ${SUSPEND_DATA}) will not be offered on the next launch, which starts over.`,
        fix: `Before ${ctx.names.terminate}, set ${ctx.names.exit} to "suspend" when the learner leaves unfinished, or to ${
          ctx.version === '1.2' ? '"" (or "logout")' : '"normal"'
        } when done.`,
        element: ctx.names.exit,
        ...(not.call_index !== undefined ? { call_index: not.call_index } : {}),
        ...(not.course_text ? { course_text: not.course_text } : {}),
      }),
    );

/**
 * A session that resumes an attempt may leave its status as an earlier session reported it: the status
 * the SCO reads back (or an entry of "resume") shows the attempt already had one.
 */
function statusFromEarlierSession(ctx: RuleContext, attempt: Attempt): boolean {
  return attempt.calls.some((c) => {
    if (c.method !== 'GetValue' || (c.call.errorCode !== '0' && c.call.errorCode !== '')) return false;
    const value = String(c.call.result);
    if (c.element === ctx.names.entry) return value === 'resume';
    return (
      c.element !== null &&
      ctx.names.status.includes(c.element) &&
      value !== '' &&
      value !== 'not attempted' &&
      value !== 'unknown'
    );
  });
}

export const statusRule: Rule = (ctx) =>
  finished(ctx)
    .filter((a) => {
      const set = setElements(a);
      return !ctx.names.status.some((el) => set.has(el)) && !statusFromEarlierSession(ctx, a);
    })
    .map((a) =>
      scoped(ctx, a, {
        type: 'status_never_reported',
        severity: 'warning',
        message: `The SCO never reported a status (${ctx.names.status.join(' / ')}), so the LMS cannot show it as completed or passed.`,
        fix:
          ctx.version === '1.2'
            ? 'Set cmi.core.lesson_status to "incomplete" on launch and to "completed" / "passed" / "failed" when the learner finishes.'
            : 'Set cmi.completion_status to "incomplete" on launch and "completed" when done; set cmi.success_status to "passed"/"failed" if the SCO is assessed.',
        element: ctx.names.status[0],
      }),
    );

export const scoreRangeRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  for (const a of finished(ctx)) {
    const sets = successfulSets(a);
    const raw = sets.find((c) => c.element === ctx.names.scoreRaw);
    if (!raw) continue;
    const names = new Set(sets.map((c) => c.element));
    const missing = [ctx.names.scoreMin, ctx.names.scoreMax].filter((el) => !names.has(el));
    if (missing.length === 0) continue;
    out.push(
      scoped(ctx, a, {
        type: 'score_without_range',
        severity: 'info',
        message: `${ctx.names.scoreRaw} was set without ${missing.join(' and ')}; an LMS cannot tell what the raw score is out of.`,
        fix: `Set ${ctx.names.scoreMin} and ${ctx.names.scoreMax} (e.g. "0" and "100") along with ${ctx.names.scoreRaw}${
          ctx.version === '2004' ? ', and cmi.score.scaled (-1..1) for sequencing' : ''
        }.`,
        call_index: raw.call.index,
        element: ctx.names.scoreRaw,
      }),
    );
  }
  return out;
};
