/**
 * UP.1 Limit Conditions Check Process and UP.5 Check Activity Process. Limits are never checked on an
 * activity that is active or suspended: an attempt in progress is not cut short by them.
 */
import type { SeqActivity } from './activity-tree.js';
import { durationMs } from './duration.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';
import { scorm12PrerequisitesBlock } from './scorm12-tracking.js';
import { firedPreConditionRule } from './rule-text.js';
import { sequencingRulesCheckProcess } from './sequencing-rules-check-process.js';

/** The attempt limit or the attempt absolute duration limit is used up (whatever the activity's state). */
export function limitExceeded(ctx: SequencingContext, a: SeqActivity): boolean {
  const s = stateOf(ctx, a);
  if (!s.progressStatus) return false;
  if (a.def.attemptLimit !== null && s.attemptCount >= a.def.attemptLimit) return true;
  const limit = durationMs(a.def.attemptAbsoluteDurationLimit);
  return limit !== null && limit > 0 && s.attemptAbsoluteDuration >= limit && s.attemptCount > 0;
}

export function limitConditionsCheckProcess(ctx: SequencingContext, a: SeqActivity): boolean {
  if (!a.def.tracked) return false;
  const s = stateOf(ctx, a);
  if (s.isActive || s.isSuspended) return false;
  const violated = limitExceeded(ctx, a);
  if (violated)
    emit(ctx, {
      level: 'detailed',
      process: 'UP.1 Limit Conditions Check Process',
      kind: 'result',
      activity: a.id,
      message: `limit reached: ${s.attemptCount} attempt(s) of ${a.def.attemptLimit ?? 'unlimited'}, attempt duration ${s.attemptAbsoluteDuration} ms of ${a.def.attemptAbsoluteDurationLimit ?? 'unlimited'}`,
    });
  return violated;
}

/**
 * Why the activity may not be delivered (null: it may): disabled by a rule, past its limits, or (SCORM
 * 1.2) its prerequisites are not met. The reason names the rule, limit or prerequisite.
 */
export function checkActivityProcess(ctx: SequencingContext, a: SeqActivity): string | null {
  if (sequencingRulesCheckProcess(ctx, a, 'pre', ['disabled']) !== null)
    return `"${a.id}" is disabled by its precondition rule "${firedPreConditionRule(ctx, a, 'disabled') ?? 'disabled'}"`;
  if (limitConditionsCheckProcess(ctx, a))
    return `"${a.id}" has reached its limit conditions (${limitText(ctx, a)})`;
  return scorm12PrerequisitesBlock(ctx, a);
}

function limitText(ctx: SequencingContext, a: SeqActivity): string {
  const s = stateOf(ctx, a);
  return a.def.attemptLimit !== null && s.attemptCount >= a.def.attemptLimit
    ? `attemptLimit="${a.def.attemptLimit}", ${s.attemptCount} attempt(s) made`
    : `attemptAbsoluteDurationLimit="${a.def.attemptAbsoluteDurationLimit ?? ''}" used up`;
}
