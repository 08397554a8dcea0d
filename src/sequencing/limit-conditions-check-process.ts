/**
 * UP.1 Limit Conditions Check Process and UP.5 Check Activity Process. Limits are never checked on an
 * activity that is active or suspended: an attempt in progress is not cut short by them. Durations are
 * read by the session's clock (activity-durations.ts); time points are compared with `ctx.now`.
 */
import { quoted } from '../core/course-text.js';
import { activityLabel, type SeqActivity } from './activity-tree.js';
import { durationsNow, type Durations } from './activity-durations.js';
import { durationMs } from './duration.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';
import { scorm12PrerequisitesBlock } from './scorm12-tracking.js';
import { describeRule, firingRule } from './sequencing-rules-check-process.js';

const PROCESS = 'UP.1 Limit Conditions Check Process';

/** Attempt Limit Exceeded: the activity has been attempted as often as its attempt limit allows. */
export function attemptLimitExceeded(ctx: SequencingContext, a: SeqActivity): boolean {
  const s = stateOf(ctx, a);
  return s.progressStatus && a.def.attemptLimit !== null && s.attemptCount >= a.def.attemptLimit;
}

type DurationLimit = [attribute: string, duration: keyof Durations, needsAttemptProgress: boolean];

/** The book's duration limits in UP.1 order (steps 4 to 7). */
const DURATION_LIMITS: readonly DurationLimit[] = [
  ['activityAbsoluteDurationLimit', 'activityAbsolute', false],
  ['activityExperiencedDurationLimit', 'activityExperienced', false],
  ['attemptAbsoluteDurationLimit', 'attemptAbsolute', true],
  ['attemptExperiencedDurationLimit', 'attemptExperienced', true],
];

function limitText(a: SeqActivity, attribute: string): string | null {
  if (attribute === 'attemptAbsoluteDurationLimit') return a.def.attemptAbsoluteDurationLimit;
  return a.def.limitConditionsFrom?.others[attribute]?.trim() || null;
}

/**
 * The first duration limit the activity has reached (UP.1 steps 4–7), counting a running attempt by the
 * clock: also the Time Limit Exceeded rule condition.
 */
export function durationLimitReached(
  ctx: SequencingContext,
  a: SeqActivity,
): { attribute: string; limit: string; reachedMs: number } | null {
  const s = stateOf(ctx, a);
  if (!s.progressStatus) return null;
  let durations: Durations | null = null;
  for (const [attribute, duration, needsAttemptProgress] of DURATION_LIMITS) {
    const text = limitText(a, attribute);
    const limit = durationMs(text);
    if (text === null || limit === null) continue;
    if (needsAttemptProgress && !s.attemptProgressStatus) continue;
    durations ??= durationsNow(ctx, a);
    if (durations[duration] >= limit) return { attribute, limit: text, reachedMs: durations[duration] };
  }
  return null;
}

/** Outside Available Time Range: now is before beginTimeLimit or after endTimeLimit (steps 8–9). */
export function outsideTimeRange(ctx: SequencingContext, a: SeqActivity): string | null {
  const others = a.def.limitConditionsFrom?.others;
  if (!others) return null;
  const now = ctx.now();
  const begin = timePoint(others['beginTimeLimit']);
  if (begin !== null && now < begin)
    return `it is before beginTimeLimit ${quoted(others['beginTimeLimit'] ?? '')}`;
  const end = timePoint(others['endTimeLimit']);
  if (end !== null && now > end) return `it is after endTimeLimit ${quoted(others['endTimeLimit'] ?? '')}`;
  return null;
}

function timePoint(text: string | undefined): number | null {
  if (!text?.trim()) return null;
  const t = Date.parse(text.trim());
  return Number.isFinite(t) ? t : null;
}

export function limitConditionsCheckProcess(ctx: SequencingContext, a: SeqActivity): boolean {
  return limitViolation(ctx, a) !== null;
}

/** UP.1 with the reason: which limit the activity has reached, or null. */
export function limitViolation(ctx: SequencingContext, a: SeqActivity): string | null {
  if (!a.def.tracked) return null;
  const s = stateOf(ctx, a);
  if (s.isActive || s.isSuspended) return null;
  let why: string | null = null;
  if (attemptLimitExceeded(ctx, a))
    why = `${activityLabel(a)} has used up its attemptLimit of ${a.def.attemptLimit} (${s.attemptCount} attempt(s))`;
  else {
    const reached = durationLimitReached(ctx, a);
    if (reached)
      why = `${activityLabel(a)} has reached its ${reached.attribute} of ${quoted(reached.limit)} (${Math.round(reached.reachedMs / 1000)} s)`;
    else {
      const outside = outsideTimeRange(ctx, a);
      if (outside) why = `${activityLabel(a)} is not available: ${outside}`;
    }
  }
  if (why)
    emit(ctx, {
      level: 'detailed',
      process: PROCESS,
      kind: 'result',
      activity: a.id,
      message: `limit reached: ${why}`,
    });
  return why;
}

/**
 * UP.5 Check Activity Process: why the activity may not be delivered (a disabled rule, a limit it has
 * reached, or, on SCORM 1.2, prerequisites not met), or null when it may.
 */
export function checkActivityProcess(ctx: SequencingContext, a: SeqActivity): string | null {
  const disabled = firingRule(ctx, a, 'pre', ['disabled']);
  if (disabled) return `${activityLabel(a)} is disabled by its precondition rule ${describeRule(disabled)}`;
  return limitViolation(ctx, a) ?? scorm12PrerequisitesBlock(ctx, a);
}
