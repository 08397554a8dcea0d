/** Sequencing and rollup rules that can never fire, and rules that shadow one another. */
import { quoted } from '../../../core/course-text.js';
import type { Finding } from '../../../core/findings.js';
import type { RuleCondition, SequencingRule } from '../../../manifest/model.js';
import { isLeaf, type Activity } from '../activity-tree.js';
import {
  MEASURE_CONDITIONS,
  TRACKING_CONDITIONS,
  actionName,
  combination,
  conditionName,
  conditionSignature,
  contradiction,
  isAlwaysTrue,
  isNegated,
  referencedObjective,
  threshold,
} from '../conditions.js';
import { finding, seqRule, type SeqLintRule } from '../rule.js';
import { TrackingSources } from '../tracking-sources.js';

const neverInfo = seqRule(
  'seq.rule_never_fires',
  'warning',
  'strict',
  'Rule whose conditions can never be met',
);

/** Why this condition can never evaluate to true on this activity; null when it can. */
function neverTrue(a: Activity, c: RuleCondition, sources: TrackingSources): string | null {
  const name = conditionName(c);
  const negated = isNegated(c);
  if (name === 'always') return negated ? '"not always" is never true' : null;
  if (!TRACKING_CONDITIONS.has(name) && name !== 'attemptLimitExceeded') return null;
  if (negated) return null; // negations of unknown values are not reliably true or false across LMSs
  if (name === 'attemptLimitExceeded') {
    return a.seq.attemptLimit === null
      ? `"attemptLimitExceeded" needs an attemptLimit, and ${a.label} has none (attemptLimit="0" means unlimited)`
      : null;
  }
  const objective = referencedObjective(a.seq, c);
  const hasReadMaps = !!objective && (objective.mapInfo.length > 0 || objective.adlMapInfo.length > 0);
  if (!a.seq.tracked && !hasReadMaps) {
    return `${a.label} has tracked="false", so its ${name === 'completed' || name === 'activityProgressKnown' ? 'progress' : 'objective'} status is never recorded and "${name}" is never true`;
  }
  if (!objective) return null; // unresolved references are reported by seq.referenced_objective_unresolved
  const which = objective.id ? `objective ${quoted(objective.id)}` : 'the primary objective';
  if (name === 'objectiveMeasureGreaterThan' && threshold(c) >= 1) {
    return `a normalized measure lies in [-1, 1], so it is never greater than ${threshold(c)}`;
  }
  if (name === 'objectiveMeasureLessThan' && threshold(c) <= -1) {
    return `a normalized measure lies in [-1, 1], so it is never less than ${threshold(c)}`;
  }
  if (MEASURE_CONDITIONS.has(name) && !sources.canHaveMeasure(a, objective)) {
    return `${which} of ${a.label} can never have a measure (${measureReason(a, objective.primary)}), so "${name}" is never true`;
  }
  if ((name === 'satisfied' || name === 'objectiveStatusKnown') && !sources.canHaveStatus(a, objective)) {
    return `${which} of ${a.label} can never get a status (${statusReason(a)}), so "${name}" is never true`;
  }
  return null;
}

function measureReason(a: Activity, primary: boolean): string {
  if (isLeaf(a)) return 'it launches an asset, which cannot report a score, and it reads no global measure';
  if (!primary) return 'rollup only sets the primary objective of a cluster, and it reads no global measure';
  return 'no child contributes to measure rollup (each has objectiveMeasureWeight="0", tracked="false" or no measure), and it reads no global measure';
}

function statusReason(a: Activity): string {
  return isLeaf(a)
    ? 'it launches an asset, which cannot report objectives, and it reads no global status'
    : 'rollup only sets the primary objective of a cluster, and it reads no global status';
}

export const ruleNeverFires: SeqLintRule = {
  info: neverInfo,
  check(ctx) {
    const sources = new TrackingSources();
    const out: Finding[] = [];
    for (const a of ctx.activities) {
      for (const rule of [
        ...a.seq.preConditionRules,
        ...a.seq.exitConditionRules,
        ...a.seq.postConditionRules,
      ]) {
        const report = (at: RuleCondition | SequencingRule, why: string): void => {
          out.push(
            finding(neverInfo, {
              at,
              message: `The ${rule.kind}-condition rule (action "${actionName(rule)}") of ${a.label} can never fire: ${why}.`,
              fix: 'Correct the condition (operator, referencedObjective, measureThreshold) or the activity settings it depends on, or remove the rule.',
            }),
          );
        };
        if (rule.kind === 'exit' && isLeaf(a)) {
          report(
            rule,
            'exit condition rules are evaluated only on the ancestors of the current activity (SN TB.2.1), never on a leaf',
          );
          continue;
        }
        const reasons = rule.conditions.map((c) => neverTrue(a, c, sources));
        const all = combination(rule.conditionCombination, 'all') === 'all';
        if (all) {
          const i = reasons.findIndex((r) => r !== null);
          if (i >= 0) {
            report(rule.conditions[i]!, reasons[i]!);
            continue;
          }
          const clash = contradiction(a.seq, rule);
          if (clash) report(clash.b, `its conditions are combined with "all" and ${clash.why}`);
        } else if (reasons.length > 0 && reasons.every((r) => r !== null)) {
          report(rule, `none of its "any" conditions can be true (first: ${reasons[0]})`);
        }
      }
      if (a.seq.rollupRules.length > 0) {
        if (isLeaf(a)) {
          out.push(
            finding(neverInfo, {
              at: a.seq.rollupRules[0]!,
              message: `${a.label} has rollup rules but no children: rollup rules evaluate an activity's children, so they never fire on a leaf. (rollupObjectiveSatisfied, rollupProgressCompletion and objectiveMeasureWeight on <imsss:rollupRules> still apply.)`,
              fix: 'Move the rollup rules to the parent cluster whose status they should set, or remove them.',
            }),
          );
          continue;
        }
        for (const r of a.seq.rollupRules) {
          const min = Number(r.minimumCount?.trim() ?? '0');
          if (
            r.childActivitySet?.trim() === 'atLeastCount' &&
            Number.isFinite(min) &&
            min > a.children.length
          ) {
            out.push(
              finding(neverInfo, {
                at: r,
                attr: 'minimumCount',
                message: `A rollup rule of ${a.label} needs at least ${min} children to meet its conditions, but the activity has only ${a.children.length}; the rule never fires.`,
                fix: `Lower minimumCount to at most ${a.children.length}, or use childActivitySet="all".`,
              }),
            );
          }
        }
      }
    }
    return out;
  },
};

const conflictInfo = seqRule(
  'seq.rule_conflict',
  'warning',
  'strict',
  'Sequencing rules that duplicate or shadow one another',
);

/**
 * Rules the SN evaluates together, first match wins: pre-condition rules per action (skip, disabled,
 * hiddenFromChoice and stopForwardTraversal are checked by different processes), all exit rules, and all
 * post-condition rules (TB.2.2 checks the six post actions in one pass).
 */
function evaluationGroups(a: Activity): SequencingRule[][] {
  const pre = new Map<string, SequencingRule[]>();
  for (const r of a.seq.preConditionRules) {
    const list = pre.get(actionName(r)) ?? [];
    list.push(r);
    pre.set(actionName(r), list);
  }
  return [...pre.values(), a.seq.exitConditionRules, a.seq.postConditionRules];
}

export const ruleConflict: SeqLintRule = {
  info: conflictInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const a of ctx.activities) {
      for (const group of evaluationGroups(a)) {
        group.forEach((rule, i) => {
          const earlier = group.slice(0, i);
          const always = earlier.find(isAlwaysTrue);
          const sig = conditionSignature(a.seq, rule);
          const twin = earlier.find((e) => conditionSignature(a.seq, e) === sig);
          const kind = `${rule.kind}-condition rule`;
          if (always) {
            out.push(
              finding(conflictInfo, {
                at: rule,
                message: `This ${kind} (action "${actionName(rule)}") of ${a.label} is unreachable: an earlier ${kind} (action "${actionName(always)}", line ${always.pos.line}) always fires first.`,
                fix: 'Remove the unreachable rule, or give the earlier rule a real condition instead of "always".',
              }),
            );
          } else if (twin && actionName(twin) === actionName(rule)) {
            out.push(
              finding(conflictInfo, {
                at: rule,
                severity: 'info',
                message: `This ${kind} of ${a.label} repeats the conditions and action "${actionName(rule)}" of the rule at line ${twin.pos.line}; it changes nothing.`,
                fix: 'Remove the duplicate rule.',
              }),
            );
          } else if (twin) {
            out.push(
              finding(conflictInfo, {
                at: rule,
                message: `This ${kind} of ${a.label} has the same conditions as the rule at line ${twin.pos.line} but a different action ("${actionName(rule)}" vs "${actionName(twin)}"); the LMS applies the first matching rule, so "${actionName(rule)}" never happens.`,
                fix: `Decide which action is intended and remove the other rule, or make the conditions differ.`,
              }),
            );
          }
        });
      }
    }
    return out;
  },
};
