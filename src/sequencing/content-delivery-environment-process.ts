/**
 * DB.2 Content Delivery Environment Process and DB.2.1 Clear Suspended Activity Subprocess: end what is
 * no longer on the way to the delivered activity, begin (or resume) the attempts on its path, and make
 * it the current activity.
 */
import { quoted } from '../core/course-text.js';
import type { SeqActivity } from './activity-tree.js';
import { beginDelivery } from './activity-durations.js';
import { isLeaf } from './activity-tree.js';
import { terminateDescendentAttemptsProcess } from './end-attempt-process.js';
import {
  currentActivity,
  deny,
  emit,
  stateOf,
  suspendedActivity,
  type SequencingContext,
} from './sequencing-context.js';
import { commonAncestor, pathFromRoot, pathUpTo } from './tree-queries.js';
import { resetForNewAttempt } from './tracking-model.js';

const PROCESS = 'DB.2 Content Delivery Environment Process';

export interface DeliveryFacts {
  /** The leaf was suspended and resumes its attempt (cmi.entry = "resume"). */
  resumed: boolean;
}

/**
 * What must hold before anything changes: the current attempt has ended (DB.2-1), and the activity can
 * be launched at all. A delivery that cannot launch (its identifierref names no resource, or the
 * resource has no href) begins no attempt: the failure is a denial, in the trace like any other.
 */
export function deliveryPreconditions(ctx: SequencingContext, a: SeqActivity): string | null {
  const current = currentActivity(ctx);
  if (current && stateOf(ctx, current).isActive)
    return deny(ctx, PROCESS, 'DB.2-1', `the current activity ${quoted(current.id)} is still active`);
  if (a.launchProblem)
    return deny(ctx, PROCESS, 'MANIFEST_LAUNCH_NOT_FOUND', `cannot launch: ${a.launchProblem}`);
  return null;
}

export function contentDeliveryEnvironmentProcess(
  ctx: SequencingContext,
  a: SeqActivity,
): { facts: DeliveryFacts } | { exception: string } {
  const refused = deliveryPreconditions(ctx, a);
  if (refused) return { exception: refused };
  const resumed = stateOf(ctx, a).isSuspended;
  if (suspendedActivity(ctx) !== a) clearSuspendedActivitySubprocess(ctx, a);
  terminateDescendentAttemptsProcess(ctx, a);
  for (const x of pathFromRoot(a)) {
    const s = stateOf(ctx, x);
    if (s.isActive) continue;
    let newAttempt = false;
    if (x.def.tracked) {
      if (s.isSuspended) s.isSuspended = false;
      else {
        newAttempt = true;
        s.attemptCount += 1;
        if (s.attemptCount === 1) s.progressStatus = true;
        resetForNewAttempt(s);
        s.attemptOrdinal = ++ctx.state.attemptClock;
        emit(ctx, {
          level: 'detailed',
          process: PROCESS,
          kind: 'state',
          activity: x.id,
          message: `attempt ${s.attemptCount} begins`,
        });
      }
    }
    s.isActive = true;
    beginDelivery(ctx, s, newAttempt);
  }
  ctx.state.currentActivity = a.id;
  ctx.state.suspendedActivity = null;
  emit(ctx, {
    level: 'basic',
    process: PROCESS,
    kind: 'outcome',
    activity: a.id,
    message: `deliver ${quoted(a.id)}${resumed ? ' (resumed)' : ''}`,
  });
  return { facts: { resumed: resumed && isLeaf(a) } };
}

export function clearSuspendedActivitySubprocess(ctx: SequencingContext, a: SeqActivity): void {
  const suspended = suspendedActivity(ctx);
  if (!suspended) return;
  const ancestor = commonAncestor(a, suspended);
  for (const x of pathUpTo(suspended, ancestor, true)) {
    const s = stateOf(ctx, x);
    if (isLeaf(x)) s.isSuspended = false;
    else if (!x.children.some((c) => stateOf(ctx, c).isSuspended)) s.isSuspended = false;
  }
  ctx.state.suspendedActivity = null;
}
