/**
 * SB.2.1 Flow Tree Traversal Subprocess, SB.2.2 Flow Activity Traversal Subprocess and SB.2.3 Flow
 * Subprocess: walk the available tree forward or backward from an activity to the next deliverable
 * leaf, honouring flow, forwardOnly, skip rules, disabled rules and limit conditions.
 */
import { quoted } from '../core/course-text.js';
import type { SeqActivity } from './activity-tree.js';
import { activityLabel, isLeaf } from './activity-tree.js';
import { terminateDescendentAttemptsProcess } from './end-attempt-process.js';
import { checkActivityProcess } from './limit-conditions-check-process.js';
import { availableChildren, deny, emit, type SequencingContext } from './sequencing-context.js';
import { sequencingRulesCheckProcess } from './sequencing-rules-check-process.js';
import { lastInPreorder } from './tree-queries.js';

export type Direction = 'forward' | 'backward';

export interface TraversalResult {
  activity: SeqActivity | null;
  direction?: Direction;
  endSequencingSession?: boolean;
  exception?: string;
}

export interface FlowResult {
  deliverable: boolean;
  activity: SeqActivity;
  endSequencingSession?: boolean;
  exception?: string;
}

export function flowTreeTraversalSubprocess(
  ctx: SequencingContext,
  start: SeqActivity,
  dir: Direction,
  considerChildren: boolean,
  previousDirection: Direction | null,
): TraversalResult {
  const P = 'SB.2.1 Flow Tree Traversal Subprocess';
  let a = start;
  let direction = dir;
  let reversed = false;
  if (previousDirection === 'backward' && a.parent) {
    const siblings = availableChildren(ctx, a.parent);
    if (siblings[siblings.length - 1] === a) {
      direction = 'backward';
      a = siblings[0] as SeqActivity;
      reversed = true;
    }
  }
  if (direction === 'forward') {
    if (a === lastInPreorder(ctx) || (!considerChildren && !a.parent)) {
      terminateDescendentAttemptsProcess(ctx, ctx.tree.root);
      emit(ctx, {
        level: 'detailed',
        process: P,
        kind: 'result',
        activity: a.id,
        message: 'past the last activity: the sequencing session ends',
      });
      return { activity: null, endSequencingSession: true, exception: 'SB.2.1-1' };
    }
    if (isLeaf(a) || !considerChildren) {
      const parent = a.parent as SeqActivity;
      const siblings = availableChildren(ctx, parent);
      const i = siblings.indexOf(a);
      if (i === siblings.length - 1 || i < 0)
        return flowTreeTraversalSubprocess(ctx, parent, 'forward', false, null);
      return { activity: siblings[i + 1] as SeqActivity, direction: 'forward' };
    }
    const kids = availableChildren(ctx, a);
    if (kids.length) return { activity: kids[0] as SeqActivity, direction: 'forward' };
    return {
      activity: null,
      exception: deny(ctx, P, 'SB.2.1-2', `${quoted(a.id)} has no available children`),
    };
  }
  if (!a.parent)
    return { activity: null, exception: deny(ctx, P, 'SB.2.1-3', 'the root has no previous activity') };
  if (isLeaf(a) || !considerChildren) {
    if (!reversed && a.parent.def.controlMode.forwardOnly)
      return {
        activity: null,
        exception: deny(
          ctx,
          P,
          'SB.2.1-4',
          `${quoted(a.parent.id)} is forwardOnly: no backward traversal in it`,
        ),
      };
    const siblings = availableChildren(ctx, a.parent);
    const i = siblings.indexOf(a);
    if (i <= 0) return flowTreeTraversalSubprocess(ctx, a.parent, 'backward', false, null);
    return { activity: siblings[i - 1] as SeqActivity, direction: 'backward' };
  }
  const kids = availableChildren(ctx, a);
  if (!kids.length)
    return {
      activity: null,
      exception: deny(ctx, P, 'SB.2.1-2', `${quoted(a.id)} has no available children`),
    };
  if (a.def.controlMode.forwardOnly) return { activity: kids[0] as SeqActivity, direction: 'forward' };
  return { activity: kids[kids.length - 1] as SeqActivity, direction: 'backward' };
}

export function flowActivityTraversalSubprocess(
  ctx: SequencingContext,
  a: SeqActivity,
  direction: Direction,
  previousDirection: Direction | null,
): FlowResult {
  const P = 'SB.2.2 Flow Activity Traversal Subprocess';
  if (a.parent && !a.parent.def.controlMode.flow)
    return {
      deliverable: false,
      activity: a,
      exception: deny(
        ctx,
        P,
        'SB.2.2-1',
        `flow is not allowed in ${activityLabel(a.parent)} (controlMode flow="false")`,
      ),
    };
  if (sequencingRulesCheckProcess(ctx, a, 'pre', ['skip']) !== null) {
    emit(ctx, {
      level: 'detailed',
      process: P,
      kind: 'result',
      activity: a.id,
      message: 'skipped by a skip rule',
    });
    const next = flowTreeTraversalSubprocess(ctx, a, direction, false, previousDirection);
    if (!next.activity)
      return {
        deliverable: false,
        activity: a,
        endSequencingSession: next.endSequencingSession,
        exception: next.exception,
      };
    if (previousDirection === 'backward' && next.direction === 'backward')
      return flowActivityTraversalSubprocess(ctx, next.activity, 'backward', null);
    return flowActivityTraversalSubprocess(ctx, next.activity, direction, previousDirection);
  }
  const unavailable = checkActivityProcess(ctx, a);
  if (unavailable)
    return {
      deliverable: false,
      activity: a,
      exception: deny(ctx, P, 'SB.2.2-2', unavailable),
    };
  if (!isLeaf(a)) {
    const into = flowTreeTraversalSubprocess(ctx, a, direction, true, null);
    if (!into.activity)
      return {
        deliverable: false,
        activity: a,
        endSequencingSession: into.endSequencingSession,
        exception: into.exception,
      };
    if (direction === 'backward' && into.direction === 'forward')
      return flowActivityTraversalSubprocess(ctx, into.activity, 'forward', 'backward');
    return flowActivityTraversalSubprocess(ctx, into.activity, direction, null);
  }
  return { deliverable: true, activity: a };
}

export function flowSubprocess(
  ctx: SequencingContext,
  a: SeqActivity,
  direction: Direction,
  considerChildren: boolean,
): FlowResult {
  emit(ctx, {
    level: 'detailed',
    process: 'SB.2.3 Flow Subprocess',
    kind: 'enter',
    activity: a.id,
    data: { direction, considerChildren },
  });
  const first = flowTreeTraversalSubprocess(ctx, a, direction, considerChildren, null);
  if (!first.activity)
    return {
      deliverable: false,
      activity: a,
      endSequencingSession: first.endSequencingSession,
      exception: first.exception,
    };
  return flowActivityTraversalSubprocess(ctx, first.activity, direction, null);
}
