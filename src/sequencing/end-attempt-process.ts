/**
 * UP.4 End Attempt Process and UP.3 Terminate Descendent Attempts Process. A tracked leaf whose content
 * did not set completion (or satisfaction) while the delivery controls say it would not, gets the
 * defaults (completed, satisfied) when its attempt ends; a cluster is suspended while any child is.
 */
import type { SeqActivity } from './activity-tree.js';
import { endAttemptDurations, endDelivery } from './activity-durations.js';
import { isLeaf } from './activity-tree.js';
import {
  localObjective,
  primaryObjective,
  setAttemptCompletion,
  setObjectiveSatisfied,
} from './objective-maps.js';
import { overallRollupProcess } from './overall-rollup-process.js';
import { currentActivity, emit, stateOf, type SequencingContext } from './sequencing-context.js';
import { commonAncestor, pathUpTo } from './tree-queries.js';

export function endAttemptProcess(ctx: SequencingContext, a: SeqActivity): void {
  if (ctx.dryRun) return;
  const s = stateOf(ctx, a);
  emit(ctx, { level: 'detailed', process: 'UP.4 End Attempt Process', kind: 'enter', activity: a.id });
  if (isLeaf(a)) {
    if (a.def.tracked && !s.isSuspended) {
      // Completed by measure / satisfied by measure: the status comes from the measure only, so no
      // default here (it would also reach the globals the activity writes).
      if (
        !a.completedByMeasure &&
        !a.def.completionSetByContent &&
        !s.attemptProgressStatus &&
        !s.completionReportedUnknown
      )
        setAttemptCompletion(ctx, a, true);
      const primary = primaryObjective(a);
      if (
        !primary.satisfiedByMeasure &&
        !a.def.objectiveSetByContent &&
        !localObjective(ctx, a, primary).progressStatus &&
        !s.successReportedUnknown
      )
        setObjectiveSatisfied(ctx, a, primary, true);
    }
  } else {
    s.isSuspended = a.children.some((c) => stateOf(ctx, c).isSuspended);
  }
  if (s.isSuspended) endDelivery(ctx, s);
  else endAttemptDurations(ctx, s);
  s.isActive = false;
  overallRollupProcess(ctx, a);
}

/** End the attempts of the activities from the current activity up to (excluding) the common ancestor. */
export function terminateDescendentAttemptsProcess(ctx: SequencingContext, a: SeqActivity): void {
  if (ctx.dryRun) return;
  const current = currentActivity(ctx);
  if (!current) return;
  const ancestor = commonAncestor(current, a);
  for (const x of pathUpTo(current, ancestor, false))
    if (x !== current || stateOf(ctx, x).isActive) endAttemptProcess(ctx, x);
}
