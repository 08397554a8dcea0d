/**
 * SCORM 1.2: the status the SCO set is not always the one the LMS keeps. With a mastery score
 * (adlcp:masteryscore, cmi.student_data.mastery_score) and a raw score, the LMS decides "passed" or
 * "failed" from the score (RTE 1.2 3.4.4, cmi.core.lesson_status), and this engine does so at LMSFinish
 * in credit mode; in browse mode "not attempted" becomes "browsed". The change shows in the history as
 * the engine's own (internal) change of cmi.core.lesson_status after the SCO's last SetValue of it.
 */
import type { DataChange, IntegrityEvent } from '../records.js';
import {
  successfulSets,
  scoped,
  type Attempt,
  type Rule,
  type RuleContext,
  type TimedCall,
} from './attempts.js';
import { callText, literal, primitiveText } from './recorded.js';
import type { Anomaly } from './types.js';

const STATUS = 'cmi.core.lesson_status';
const RAW = 'cmi.core.score.raw';
const MASTERY = 'cmi.student_data.mastery_score';
const VERDICTS = new Set(['passed', 'failed']);

function lastSet(attempt: Attempt, element: string): TimedCall | undefined {
  return successfulSets(attempt)
    .filter((c) => c.element === element)
    .pop();
}

/** The engine's own change of the status in this attempt (not one the integrity check reported). */
function lmsStatusChange(
  attempt: Attempt,
  changes: readonly DataChange[],
  integrity: readonly IntegrityEvent[],
): DataChange | undefined {
  const mismatch = integrity.some(
    (e) => e.kind === 'record_engine_mismatch' && e.element === STATUS && e.attempt === attempt.attempt,
  );
  if (mismatch) return undefined;
  return changes
    .filter(
      (c) =>
        c.source === 'internal' &&
        c.element === STATUS &&
        c.attempt === attempt.attempt &&
        c.scoId === attempt.scoId &&
        c.previousValue !== c.newValue,
    )
    .pop();
}

function overrideIn(ctx: RuleContext, attempt: Attempt, isLast: boolean): Anomaly | null {
  const change = lmsStatusChange(attempt, ctx.changes, ctx.integrity);
  const set = lastSet(attempt, STATUS);
  // Without a status of its own the SCO gets status_never_reported; only browse mode needs explaining.
  if (!change || (!set && change.newValue !== 'browsed')) return null;
  const terminate = attempt.calls.find((c) => c.method === 'Terminate' && c.call.result === 'true');
  const at = terminate
    ? `At ${callText(terminate.call.method, terminate.call.args)} (call #${terminate.call.index})`
    : 'At the end of the attempt';
  const from = `${JSON.stringify(change.previousValue ?? '')} (${set ? `set by call #${set.call.index}` : 'the SCO never set it'})`;
  const raw = lastSet(attempt, RAW);
  const mastery = isLast ? ctx.dataModel?.[MASTERY] : undefined;
  if (set && VERDICTS.has(change.newValue) && raw) {
    const rawValue = literal(raw.call.args[1]);
    const masteryText = mastery
      ? `the mastery score is ${JSON.stringify(mastery)}`
      : 'the item has a mastery score';
    const reversed = VERDICTS.has(primitiveText(set.call.args[1]) ?? '');
    return scoped(ctx, attempt, {
      type: 'status_overridden_by_lms',
      severity: reversed ? 'warning' : 'info',
      message: `${at}, the LMS changed ${STATUS} from ${from} to ${JSON.stringify(change.newValue)}: ${RAW} is ${rawValue} (call #${raw.call.index}) and ${masteryText} (adlcp:masteryscore, ${MASTERY}). With a mastery score, the LMS judges passed/failed from the raw score (SCORM 1.2 RTE 3.4.4), whatever status the SCO set.`,
      fix: reversed
        ? `Judge with the LMS's mastery score: read ${MASTERY} with LMSGetValue and set "passed" only when ${RAW} reaches it; or make the manifest's adlcp:masteryscore the pass mark the course uses.`
        : `Nothing is lost, but to report the verdict yourself, set "passed" or "failed" from ${RAW} against ${MASTERY}.`,
      call_index: set.call.index,
      element: STATUS,
    });
  }
  return scoped(ctx, attempt, {
    type: 'status_overridden_by_lms',
    severity: 'info',
    message: `${at}, the LMS changed ${STATUS} from ${from} to ${JSON.stringify(change.newValue)}${
      change.newValue === 'browsed' ? ' (the attempt ran in browse mode, RTE 1.2 3.4.4)' : ''
    }.`,
    fix: `Set ${STATUS} to the status the learner reached before LMSFinish.`,
    ...(set ? { call_index: set.call.index } : {}),
    element: STATUS,
  });
}

export const statusOverrideRule: Rule = (ctx) => {
  if (ctx.version !== '1.2') return [];
  const last = ctx.attempts[ctx.attempts.length - 1];
  return ctx.attempts.map((a) => overrideIn(ctx, a, a === last)).filter((x): x is Anomaly => x !== null);
};
