/**
 * Activity and attempt durations of the tracking model (SN book, "Activity Progress Information" and
 * "Attempt Progress Information"), as they stand now by the session's clock (`ctx.now`):
 * - absolute duration: clock time from the start of an attempt to its end, suspended time included;
 * - experienced duration: time actually delivered, i.e. the SCO's reported cmi.session_time per
 *   delivery, or the clock time of the delivery when the content reports none.
 * The stored fields hold what is finished; the running attempt and delivery are added on reading.
 */
import type { SeqActivity } from './activity-tree.js';
import { stateOf, type SequencingContext } from './sequencing-context.js';
import type { ActivityState } from './tracking-model.js';

export interface Durations {
  attemptAbsolute: number;
  attemptExperienced: number;
  activityAbsolute: number;
  activityExperienced: number;
}

export function durationsNow(ctx: SequencingContext, a: SeqActivity): Durations {
  const s = stateOf(ctx, a);
  const now = ctx.now();
  const attemptRunning = s.attemptStartedAt === null ? 0 : Math.max(0, now - s.attemptStartedAt);
  const deliveryRunning = unreportedDeliveryTime(s, now);
  return {
    attemptAbsolute: s.attemptStartedAt === null ? s.attemptAbsoluteDuration : attemptRunning,
    attemptExperienced: s.attemptExperiencedDuration + deliveryRunning,
    activityAbsolute: s.activityAbsoluteDuration + attemptRunning,
    activityExperienced: s.activityExperiencedDuration + deliveryRunning,
  };
}

/** A delivery begins (DB.2): its clock starts; on a new attempt the attempt's clock starts too. */
export function beginDelivery(ctx: SequencingContext, s: ActivityState, newAttempt: boolean): void {
  const now = ctx.now();
  if (newAttempt || s.attemptStartedAt === null) s.attemptStartedAt = now;
  s.deliveryStartedAt = now;
  s.deliveryReportedTime = 0;
}

/**
 * The SCO reported cmi.session_time for its current delivery (at Commit or Terminate): it replaces
 * what the same delivery reported before, so a Commit followed by Terminate counts once.
 */
export function reportSessionTime(s: ActivityState, sessionMs: number): void {
  const delta = sessionMs - s.deliveryReportedTime;
  s.attemptExperiencedDuration += delta;
  s.activityExperiencedDuration += delta;
  s.deliveryReportedTime = sessionMs;
}

/** The delivery ends (end attempt or suspend): without reported session time its clock time counts. */
export function endDelivery(ctx: SequencingContext, s: ActivityState): void {
  const elapsed = unreportedDeliveryTime(s, ctx.now());
  s.attemptExperiencedDuration += elapsed;
  s.activityExperiencedDuration += elapsed;
  s.deliveryStartedAt = null;
  s.deliveryReportedTime = 0;
}

/** The attempt ends (UP.4): its absolute duration is fixed and added to the activity's. */
export function endAttemptDurations(ctx: SequencingContext, s: ActivityState): void {
  endDelivery(ctx, s);
  if (s.attemptStartedAt === null) return;
  s.attemptAbsoluteDuration = Math.max(0, ctx.now() - s.attemptStartedAt);
  s.activityAbsoluteDuration += s.attemptAbsoluteDuration;
  s.attemptStartedAt = null;
}

function unreportedDeliveryTime(s: ActivityState, now: number): number {
  if (s.deliveryStartedAt === null || s.deliveryReportedTime > 0) return 0;
  return Math.max(0, now - s.deliveryStartedAt);
}
