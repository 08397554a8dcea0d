/**
 * UP.2 Sequencing Rules Check Process and UP.2.1 Sequencing Rule Check Subprocess: evaluate an
 * activity's pre-, exit- or post-condition rules in order and return the action of the first rule whose
 * conditions hold. Conditions are three-valued (true, false, unknown); "not unknown" stays unknown, and
 * a rule fires only when its combination is true.
 */
import { quoted } from '../core/course-text.js';
import type { SequencingRule } from '../manifest/model.js';
import type { SeqActivity } from './activity-tree.js';
import {
  attemptLimitExceeded,
  durationLimitReached,
  outsideTimeRange,
} from './limit-conditions-check-process.js';
import { findObjective, objectiveCompleted, objectiveMeasure, objectiveSatisfied } from './objective-maps.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';

export type Tri = boolean | undefined;

const PROCESS = 'UP.2 Sequencing Rules Check Process';

export function sequencingRulesCheckProcess(
  ctx: SequencingContext,
  a: SeqActivity,
  kind: 'pre' | 'exit' | 'post',
  actions: readonly string[],
): string | null {
  return firingRule(ctx, a, kind, actions)?.action?.trim() ?? null;
}

/** The first of the activity's rules of this kind, with one of `actions`, whose conditions hold now. */
export function firingRule(
  ctx: SequencingContext,
  a: SeqActivity,
  kind: 'pre' | 'exit' | 'post',
  actions: readonly string[],
): SequencingRule | null {
  const rules =
    kind === 'pre'
      ? a.def.preConditionRules
      : kind === 'exit'
        ? a.def.exitConditionRules
        : a.def.postConditionRules;
  for (const rule of rules) {
    const action = rule.action?.trim() ?? '';
    if (!actions.includes(action)) continue;
    if (sequencingRuleCheckSubprocess(ctx, a, rule) === true) {
      emit(ctx, { level: 'detailed', process: PROCESS, kind: 'result', activity: a.id, data: { action } });
      return rule;
    }
  }
  return null;
}

/** The rule conditions of the SN book: any other name in a rule is the course's own text. */
const RULE_CONDITIONS = new Set([
  'satisfied',
  'objectiveStatusKnown',
  'objectiveMeasureKnown',
  'objectiveMeasureGreaterThan',
  'objectiveMeasureLessThan',
  'completed',
  'activityProgressKnown',
  'attempted',
  'attemptLimitExceeded',
  'timeLimitExceeded',
  'outsideAvailableTimeRange',
  'always',
]);

/**
 * A rule as a reader would say it: `"disabled" if not objectiveStatusKnown(obj1) and attempted`, with the
 * objective ids and any name that is not a condition of the book marked as course text.
 */
export function describeRule(rule: SequencingRule): string {
  const joiner = (rule.conditionCombination?.trim() ?? 'all') === 'any' ? ' or ' : ' and ';
  const conditions = rule.conditions.map((c) => {
    const ref = c.referencedObjective?.trim();
    const threshold = c.measureThreshold?.trim();
    const shownThreshold =
      threshold && /^-?\d+(\.\d+)?$/.test(threshold) ? threshold : quoted(threshold ?? '');
    const args = [ref ? quoted(ref) : '', threshold ? shownThreshold : ''].filter(Boolean).join(', ');
    const condition = c.condition?.trim() ?? '?';
    const name = RULE_CONDITIONS.has(condition) ? condition : quoted(condition);
    const text = `${name}${args ? `(${args})` : ''}`;
    return c.operator?.trim() === 'not' ? `not ${text}` : text;
  });
  return `"${rule.action?.trim() ?? '?'}" if ${conditions.join(joiner)}`;
}

export function sequencingRuleCheckSubprocess(
  ctx: SequencingContext,
  a: SeqActivity,
  rule: SequencingRule,
): Tri {
  const values: Tri[] = rule.conditions.map((c) => {
    const raw = ruleCondition(ctx, a, c.condition?.trim() ?? '', c.referencedObjective, c.measureThreshold);
    return c.operator?.trim() === 'not' ? not(raw) : raw;
  });
  const result = (rule.conditionCombination?.trim() ?? 'all') === 'any' ? anyOf(values) : allOf(values);
  if (ctx.trace)
    emit(ctx, {
      level: 'verbose',
      process: 'UP.2.1 Sequencing Rule Check Subprocess',
      kind: 'rule',
      activity: a.id,
      data: {
        action: rule.action,
        conditions: rule.conditions.map((c, i) => ({
          condition: c.condition,
          operator: c.operator ?? 'noOp',
          referencedObjective: c.referencedObjective,
          value: tri(values[i]),
        })),
        result: tri(result),
      },
    });
  return result;
}

/** A sequencing or rollup rule condition of one activity. */
export function ruleCondition(
  ctx: SequencingContext,
  a: SeqActivity,
  condition: string,
  referencedObjective: string | null,
  measureThreshold: string | null,
): Tri {
  const s = stateOf(ctx, a);
  // An activity that is not tracked keeps no objective or progress information of its own, so conditions
  // on it are unknown (statuses) or false (the "known" conditions), even when a global could be read.
  const objective = () => (a.def.tracked ? findObjective(a, referencedObjective) : null);
  switch (condition) {
    case 'satisfied': {
      const o = objective();
      return o ? objectiveSatisfied(ctx, a, o) : undefined;
    }
    case 'objectiveStatusKnown': {
      const o = objective();
      return o ? objectiveSatisfied(ctx, a, o) !== undefined : false;
    }
    case 'objectiveMeasureKnown': {
      const o = objective();
      return o ? objectiveMeasure(ctx, a, o) !== undefined : false;
    }
    case 'objectiveMeasureGreaterThan':
    case 'objectiveMeasureLessThan': {
      const o = objective();
      const m = o ? objectiveMeasure(ctx, a, o) : undefined;
      if (m === undefined) return undefined;
      const t = Number(measureThreshold ?? '0');
      const threshold = Number.isFinite(t) ? t : 0;
      return condition === 'objectiveMeasureGreaterThan' ? m > threshold : m < threshold;
    }
    case 'completed': {
      const o = objective();
      return o ? objectiveCompleted(ctx, a, o) : undefined;
    }
    case 'activityProgressKnown': {
      const o = objective();
      return o ? objectiveCompleted(ctx, a, o) !== undefined : false;
    }
    case 'attempted':
      return s.attemptCount > 0;
    case 'attemptLimitExceeded':
      return attemptLimitExceeded(ctx, a);
    case 'timeLimitExceeded':
      return durationLimitReached(ctx, a) !== null;
    case 'outsideAvailableTimeRange':
      return outsideTimeRange(ctx, a) !== null;
    case 'always':
      return true;
    default:
      return undefined;
  }
}

export function not(v: Tri): Tri {
  return v === undefined ? undefined : !v;
}

export function allOf(values: readonly Tri[]): Tri {
  if (values.length === 0) return undefined;
  if (values.some((v) => v === false)) return false;
  return values.some((v) => v === undefined) ? undefined : true;
}

export function anyOf(values: readonly Tri[]): Tri {
  if (values.length === 0) return undefined;
  if (values.some((v) => v === true)) return true;
  return values.some((v) => v === undefined) ? undefined : false;
}

export function tri(v: Tri): 'true' | 'false' | 'unknown' {
  return v === undefined ? 'unknown' : v ? 'true' : 'false';
}
