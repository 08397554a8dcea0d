/**
 * A graded SCO whose primary objective the LMS satisfies by itself when the learner leaves. SN book,
 * End Attempt Process: for a tracked leaf whose Objective Set by Content is false, a primary objective
 * the content left unknown is set to satisfied at the end of the attempt (Objective Rollup Using Measure
 * later overrides that only when satisfiedByMeasure is true, so such SCOs are not reported).
 *
 * "Graded" is kept narrow to avoid false findings: the primary objective names a passing measure that
 * satisfiedByMeasure="false" ignores, its own rule acts on "not satisfied" (a failure is expected), or
 * another activity's rule tests the satisfied status it writes to a global objective (a pre-test).
 */
import { quoted } from '../../../core/course-text.js';
import type { Finding } from '../../../core/findings.js';
import type { SequencingRule } from '../../../manifest/model.js';
import type { EffectiveObjective } from '../../../sequencing/effective-definition.js';
import { isLeaf, type Activity } from '../activity-tree.js';
import { conditionName, contradiction, isAlwaysTrue, isNegated, referencedObjective } from '../conditions.js';
import { activityAnchor, cap, finding, seqRule, type SeqLintRule } from '../rule.js';

const info = seqRule(
  'seq.sco_credited_on_exit',
  'warning',
  'strict',
  'Graded SCO the LMS marks satisfied when the learner leaves without answering',
);

const STATUS_CONDITIONS: ReadonlySet<string> = new Set(['satisfied', 'objectiveStatusKnown']);

/** The rules of `a` that can fire: none after an always-true rule of the same kind, none contradictory. */
function liveRulesOf(a: Activity): SequencingRule[] {
  const { preConditionRules, exitConditionRules, postConditionRules } = a.seq;
  return [preConditionRules, exitConditionRules, postConditionRules].flatMap((list) => {
    const always = list.findIndex(isAlwaysTrue);
    return (always < 0 ? list : list.slice(0, always + 1)).filter((r) => !contradiction(a.seq, r));
  });
}

/** Whether one of `a`'s rules tests the status of an objective `pick` accepts (only "not satisfied" if `failing`). */
function ruleTestsStatus(a: Activity, pick: (o: EffectiveObjective) => boolean, failing = false): boolean {
  return liveRulesOf(a).some((r) =>
    r.conditions.some((c) => {
      if (
        failing ? !isNegated(c) || conditionName(c) !== 'satisfied' : !STATUS_CONDITIONS.has(conditionName(c))
      )
        return false;
      const o = referencedObjective(a.seq, c);
      return !!o && pick(o);
    }),
  );
}

function whyGraded(a: Activity, primary: EffectiveObjective, all: readonly Activity[]): string | null {
  const min = primary.source?.minNormalizedMeasure?.trim();
  if (min) {
    return `its primary objective names minNormalizedMeasure ${quoted(min)} but satisfiedByMeasure is false, so that passing score is not used`;
  }
  if (ruleTestsStatus(a, (o) => o === primary, true))
    return 'its own sequencing rule acts when it is not satisfied';
  for (const m of primary.mapInfo.filter((x) => x.writeSatisfiedStatus)) {
    const reader = all.find(
      (b) =>
        b !== a &&
        ruleTestsStatus(b, (o) =>
          o.mapInfo.some((r) => r.readSatisfiedStatus && r.targetKey === m.targetKey),
        ),
    );
    if (reader) {
      return `it writes global objective ${quoted(m.targetObjectiveID)}, which a rule of ${reader.label} tests`;
    }
  }
  return null;
}

export const scoCreditedOnExit: SeqLintRule = {
  info,
  check(ctx) {
    const out: Finding[] = [];
    for (const a of ctx.activities) {
      if (!isLeaf(a) || a.resource?.scormType?.trim().toLowerCase() !== 'sco') continue;
      if (!a.seq.tracked || a.seq.objectiveSetByContent) continue;
      const primary = a.seq.objectives[0];
      if (!primary || primary.satisfiedByMeasure) continue;
      const why = whyGraded(a, primary, ctx.activities);
      if (!why) continue;
      out.push(
        finding(info, {
          at: a.seq.deliveryControlsFrom ?? activityAnchor(a),
          message: `${cap(a.label)} is graded (${why}), yet objectiveSetByContent is false: when the learner leaves without answering, the End Attempt Process sets its primary objective to satisfied, crediting a pass that was not earned.`,
          fix: `Add <imsss:deliveryControls objectiveSetByContent="true"/> (and completionSetByContent="true" if completion should also come only from the SCO) to the <imsss:sequencing> of ${a.label}, and make sure the SCO sets cmi.success_status when the learner answers.`,
        }),
      );
    }
    return out;
  },
};
