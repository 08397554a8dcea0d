/** Control modes and pre-condition rules that decide whether, and how, activities can be reached and left. */
import { quoted } from '../../../core/course-text.js';
import type { Finding } from '../../../core/findings.js';
import type { Item, SequencingRule } from '../../../manifest/model.js';
import { isLeaf, type Activity } from '../activity-tree.js';
import { actionName, isAlwaysTrue } from '../conditions.js';
import { activityAnchor, cap, finding, seqRule, type SeqLintRule } from '../rule.js';

function alwaysRule(a: Activity, action: string): SequencingRule | undefined {
  return a.seq.preConditionRules.find((r) => actionName(r) === action && isAlwaysTrue(r));
}

const undeliverableInfo = seqRule(
  'seq.undeliverable_activity',
  'warning',
  'strict',
  'Activity that neither flow nor choice can ever reach',
);

const JUMP_NOTE = 'Only an adl.nav.request "jump" sent by content could still reach it.';

/**
 * Which activities the learner can ever arrive at, as a fixpoint: an activity can be chosen when its
 * parent allows choice and nothing on its path is always hidden from choice (SB.2.9 checks only the
 * target's parent's choice mode), and flowed into when its parent has flow, it is not always skipped and
 * something inside the parent can be current. Always-disabled activities block their whole subtree.
 * Returns the activities that can be current or contain the current activity ("touched").
 */
function reachability(root: Activity): Set<Activity> {
  const reachable = new Set<Activity>([root]);
  const touched = new Set<Activity>([root]);
  const nodes: Array<{ a: Activity; hidden: boolean; disabled: boolean }> = [];
  const collect = (a: Activity, hidden: boolean, disabled: boolean): void => {
    for (const c of a.children) {
      const h = hidden || !!alwaysRule(c, 'hiddenFromChoice');
      const d = disabled || !!alwaysRule(c, 'disabled');
      nodes.push({ a: c, hidden: h, disabled: d });
      collect(c, h, d);
    }
  };
  collect(root, false, false);
  for (let changed = true; changed;) {
    changed = false;
    for (const { a, hidden, disabled } of nodes) {
      if (disabled || reachable.has(a)) continue;
      const cm = a.parent!.seq.controlMode;
      const byChoice = cm.choice && !hidden;
      const byFlow = cm.flow && !alwaysRule(a, 'skip') && touched.has(a.parent!);
      if (!byChoice && !byFlow) continue;
      reachable.add(a);
      for (let t: Activity | null = a; t && !touched.has(t); t = t.parent) touched.add(t);
      changed = true;
    }
  }
  return touched;
}

export const undeliverableActivity: SeqLintRule = {
  info: undeliverableInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const root of ctx.roots) {
      const touched = reachability(root);
      const rootCm = root.seq.controlMode;
      if (root.children.length > 0 && touched.size === 1) {
        out.push(
          finding(undeliverableInfo, {
            at: root.seq.controlModeFrom ?? activityAnchor(root),
            message: `Nothing in ${root.label} can ever be delivered, so the course cannot start: ${
              !rootCm.flow && !rootCm.choice
                ? 'it has flow="false" and choice="false", so Start cannot flow into it and the learner cannot choose'
                : 'every way in is closed by control modes or always-true skip/hiddenFromChoice/disabled rules'
            }.`,
            fix: 'Set flow="true" on the organization\'s <imsss:controlMode> so Start flows into the first activity, or leave choice="true" so the learner can pick one.',
          }),
        );
        continue;
      }
      // Report the topmost activities nothing can reach; a touched cluster may still hide unreachable leaves.
      const visit = (p: Activity): void => {
        for (const c of p.children) {
          if (touched.has(c)) visit(c);
          else out.push(undeliverable(c));
        }
      };
      visit(root);
    }
    return out;
  },
};

function undeliverable(c: Activity): Finding {
  const p = c.parent!;
  const cm = p.seq.controlMode;
  const disabled = alwaysRule(c, 'disabled');
  const inside = c.children.length > 0 ? ' (nor anything inside it)' : '';
  if (disabled) {
    return finding(undeliverableInfo, {
      at: disabled,
      message: `${cap(c.label)} has a pre-condition rule that always disables it: a disabled activity${inside} can never be delivered, by flow or by choice.`,
      fix: 'Give the "disabled" rule a real condition (e.g. "not satisfied" on a prerequisite objective), or remove the activity.',
    });
  }
  const skip = alwaysRule(c, 'skip');
  const hiddenRule = alwaysRule(c, 'hiddenFromChoice');
  const reasons: string[] = [];
  if (!cm.flow && !cm.choice) reasons.push(`its parent ${p.label} has flow="false" and choice="false"`);
  else {
    reasons.push(
      !cm.flow
        ? `its parent ${p.label} has flow="false"`
        : skip
          ? `it is always skipped in flow (line ${skip.pos.line})`
          : `flow never gets inside ${p.label}`,
    );
    reasons.push(
      !cm.choice
        ? `${p.label} has choice="false"`
        : hiddenRule
          ? `it is always hidden from choice (line ${hiddenRule.pos.line})`
          : 'an ancestor is always hidden from choice',
    );
  }
  if (c.children.length > 0) reasons.push('none of its descendants can be chosen directly');
  return finding(undeliverableInfo, {
    at:
      (cm.flow ? skip : undefined) ?? (cm.choice ? hiddenRule : undefined) ?? p.seq.controlModeFrom ?? c.node,
    message: `${cap(c.label)} can never be delivered${inside}: ${reasons.join(', and ')}. ${JUMP_NOTE}`,
    fix: cm.flow
      ? 'Give the "skip" rule a real condition, or let the learner choose the activity (choice="true" on its parent, no always-true hiddenFromChoice rule).'
      : `Set flow="true" on ${p.label}'s <imsss:controlMode>, or let the learner choose the activity (choice="true", no always-true hiddenFromChoice rule).`,
  });
}

const trapInfo = seqRule(
  'seq.choice_exit_trap',
  'warning',
  'strict',
  'choiceExit="false" cluster the learner cannot leave by flow',
);

/** A descendant's exitParent/exitAll post rule or the cluster's own exit rule can end it. */
function hasRuleExit(a: Activity): boolean {
  if (a.seq.exitConditionRules.length > 0) return true;
  const stack = [...a.children];
  for (let c = stack.pop(); c; c = stack.pop()) {
    if (c.seq.postConditionRules.some((r) => ['exitParent', 'exitAll', 'retryAll'].includes(actionName(r))))
      return true;
    stack.push(...c.children);
  }
  return false;
}

export const choiceExitTrap: SeqLintRule = {
  info: trapInfo,
  check(ctx) {
    return ctx.activities.flatMap((a) => {
      const cm = a.seq.controlMode;
      // A cluster with neither flow nor choice cannot be entered at all: seq.undeliverable_activity says so.
      if (!a.parent || isLeaf(a) || cm.choiceExit || (!cm.flow && !cm.choice)) return [];
      const parentFlow = a.parent.seq.controlMode.flow;
      if (cm.flow && parentFlow) return [];
      if (hasRuleExit(a)) return [];
      const why = cm.flow
        ? `its parent ${a.parent.label} has flow="false", so Continue cannot move past it`
        : 'it has flow="false", so Continue/Previous cannot lead out of it';
      return [
        finding(trapInfo, {
          at: a.seq.controlModeFrom ?? activityAnchor(a),
          attr: 'choiceExit',
          message: `Once the learner enters ${a.label}, choiceExit="false" forbids choosing anything outside it, and ${why}; no exit or exitParent rule ends it either. Only Exit All or Suspend All get the learner out.`,
          fix: 'Set flow="true" on this cluster and its parent so Continue leads out, add an exit condition rule (or a child exitParent post-condition rule), or remove choiceExit="false".',
        }),
      ];
    });
  },
};

const forwardInfo = seqRule(
  'seq.forward_only_with_previous',
  'warning',
  'strict',
  'Previous navigation offered inside a forwardOnly cluster',
);

export const forwardOnlyWithPrevious: SeqLintRule = {
  info: forwardInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const p of ctx.activities) {
      if (!p.seq.controlMode.forwardOnly || p.children.length === 0) continue;
      for (const c of p.children) {
        for (const r of c.seq.postConditionRules) {
          if (actionName(r) !== 'previous') continue;
          out.push(
            finding(forwardInfo, {
              at: r,
              message: `${cap(c.label)} has a post-condition rule with action "previous", but its parent ${p.label} is forwardOnly="true": every Previous request from it is refused, so the rule can never take effect.`,
              fix: `Remove forwardOnly="true" from ${p.label}, or change the rule's action (e.g. "retry" or "continue").`,
            }),
          );
        }
      }
      if (ctx.level !== 'pedantic') continue;
      const showing = p.children.filter(
        (c) =>
          isLeaf(c) && !(c.node as Item).presentation?.hideLMSUI.some((h) => h.value.trim() === 'previous'),
      );
      if (showing.length === 0) continue;
      out.push(
        finding(forwardInfo, {
          at: p.seq.controlModeFrom ?? activityAnchor(p),
          attr: 'forwardOnly',
          severity: 'info',
          message: `${cap(p.label)} is forwardOnly="true", but ${showing.length} of its leaf activities (${showing
            .slice(0, 3)
            .map((c) => `${quoted(c.id)}`)
            .join(
              ', ',
            )}${showing.length > 3 ? ', …' : ''}) do not hide the LMS's Previous control, which can never work there.`,
          fix: 'Add <adlnav:presentation><adlnav:navigationInterface><adlnav:hideLMSUI>previous</adlnav:hideLMSUI></adlnav:navigationInterface></adlnav:presentation> to those items.',
        }),
      );
    }
    return out;
  },
};

const leafModeInfo = seqRule(
  'seq.flow_without_children',
  'warning',
  'strict',
  'Control modes that govern children set on a leaf',
);

export const flowWithoutChildren: SeqLintRule = {
  info: leafModeInfo,
  check(ctx) {
    return ctx.activities.flatMap((a) => {
      const cm = a.seq.controlModeFrom;
      if (!isLeaf(a) || !cm) return [];
      const out: Finding[] = [];
      if (cm.choice === false) {
        out.push(
          finding(leafModeInfo, {
            at: cm,
            attr: 'choice',
            message: `choice="false" on leaf ${a.label} has no effect: the choice control mode decides whether an activity's children can be chosen. The learner can still choose this activity.`,
            fix: `To stop learners choosing it, set choice="false" on its parent ${a.parent?.label ?? ''} or add a hiddenFromChoice pre-condition rule to the item; otherwise remove the attribute.`,
          }),
        );
      }
      const inert = [
        cm.flow === true ? 'flow="true"' : null,
        cm.forwardOnly === true ? 'forwardOnly="true"' : null,
      ].filter((x) => x !== null);
      if (inert.length > 0) {
        out.push(
          finding(leafModeInfo, {
            at: cm,
            attr: cm.flow === true ? 'flow' : 'forwardOnly',
            severity: 'info',
            message: `${inert.join(' and ')} on leaf ${a.label} has no effect: these control modes govern navigation among an activity's children, and a leaf has none.`,
            fix: `Set them on the parent ${a.parent?.label ?? ''} if that is what was meant; otherwise remove them.`,
          }),
        );
      }
      return out;
    });
  },
};
