/**
 * RB.1.3 Activity Progress Rollup Process: completion from the rolled-up progress measure when the
 * activity is completedByMeasure (RB.1.3a), else from the completed/incomplete rollup rules, else from
 * the default rules (incomplete when every child's progress is known, completed when all completed).
 */
import type { SeqActivity } from './activity-tree.js';
import { attemptCompletionAmount, setAttemptCompletion } from './objective-maps.js';
import { defaultRule } from './objective-rollup-process.js';
import { rollupRuleCheckSubprocess } from './rollup-rule-check-subprocess.js';
import { emit, type SequencingContext } from './sequencing-context.js';

const DEFAULT_PROGRESS_RULES = [
  defaultRule('incomplete', 'activityProgressKnown'),
  defaultRule('completed', 'completed'),
];

export function activityProgressRollupProcess(ctx: SequencingContext, a: SeqActivity): void {
  if (a.completedByMeasure) {
    const amount = attemptCompletionAmount(ctx, a);
    const completed = amount === undefined ? undefined : amount >= a.minProgressMeasure;
    setAttemptCompletion(ctx, a, completed);
    emit(ctx, {
      level: 'detailed',
      process: 'RB.1.3a Activity Progress Rollup Using Measure Process',
      kind: 'rollup',
      activity: a.id,
      data: { progressMeasure: amount ?? 'unknown', completed: completed ?? 'unknown' },
    });
    return;
  }
  const written = a.def.rollupRules.filter(
    (r) => r.action?.trim() === 'completed' || r.action?.trim() === 'incomplete',
  );
  const rules = written.length ? written : DEFAULT_PROGRESS_RULES;
  let result: boolean | null = null;
  if (rollupRuleCheckSubprocess(ctx, a, 'incomplete', rules)) result = false;
  if (rollupRuleCheckSubprocess(ctx, a, 'completed', rules)) result = true;
  if (result !== null) setAttemptCompletion(ctx, a, result);
  emit(ctx, {
    level: 'detailed',
    process: 'RB.1.3b Activity Progress Rollup Using Rules Process',
    kind: 'rollup',
    activity: a.id,
    data: { completed: result ?? 'unchanged' },
  });
}
