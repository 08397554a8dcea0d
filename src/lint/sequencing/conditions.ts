/**
 * Reading sequencing-rule conditions the way the SN processes evaluate them: normalised names, the
 * combination default, which conditions are about an objective, and logic over condition sets
 * (always-true rules, contradictory "all" sets, identical condition sets).
 */
import type { RuleCondition, SequencingRule } from '../../manifest/model.js';
import {
  objectiveKey,
  type EffectiveObjective,
  type EffectiveSequencing,
} from '../../sequencing/effective-definition.js';

export type Combination = 'all' | 'any';

/** ruleConditions@conditionCombination defaults to "all" (rollupConditions default to "any"). */
export function combination(value: string | null, fallback: Combination): Combination {
  const v = value?.trim();
  return v === 'any' || v === 'all' ? v : fallback;
}

export function isNegated(c: { operator: string | null }): boolean {
  return c.operator?.trim().toLowerCase() === 'not';
}

export function conditionName(c: { condition: string | null }): string {
  return c.condition?.trim() ?? '';
}

export function actionName(r: { action: string | null }): string {
  return r.action?.trim() ?? '';
}

/** Conditions evaluated against one of the activity's objectives (referencedObjective, else primary). */
export const OBJECTIVE_CONDITIONS: ReadonlySet<string> = new Set([
  'satisfied',
  'objectiveStatusKnown',
  'objectiveMeasureKnown',
  'objectiveMeasureGreaterThan',
  'objectiveMeasureLessThan',
]);

export const MEASURE_CONDITIONS: ReadonlySet<string> = new Set([
  'objectiveMeasureKnown',
  'objectiveMeasureGreaterThan',
  'objectiveMeasureLessThan',
]);

/** Conditions that read tracking status an activity with tracked="false" never records. */
export const TRACKING_CONDITIONS: ReadonlySet<string> = new Set([
  ...OBJECTIVE_CONDITIONS,
  'completed',
  'activityProgressKnown',
]);

/**
 * The objective a condition is evaluated against: undefined when referencedObjective names none
 * (`seq.referenced_objective_unresolved` reports that).
 */
export function referencedObjective(
  seq: EffectiveSequencing,
  c: RuleCondition,
): EffectiveObjective | undefined {
  if (!c.referencedObjective?.trim()) return seq.objectives[0];
  const key = objectiveKey(c.referencedObjective);
  return seq.objectives.find((o) => o.key === key);
}

export function threshold(c: RuleCondition): number {
  const n = Number(c.measureThreshold?.trim() || '0');
  return Number.isFinite(n) ? n : 0;
}

/** A condition as a literal: what it tests (with its objective and threshold) and whether negated. */
interface Literal {
  key: string;
  name: string;
  /** Which objective (index, or the unresolved reference as written); '' when not an objective condition. */
  objective: string;
  threshold: number;
  negated: boolean;
  source: RuleCondition;
}

function literal(seq: EffectiveSequencing, c: RuleCondition): Literal {
  const name = conditionName(c);
  let objective = '';
  if (OBJECTIVE_CONDITIONS.has(name)) {
    const o = referencedObjective(seq, c);
    objective = o ? String(seq.objectives.indexOf(o)) : `?${c.referencedObjective?.trim() ?? ''}`;
  }
  const t = name === 'objectiveMeasureGreaterThan' || name === 'objectiveMeasureLessThan' ? threshold(c) : 0;
  return {
    key: `${name}|${objective}|${t}`,
    name,
    objective,
    threshold: t,
    negated: isNegated(c),
    source: c,
  };
}

/** A rule whose conditions always hold: "always" (not negated) decides an any-set or makes up an all-set. */
export function isAlwaysTrue(rule: SequencingRule): boolean {
  if (rule.conditions.length === 0) return false;
  const always = (c: RuleCondition): boolean => conditionName(c) === 'always' && !isNegated(c);
  return combination(rule.conditionCombination, 'all') === 'all'
    ? rule.conditions.every(always)
    : rule.conditions.some(always);
}

/** A canonical form of a rule's condition set, equal for two rules exactly when they test the same thing. */
export function conditionSignature(seq: EffectiveSequencing, rule: SequencingRule): string {
  const lits = [
    ...new Set(
      rule.conditions.map((c) => {
        const l = literal(seq, c);
        return `${l.negated ? '!' : ''}${l.key}`;
      }),
    ),
  ].sort();
  const comb = lits.length > 1 ? combination(rule.conditionCombination, 'all') : 'all';
  return `${comb}:${lits.join('&')}`;
}

/** What A implies: a satisfied objective has a known status, a measure comparison a known measure. */
const IMPLIES: Record<string, string> = {
  satisfied: 'objectiveStatusKnown',
  objectiveMeasureGreaterThan: 'objectiveMeasureKnown',
  objectiveMeasureLessThan: 'objectiveMeasureKnown',
  completed: 'activityProgressKnown',
};

/**
 * Two conditions of an "all" set that can never hold together, with a sentence saying why; null when
 * the set is satisfiable as far as static reading can tell.
 */
export function contradiction(
  seq: EffectiveSequencing,
  rule: SequencingRule,
): { a: RuleCondition; b: RuleCondition; why: string } | null {
  if (combination(rule.conditionCombination, 'all') !== 'all') return null;
  const lits = rule.conditions.map((c) => literal(seq, c));
  for (const a of lits) {
    for (const b of lits) {
      if (a === b) continue;
      if (a.key === b.key && !a.negated && b.negated) {
        return { a: a.source, b: b.source, why: `"${a.name}" and "not ${b.name}" cannot both be true` };
      }
      if (!a.negated && b.negated && IMPLIES[a.name] === b.name && a.objective === b.objective) {
        return { a: a.source, b: b.source, why: `"${a.name}" implies "${b.name}", which the rule negates` };
      }
      if (
        !a.negated &&
        !b.negated &&
        a.objective === b.objective &&
        a.name === 'objectiveMeasureGreaterThan' &&
        b.name === 'objectiveMeasureLessThan' &&
        b.threshold <= a.threshold
      ) {
        return {
          a: a.source,
          b: b.source,
          why: `no measure is both greater than ${a.threshold} and less than ${b.threshold}`,
        };
      }
    }
  }
  return null;
}
