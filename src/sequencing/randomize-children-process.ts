/** SR.2 Randomize Children Process: reorder the available children with the seeded generator. */
import type { SeqActivity } from './activity-tree.js';
import { isLeaf } from './activity-tree.js';
import { shuffled } from './random.js';
import { selectChildrenProcess } from './select-children-process.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';

export function randomizeChildrenProcess(ctx: SequencingContext, a: SeqActivity, newAttempt: boolean): void {
  if (ctx.dryRun || isLeaf(a) || !a.def.reorderChildren) return;
  const s = stateOf(ctx, a);
  if (s.isActive || s.isSuspended) return;
  const timing = a.def.randomizationTiming;
  if (timing === 'once' ? s.progressStatus : timing !== 'onEachNewAttempt' || !newAttempt) return;
  s.availableChildren = shuffled(s.availableChildren, ctx.rng);
  emit(ctx, {
    level: 'detailed',
    process: 'SR.2 Randomize Children Process',
    kind: 'result',
    activity: a.id,
    data: { order: s.availableChildren },
  });
}

/** Selection then randomization of a cluster and every cluster below it. */
export function prepareChildren(ctx: SequencingContext, a: SeqActivity, newAttempt: boolean): void {
  if (isLeaf(a)) return;
  selectChildrenProcess(ctx, a, newAttempt);
  randomizeChildrenProcess(ctx, a, newAttempt);
  for (const c of a.children) prepareChildren(ctx, c, newAttempt);
}
