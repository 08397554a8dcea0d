/** A sequencing rule as a reader would say it, for denials and traces: `if not satisfied then disabled (line 12)`. */
import type { SequencingRule } from '../manifest/model.js';
import type { SeqActivity } from './activity-tree.js';
import type { SequencingContext } from './sequencing-context.js';
import { sequencingRuleCheckSubprocess } from './sequencing-rules-check-process.js';

export function ruleText(rule: SequencingRule): string {
  const conditions = rule.conditions.map((c) => {
    const name = c.condition?.trim() || '?';
    const measure = name.startsWith('objectiveMeasure') && c.measureThreshold ? ` ${c.measureThreshold}` : '';
    const objective = c.referencedObjective?.trim() ? ` of objective "${c.referencedObjective.trim()}"` : '';
    return `${c.operator?.trim() === 'not' ? 'not ' : ''}${name}${measure}${objective}`;
  });
  const joined = conditions.join(rule.conditionCombination?.trim() === 'any' ? ' or ' : ' and ');
  return `if ${joined || 'always'} then ${rule.action?.trim() ?? '?'} (line ${rule.pos.line})`;
}

/** The first of the activity's precondition rules with `action` whose conditions hold now, as text. */
export function firedPreConditionRule(ctx: SequencingContext, a: SeqActivity, action: string): string | null {
  const rule = a.def.preConditionRules.find(
    (r) => r.action?.trim() === action && sequencingRuleCheckSubprocess(ctx, a, r) === true,
  );
  return rule ? ruleText(rule) : null;
}
