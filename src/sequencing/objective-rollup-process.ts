/**
 * RB.1.2 Objective Rollup Process: the primary objective's satisfaction from its measure (RB.1.2a),
 * from the satisfied/notSatisfied rollup rules (RB.1.2b), or from the default rules when none are
 * written (RB.1.2c: notSatisfied when every child's status is known, satisfied when all are satisfied).
 */
import type { RollupRule } from '../manifest/model.js';
import type { SeqActivity } from './activity-tree.js';
import { objectiveMeasure, primaryObjective, setObjectiveSatisfied } from './objective-maps.js';
import { rollupRuleCheckSubprocess } from './rollup-rule-check-subprocess.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';

export const DEFAULT_SATISFACTION_RULES: RollupRule[] = [
  defaultRule('notSatisfied', 'objectiveStatusKnown'),
  defaultRule('satisfied', 'satisfied'),
];

export function defaultRule(action: string, condition: string): RollupRule {
  return {
    childActivitySet: 'all',
    minimumCount: null,
    minimumPercent: null,
    conditionCombination: 'any',
    conditions: [{ operator: null, condition } as RollupRule['conditions'][number]],
    action,
  } as RollupRule;
}

export function objectiveRollupProcess(ctx: SequencingContext, a: SeqActivity): void {
  const o = primaryObjective(a);
  if (o.satisfiedByMeasure) return objectiveRollupUsingMeasureProcess(ctx, a);
  const written = a.def.rollupRules.filter(
    (r) => r.action?.trim() === 'satisfied' || r.action?.trim() === 'notSatisfied',
  );
  objectiveRollupUsingRulesProcess(ctx, a, written.length ? written : DEFAULT_SATISFACTION_RULES);
}

export function objectiveRollupUsingMeasureProcess(ctx: SequencingContext, a: SeqActivity): void {
  const o = primaryObjective(a);
  const measure = objectiveMeasure(ctx, a, o);
  let satisfied: boolean | undefined;
  if (measure === undefined) satisfied = undefined;
  else if (stateOf(ctx, a).isActive && !a.def.measureSatisfactionIfActive) satisfied = undefined;
  else satisfied = measure >= o.minNormalizedMeasure;
  setObjectiveSatisfied(ctx, a, o, satisfied);
  emit(ctx, {
    level: 'detailed',
    process: 'RB.1.2a Objective Rollup Using Measure Process',
    kind: 'rollup',
    activity: a.id,
    data: { measure: measure ?? 'unknown', satisfied: satisfied ?? 'unknown' },
  });
}

export function objectiveRollupUsingRulesProcess(
  ctx: SequencingContext,
  a: SeqActivity,
  rules: readonly RollupRule[],
): void {
  const o = primaryObjective(a);
  let result: boolean | null = null;
  if (rollupRuleCheckSubprocess(ctx, a, 'notSatisfied', rules)) result = false;
  if (rollupRuleCheckSubprocess(ctx, a, 'satisfied', rules)) result = true;
  if (result !== null) setObjectiveSatisfied(ctx, a, o, result);
  emit(ctx, {
    level: 'detailed',
    process: 'RB.1.2b Objective Rollup Using Rules Process',
    kind: 'rollup',
    activity: a.id,
    data: { satisfied: result ?? 'unchanged' },
  });
}
