/**
 * RB.1.4 Rollup Rule Check Subprocess, RB.1.4.1 Evaluate Rollup Conditions Subprocess and RB.1.4.2
 * Check Child for Rollup Subprocess (rollup considerations).
 */
import type { RollupRule } from '../manifest/model.js';
import type { SeqActivity } from './activity-tree.js';
import { availableChildren, emit, stateOf, type SequencingContext } from './sequencing-context.js';
import {
  allOf,
  anyOf,
  not,
  ruleCondition,
  sequencingRulesCheckProcess,
  tri,
  type Tri,
} from './sequencing-rules-check-process.js';

export type RollupAction = 'satisfied' | 'notSatisfied' | 'completed' | 'incomplete';

export function rollupRuleCheckSubprocess(
  ctx: SequencingContext,
  a: SeqActivity,
  action: RollupAction,
  rules: readonly RollupRule[],
): boolean {
  for (const rule of rules) {
    if (rule.action?.trim() !== action) continue;
    const bag: Tri[] = [];
    for (const child of availableChildren(ctx, a)) {
      if (!child.def.tracked || !checkChildForRollupSubprocess(ctx, child, action)) continue;
      bag.push(evaluateRollupConditionsSubprocess(ctx, child, rule));
    }
    const fired = childActivitySetHolds(rule, bag);
    emit(ctx, {
      level: 'verbose',
      process: 'RB.1.4 Rollup Rule Check Subprocess',
      kind: 'rule',
      activity: a.id,
      data: { action, childActivitySet: rule.childActivitySet ?? 'all', children: bag.map(tri), fired },
    });
    if (fired) return true;
  }
  return false;
}

function childActivitySetHolds(rule: RollupRule, bag: readonly Tri[]): boolean {
  const trues = bag.filter((v) => v === true).length;
  switch (rule.childActivitySet?.trim() ?? 'all') {
    case 'all':
      // "contains only True values": vacuously so when no child contributes (ADL's RU-15b relies on it).
      return trues === bag.length;
    case 'any':
      return trues > 0;
    case 'none':
      return bag.length > 0 && bag.every((v) => v === false);
    case 'atLeastCount': {
      const n = Number(rule.minimumCount ?? '0');
      return trues >= (Number.isFinite(n) ? n : 0);
    }
    case 'atLeastPercent': {
      // minimumPercent is a decimal in [0, 1] in the manifest.
      const p = Number(rule.minimumPercent ?? '0');
      return bag.length > 0 && trues / bag.length >= (Number.isFinite(p) ? p : 0);
    }
    default:
      return false;
  }
}

export function evaluateRollupConditionsSubprocess(
  ctx: SequencingContext,
  child: SeqActivity,
  rule: RollupRule,
): Tri {
  const values = rule.conditions.map((c) => {
    const raw = ruleCondition(ctx, child, c.condition?.trim() ?? '', null, null);
    return c.operator?.trim() === 'not' ? not(raw) : raw;
  });
  return (rule.conditionCombination?.trim() ?? 'any') === 'all' ? allOf(values) : anyOf(values);
}

export function checkChildForRollupSubprocess(
  ctx: SequencingContext,
  child: SeqActivity,
  action: RollupAction,
): boolean {
  const satisfaction = action === 'satisfied' || action === 'notSatisfied';
  if (satisfaction ? !child.def.rollupObjectiveSatisfied : !child.def.rollupProgressCompletion) return false;
  const consideration =
    action === 'satisfied'
      ? child.def.requiredForSatisfied
      : action === 'notSatisfied'
        ? child.def.requiredForNotSatisfied
        : action === 'completed'
          ? child.def.requiredForCompleted
          : child.def.requiredForIncomplete;
  const s = stateOf(ctx, child);
  switch (consideration) {
    case 'ifNotSuspended':
      return !(!s.progressStatus || (s.attemptCount > 0 && s.isSuspended));
    case 'ifAttempted':
      return !(!s.progressStatus || s.attemptCount === 0);
    case 'ifNotSkipped':
      return sequencingRulesCheckProcess(ctx, child, 'pre', ['skip']) === null;
    default:
      return true;
  }
}
