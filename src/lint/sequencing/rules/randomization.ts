/** Selection and randomization controls that cannot do what they say. */
import type { Finding } from '../../../core/findings.js';
import { finding, seqRule, type SeqLintRule } from '../rule.js';

const exceedsInfo = seqRule(
  'seq.randomization_select_exceeds_children',
  'warning',
  'strict',
  'selectCount larger than the number of children',
);

export const randomizationSelectExceedsChildren: SeqLintRule = {
  info: exceedsInfo,
  check(ctx) {
    return ctx.activities.flatMap((a) => {
      const rc = a.seq.randomizationFrom;
      const n = a.seq.selectCount;
      if (!rc || n === null || n <= a.children.length) return [];
      return [
        finding(exceedsInfo, {
          at: rc,
          attr: 'selectCount',
          message: `${a.label} asks to select ${n} children at random but has only ${a.children.length}: every child is always selected, so nothing is left out.`,
          fix: `Set selectCount to fewer than ${a.children.length} children, or add the missing child items.`,
        }),
      ];
    });
  },
};

const timingInfo = seqRule(
  'seq.randomization_without_timing',
  'warning',
  'strict',
  'Selection or reordering that never happens because its timing is "never"',
);

export const randomizationWithoutTiming: SeqLintRule = {
  info: timingInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const a of ctx.activities) {
      const rc = a.seq.randomizationFrom;
      if (!rc) continue;
      if (a.seq.selectCount !== null && a.seq.selectionTiming === 'never') {
        out.push(
          finding(timingInfo, {
            at: rc,
            attr: 'selectCount',
            message: `${a.label} sets selectCount="${a.seq.selectCount}" but selectionTiming is "never"${rc.selectionTiming === null ? ' (the default)' : ''}, so no selection ever happens and every child is delivered.`,
            fix: 'Add selectionTiming="once" (or "onEachNewAttempt") to <imsss:randomizationControls>.',
          }),
        );
      }
      if (a.seq.reorderChildren && a.seq.randomizationTiming === 'never') {
        out.push(
          finding(timingInfo, {
            at: rc,
            attr: 'reorderChildren',
            message: `${a.label} sets reorderChildren="true" but randomizationTiming is "never"${rc.randomizationTiming === null ? ' (the default)' : ''}, so the children are never shuffled.`,
            fix: 'Add randomizationTiming="once" (or "onEachNewAttempt") to <imsss:randomizationControls>.',
          }),
        );
      }
    }
    return out;
  },
};
