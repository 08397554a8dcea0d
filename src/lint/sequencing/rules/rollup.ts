/** Rollup settings that cannot produce what the cluster asks of them. */
import type { Finding } from '../../../core/findings.js';
import type { Activity } from '../activity-tree.js';
import { actionName } from '../conditions.js';
import { activityAnchor, cap, finding, seqRule, type SeqLintRule } from '../rule.js';
import { TrackingSources } from '../tracking-sources.js';

const info = seqRule('seq.rollup_inconsistent', 'warning', 'strict', 'Rollup that can never produce a value');

function rulesFor(p: Activity, actions: readonly string[]) {
  return p.seq.rollupRules.filter((r) => actions.includes(actionName(r)));
}

export const rollupInconsistent: SeqLintRule = {
  info,
  check(ctx) {
    const sources = new TrackingSources();
    const out: Finding[] = [];
    for (const p of ctx.activities) {
      if (p.children.length === 0) continue;
      const kids = p.children;
      if (kids.every((c) => !c.seq.tracked)) {
        if (p.seq.tracked) {
          out.push(
            finding(info, {
              at: p.seq.rollupRules[0] ?? activityAnchor(p),
              message: `Every child of ${p.label} has tracked="false", so nothing rolls up: ${p.label} never becomes completed or satisfied through its children${p.parent ? '' : ', and the course never reports completion from rollup'}.`,
              fix: 'Leave tracked="true" (the default) on the children whose results should count, or set the status through a global objective the cluster reads.',
            }),
          );
        }
        continue;
      }
      const checks = [
        {
          actions: ['satisfied', 'notSatisfied'],
          excluded: (c: Activity) => !c.seq.tracked || !c.seq.rollupObjectiveSatisfied,
          attr: 'rollupObjectiveSatisfied="false"',
        },
        {
          actions: ['completed', 'incomplete'],
          excluded: (c: Activity) => !c.seq.tracked || !c.seq.rollupProgressCompletion,
          attr: 'rollupProgressCompletion="false"',
        },
      ];
      for (const chk of checks) {
        const rules = rulesFor(p, chk.actions);
        const first = rules[0];
        if (!first || !kids.every(chk.excluded)) continue;
        out.push(
          finding(info, {
            at: first,
            message: `${cap(p.label)} has rollup rules with action ${rules.map((r) => `"${actionName(r)}"`).join(', ')}, but every child is excluded from that rollup (${chk.attr} or tracked="false"), so the rules can never fire.`,
            fix: `Remove ${chk.attr} from the children that should count, or remove the rules.`,
          }),
        );
      }
      const primary = p.seq.objectives[0];
      if (!primary || sources.canHaveMeasure(p, primary)) continue;
      const needs = [
        primary.satisfiedByMeasure ? 'satisfiedByMeasure="true"' : null,
        primary.mapInfo.some((m) => m.writeNormalizedMeasure) ? 'writeNormalizedMeasure="true"' : null,
      ].filter((x) => x !== null);
      if (needs.length === 0) continue;
      const allZero = kids.every((c) => c.seq.objectiveMeasureWeight === 0);
      out.push(
        finding(info, {
          at: primary.source ?? activityAnchor(p),
          attr: primary.satisfiedByMeasure ? 'satisfiedByMeasure' : undefined,
          message: `The primary objective of ${p.label} relies on a measure (${needs.join(', ')}), but ${
            allZero
              ? 'every child has objectiveMeasureWeight="0"'
              : 'no child contributes one (weight 0, tracked="false", or no measure of its own)'
          }, so measure rollup never gives it a value${primary.satisfiedByMeasure ? ' and it is never satisfied by measure' : ''}.`,
          fix: 'Give the children that carry scores a positive objectiveMeasureWeight (default 1.0) on their <imsss:rollupRules>, or drop satisfiedByMeasure from the cluster.',
        }),
      );
    }
    return out;
  },
};
