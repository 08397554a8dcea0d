/** RB.1.5 Overall Rollup Process: from the activity up to the root, each cluster rolls up its children. */
import type { SeqActivity } from './activity-tree.js';
import { isLeaf } from './activity-tree.js';
import { activityProgressRollupProcess } from './activity-progress-rollup-process.js';
import { completionMeasureRollupProcess, measureRollupProcess } from './measure-rollup-process.js';
import { objectiveRollupProcess } from './objective-rollup-process.js';
import { emit, type SequencingContext } from './sequencing-context.js';
import { pathToRoot } from './tree-queries.js';

export function overallRollupProcess(ctx: SequencingContext, a: SeqActivity): void {
  if (ctx.dryRun) return;
  emit(ctx, { level: 'detailed', process: 'RB.1.5 Overall Rollup Process', kind: 'enter', activity: a.id });
  for (const x of pathToRoot(a)) {
    if (isLeaf(x) || !x.def.tracked) continue;
    measureRollupProcess(ctx, x);
    completionMeasureRollupProcess(ctx, x);
    objectiveRollupProcess(ctx, x);
    activityProgressRollupProcess(ctx, x);
  }
}
