/**
 * SB.2.9 Choice Sequencing Request Process with SB.2.4 Choice Activity Traversal Subprocess, SB.2.9.1
 * Choice Flow Subprocess and SB.2.9.2 Choice Flow Tree Traversal Subprocess: whether the learner may
 * choose the target now (hidden, choice control, stopForwardTraversal, forwardOnly, choiceExit,
 * constrainChoice, preventActivation), and which leaf that choice delivers.
 */
import { quoted } from '../core/course-text.js';
import type { SeqActivity } from './activity-tree.js';
import { activityLabel, isLeaf } from './activity-tree.js';
import { endAttemptProcess, terminateDescendentAttemptsProcess } from './end-attempt-process.js';
import { flowSubprocess, type Direction } from './flow-subprocess.js';
import {
  availableChildren,
  currentActivity,
  deny,
  stateOf,
  type SequencingContext,
} from './sequencing-context.js';
import { describeRule, firingRule, sequencingRulesCheckProcess } from './sequencing-rules-check-process.js';
import {
  commonAncestor,
  isAvailable,
  isDescendantOrSelf,
  pathFromRoot,
  pathUpTo,
  preorderCompare,
} from './tree-queries.js';

const P = 'SB.2.9 Choice Sequencing Request Process';

export interface SequencingOutcome {
  delivery?: SeqActivity;
  endSequencingSession?: boolean;
  exception?: string;
}

export function choiceSequencingRequestProcess(
  ctx: SequencingContext,
  target: SeqActivity | null,
): SequencingOutcome {
  if (!target) return { exception: deny(ctx, P, 'SB.2.9-1', 'the target activity does not exist') };
  const denial = choiceRestriction(ctx, target);
  if (denial) return { exception: denial };
  if (isLeaf(target)) return { delivery: target };
  const flow = flowSubprocess(ctx, target, 'forward', true);
  if (!flow.deliverable) {
    if (!ctx.dryRun) {
      const current = currentActivity(ctx);
      const ancestor = current ? commonAncestor(current, target) : ctx.tree.root;
      terminateDescendentAttemptsProcess(ctx, ancestor);
      endAttemptProcess(ctx, ancestor);
      ctx.state.currentActivity = target.id;
    }
    return { exception: deny(ctx, P, 'SB.2.9-9', `nothing in ${quoted(target.id)} can be delivered`) };
  }
  return { delivery: flow.activity };
}

/** Everything that forbids choosing `target` now, as an exception code (null: allowed). */
export function choiceRestriction(ctx: SequencingContext, target: SeqActivity): string | null {
  for (const a of pathFromRoot(target)) {
    if (!isAvailable(ctx, a))
      return deny(
        ctx,
        P,
        'SB.2.9-2',
        `${activityLabel(a)} was not selected for this attempt (selection controls)`,
      );
    const hidden = firingRule(ctx, a, 'pre', ['hiddenFromChoice']);
    if (hidden)
      return deny(
        ctx,
        P,
        'SB.2.9-3',
        `${activityLabel(a)} is hidden from choice by its precondition rule ${describeRule(hidden)}`,
      );
  }
  if (target.parent && !target.parent.def.controlMode.choice)
    return deny(ctx, P, 'SB.2.9-4', `${activityLabel(target.parent)} has controlMode choice="false"`);
  const current = currentActivity(ctx);
  const ancestor = current ? commonAncestor(current, target) : ctx.tree.root;
  if (current === target) return null;
  if (current && current.parent === target.parent) {
    // Case 2: siblings.
    const siblings = availableChildren(ctx, current.parent as SeqActivity);
    const from = siblings.indexOf(current);
    const to = siblings.indexOf(target);
    const dir: Direction = to > from ? 'forward' : 'backward';
    const list = dir === 'forward' ? siblings.slice(from, to) : siblings.slice(to + 1, from + 1).reverse();
    for (const a of list) {
      const d = choiceActivityTraversalSubprocess(ctx, a, dir);
      if (d) return d;
    }
    return null;
  }
  if (!current || current === ancestor) {
    // Case 3: the target is below the current activity (or nothing is current).
    return activationRestriction(ctx, target, ancestor, true);
  }
  if (target === ancestor) {
    // Case 4: the target is an ancestor of the current activity.
    const path = pathUpTo(current, target, true);
    for (const a of path.slice(0, -1))
      if (!a.def.controlMode.choiceExit)
        return deny(
          ctx,
          P,
          'SB.2.9-7',
          `${activityLabel(a)} does not let choice leave it (choiceExit="false")`,
        );
    return null;
  }
  // Case 5: the target is in another branch.
  const up = pathUpTo(current, ancestor, false);
  let constrained: SeqActivity | null = null;
  for (const a of up) {
    if (stateOf(ctx, a).isActive && !a.def.controlMode.choiceExit)
      return deny(
        ctx,
        P,
        'SB.2.9-7',
        `${activityLabel(a)} does not let choice leave it (choiceExit="false")`,
      );
    // The current activity itself does not constrain: its ancestors' constrainChoice does (ADL CM-07d).
    if (!constrained && a !== current && a.def.constrainChoice) constrained = a;
  }
  if (constrained) {
    const dir: Direction = preorderCompare(ctx, target, constrained) > 0 ? 'forward' : 'backward';
    const consider = choiceFlowSubprocess(ctx, constrained, dir);
    if (!isDescendantOrSelf(target, consider) && target !== constrained)
      return deny(
        ctx,
        P,
        'SB.2.9-8',
        `${activityLabel(constrained)} has constrainChoice="true": only its logically next or previous activity can be chosen`,
      );
  }
  return activationRestriction(ctx, target, ancestor, preorderCompare(ctx, target, current) > 0);
}

/**
 * From the common ancestor down to the target (exclusive): forward traversal rules when moving forward,
 * and preventActivation of every cluster not yet active.
 */
function activationRestriction(
  ctx: SequencingContext,
  target: SeqActivity,
  ancestor: SeqActivity,
  forward: boolean,
): string | null {
  for (const a of pathFromRoot(target).slice(ancestor.depth, -1)) {
    if (forward) {
      const d = choiceActivityTraversalSubprocess(ctx, a, 'forward');
      if (d) return d;
    }
    if (!stateOf(ctx, a).isActive && a !== ancestor && a.def.preventActivation)
      return deny(
        ctx,
        P,
        'SB.2.9-6',
        `${activityLabel(a)} has preventActivation="true": its children cannot be chosen until it is active`,
      );
  }
  return null;
}

export function choiceActivityTraversalSubprocess(
  ctx: SequencingContext,
  a: SeqActivity,
  dir: Direction,
): string | null {
  const SB24 = 'SB.2.4 Choice Activity Traversal Subprocess';
  if (dir === 'forward') {
    if (sequencingRulesCheckProcess(ctx, a, 'pre', ['stopForwardTraversal']) !== null)
      return deny(
        ctx,
        SB24,
        'SB.2.4-1',
        `${activityLabel(a)} stops forward traversal (precondition rule stopForwardTraversal)`,
      );
    return null;
  }
  if (!a.parent) return deny(ctx, SB24, 'SB.2.4-3', 'the root has no previous activity');
  if (a.parent.def.controlMode.forwardOnly)
    return deny(ctx, SB24, 'SB.2.4-2', `${activityLabel(a.parent)} is forwardOnly: no choice backward in it`);
  return null;
}

export function choiceFlowSubprocess(ctx: SequencingContext, a: SeqActivity, dir: Direction): SeqActivity {
  return choiceFlowTreeTraversalSubprocess(ctx, a, dir) ?? a;
}

export function choiceFlowTreeTraversalSubprocess(
  ctx: SequencingContext,
  a: SeqActivity,
  dir: Direction,
): SeqActivity | null {
  if (!a.parent) return null;
  const siblings = availableChildren(ctx, a.parent);
  const i = siblings.indexOf(a);
  if (dir === 'forward') {
    if (i === siblings.length - 1) return choiceFlowTreeTraversalSubprocess(ctx, a.parent, dir);
    return siblings[i + 1] ?? null;
  }
  if (i <= 0) return choiceFlowTreeTraversalSubprocess(ctx, a.parent, dir);
  return siblings[i - 1] ?? null;
}
