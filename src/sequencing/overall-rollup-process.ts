/**
 * RB.1.5 Overall Rollup Process: from the activity up to the root, each cluster rolls up its children.
 * A rollup that writes a global objective is followed by the rollup of every activity that reads it,
 * so a status shared through objective maps is seen by the clusters above its readers too.
 */
import type { SeqActivity } from './activity-tree.js';
import { isLeaf } from './activity-tree.js';
import { activityProgressRollupProcess } from './activity-progress-rollup-process.js';
import { completionMeasureRollupProcess, measureRollupProcess } from './measure-rollup-process.js';
import { objectiveRollupProcess } from './objective-rollup-process.js';
import { emit, type SequencingContext } from './sequencing-context.js';
import { pathToRoot } from './tree-queries.js';

const MAX_PROPAGATION_ROUNDS = 8;

export function overallRollupProcess(ctx: SequencingContext, a: SeqActivity): void {
  if (ctx.dryRun) return;
  emit(ctx, { level: 'detailed', process: 'RB.1.5 Overall Rollup Process', kind: 'enter', activity: a.id });
  rollupPath(ctx, a);
  if (ctx.propagatingRollup) return;
  ctx.propagatingRollup = true;
  try {
    for (let round = 0; round < MAX_PROPAGATION_ROUNDS && ctx.changedGlobals.size; round++) {
      const changed = new Set(ctx.changedGlobals);
      ctx.changedGlobals.clear();
      for (const reader of ctx.tree.activities) if (reads(reader, changed)) rollupPath(ctx, reader);
    }
  } finally {
    ctx.propagatingRollup = false;
    ctx.changedGlobals.clear();
  }
}

function rollupPath(ctx: SequencingContext, a: SeqActivity): void {
  for (const x of pathToRoot(a)) {
    if (isLeaf(x) || !x.def.tracked) continue;
    const outer = ctx.rollupParent;
    ctx.rollupParent = x;
    try {
      measureRollupProcess(ctx, x);
      completionMeasureRollupProcess(ctx, x);
      objectiveRollupProcess(ctx, x);
      activityProgressRollupProcess(ctx, x);
    } finally {
      ctx.rollupParent = outer;
    }
  }
}

function reads(a: SeqActivity, keys: ReadonlySet<string>): boolean {
  return a.def.objectives.some(
    (o) =>
      o.mapInfo.some((m) => (m.readSatisfiedStatus || m.readNormalizedMeasure) && keys.has(m.targetKey)) ||
      o.adlMapInfo.some(
        (m) =>
          (m.readCompletionStatus ||
            m.readProgressMeasure ||
            m.readRawScore ||
            m.readMinScore ||
            m.readMaxScore) &&
          keys.has(m.targetKey),
      ),
  );
}
