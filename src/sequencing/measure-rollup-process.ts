/**
 * RB.1.1 Measure Rollup Process (the weighted average of the children's primary objective measures)
 * and RB.1.1b Completion Measure Rollup Process (the weighted average of their progress measures,
 * weighted by adlcp:progressWeight).
 */
import type { SeqActivity } from './activity-tree.js';
import {
  attemptCompletionAmount,
  objectiveMeasure,
  primaryObjective,
  setAttemptCompletionAmount,
  setObjectiveMeasure,
} from './objective-maps.js';
import { availableChildren, emit, type SequencingContext } from './sequencing-context.js';

export function measureRollupProcess(ctx: SequencingContext, a: SeqActivity): void {
  let total = 0;
  let counted = 0;
  let valid = false;
  for (const child of availableChildren(ctx, a)) {
    if (!child.def.tracked) continue;
    counted += child.def.objectiveMeasureWeight;
    const m = objectiveMeasure(ctx, child, primaryObjective(child));
    if (m !== undefined) {
      total += m * child.def.objectiveMeasureWeight;
      valid = true;
    }
  }
  const measure = valid && counted > 0 ? total / counted : undefined;
  setObjectiveMeasure(ctx, a, primaryObjective(a), measure);
  emit(ctx, {
    level: 'detailed',
    process: 'RB.1.1 Measure Rollup Process',
    kind: 'rollup',
    activity: a.id,
    data: { measure: measure ?? 'unknown' },
  });
}

export function completionMeasureRollupProcess(ctx: SequencingContext, a: SeqActivity): void {
  let total = 0;
  let counted = 0;
  let valid = false;
  for (const child of availableChildren(ctx, a)) {
    if (!child.def.tracked) continue;
    counted += child.progressWeight;
    const amount = attemptCompletionAmount(ctx, child);
    if (amount !== undefined) {
      total += amount * child.progressWeight;
      valid = true;
    }
  }
  const amount = valid && counted > 0 ? total / counted : undefined;
  setAttemptCompletionAmount(ctx, a, amount);
  emit(ctx, {
    level: 'detailed',
    process: 'RB.1.1b Completion Measure Rollup Process',
    kind: 'rollup',
    activity: a.id,
    data: { progressMeasure: amount ?? 'unknown' },
  });
}
