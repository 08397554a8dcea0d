/**
 * SR.1 Select Children Process: keep `selectCount` children, chosen at random by the seeded generator,
 * in their written order. Timing "once" selects before the first attempt; "onEachNewAttempt" (left
 * undefined by the SN book) selects again at the start of every new attempt.
 */
import type { SeqActivity } from './activity-tree.js';
import { isLeaf } from './activity-tree.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';

export function selectChildrenProcess(ctx: SequencingContext, a: SeqActivity, newAttempt: boolean): void {
  if (ctx.dryRun || isLeaf(a)) return;
  const s = stateOf(ctx, a);
  if (s.isActive || s.isSuspended) return;
  const timing = a.def.selectionTiming;
  const count = a.def.selectCount;
  if (count === null || count >= a.children.length) return;
  if (timing === 'once' ? s.progressStatus : timing !== 'onEachNewAttempt' || !newAttempt) return;
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(ctx.rng.next() * a.children.length));
  s.availableChildren = a.children.filter((_, i) => picked.has(i)).map((c) => c.id);
  emit(ctx, {
    level: 'detailed',
    process: 'SR.1 Select Children Process',
    kind: 'result',
    activity: a.id,
    data: { selected: s.availableChildren },
  });
}
