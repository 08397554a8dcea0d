/**
 * TB.2.3 Termination Request Process with TB.2.1 Sequencing Exit Action Rules Subprocess and TB.2.2
 * Sequencing Post Condition Rules Subprocess: end the current attempt (exit, exitAll, suspendAll,
 * abandon, abandonAll), apply exit action rules and post-condition rules, and return the sequencing
 * request that follows.
 */
import { quoted } from '../core/course-text.js';
import type { SeqActivity } from './activity-tree.js';
import { endDelivery } from './activity-durations.js';
import { endAttemptProcess, terminateDescendentAttemptsProcess } from './end-attempt-process.js';
import type { SequencingRequest, TerminationRequest } from './navigation-request.js';
import { overallRollupProcess } from './overall-rollup-process.js';
import { currentActivity, deny, emit, stateOf, type SequencingContext } from './sequencing-context.js';
import { sequencingRulesCheckProcess } from './sequencing-rules-check-process.js';
import { pathFromRoot, pathToRoot } from './tree-queries.js';

const P = 'TB.2.3 Termination Request Process';

export interface TerminationResult {
  valid: boolean;
  /** Replaces the navigation's sequencing request when set (post-condition rules, exitAll, ...). */
  sequencing?: SequencingRequest;
  exception?: string;
}

/**
 * `pending` is the sequencing request the navigation request stands for: retryAll (exitAll, then retry
 * of the root) keeps its retry, as a retryAll post-condition rule does.
 */
export function terminationRequestProcess(
  ctx: SequencingContext,
  request: TerminationRequest,
  pending?: SequencingRequest,
): TerminationResult {
  emit(ctx, { level: 'detailed', process: P, kind: 'enter', data: { request } });
  let current = currentActivity(ctx);
  if (!current)
    return { valid: false, exception: deny(ctx, P, 'TB.2.3-1', 'there is no current activity to terminate') };
  const s = stateOf(ctx, current);
  if ((request === 'exit' || request === 'abandon') && !s.isActive)
    return {
      valid: false,
      exception: deny(
        ctx,
        P,
        'TB.2.3-2',
        `the current activity ${quoted(current.id)} has already been terminated`,
      ),
    };
  let req: TerminationRequest = request;
  let postSequencing: SequencingRequest | undefined = request === 'exitAll' ? pending : undefined;
  if (req === 'exit') {
    endAttemptProcess(ctx, current);
    sequencingExitActionRulesSubprocess(ctx);
    current = currentActivity(ctx) as SeqActivity;
    for (;;) {
      const post = sequencingPostConditionRulesSubprocess(ctx);
      current = currentActivity(ctx) as SeqActivity;
      if (post.termination === 'exitAll') {
        req = 'exitAll';
        postSequencing = post.sequencing;
        break;
      }
      if (post.termination === 'exitParent') {
        if (!current.parent)
          return { valid: false, exception: deny(ctx, P, 'TB.2.3-4', 'exitParent on the root activity') };
        ctx.state.currentActivity = current.parent.id;
        endAttemptProcess(ctx, current.parent);
        continue;
      }
      if (!current.parent && post.sequencing !== 'retry') return { valid: true, sequencing: 'exit' };
      return { valid: true, sequencing: post.sequencing };
    }
  }
  const root = ctx.tree.root;
  switch (req) {
    case 'exitAll': {
      // exitAll ends the attempt on the root, so every attempt below it ends too: the current SCO's
      // cmi.exit="suspend" cannot keep its attempt (nor, through End Attempt, its ancestors) suspended.
      const ending = stateOf(ctx, current);
      if (ending.isSuspended) {
        ending.isSuspended = false;
        emit(ctx, {
          level: 'detailed',
          process: P,
          kind: 'state',
          activity: current.id,
          message: 'exitAll ends this attempt: its cmi.exit="suspend" does not keep it suspended',
        });
      }
      if (ending.isActive) endAttemptProcess(ctx, current);
      terminateDescendentAttemptsProcess(ctx, root);
      endAttemptProcess(ctx, root);
      ctx.state.currentActivity = root.id;
      return { valid: true, sequencing: postSequencing === 'retry' ? 'retry' : 'exit' };
    }
    case 'suspendAll': {
      let suspended: SeqActivity;
      if (s.isActive || s.isSuspended) {
        overallRollupProcess(ctx, current);
        suspended = current;
      } else if (current.parent) suspended = current.parent;
      else
        return {
          valid: false,
          exception: deny(ctx, P, 'TB.2.3-3', 'nothing to suspend: the root is not active'),
        };
      ctx.state.suspendedActivity = suspended.id;
      for (const a of pathToRoot(suspended)) {
        const st = stateOf(ctx, a);
        if (st.isActive) endDelivery(ctx, st);
        st.isActive = false;
        st.isSuspended = true;
      }
      ctx.state.currentActivity = root.id;
      return { valid: true, sequencing: 'exit' };
    }
    case 'abandon':
      s.isActive = false;
      return { valid: true };
    case 'abandonAll':
      for (const a of pathToRoot(current)) stateOf(ctx, a).isActive = false;
      ctx.state.currentActivity = root.id;
      return { valid: true, sequencing: 'exit' };
    default:
      return {
        valid: false,
        exception: deny(ctx, P, 'TB.2.3-7', `${quoted(req)} is not a termination request`),
      };
  }
}

/** Exit action rules of the current activity's ancestors, from the root down: the first that fires ends everything below it. */
export function sequencingExitActionRulesSubprocess(ctx: SequencingContext): void {
  const current = currentActivity(ctx);
  if (!current) return;
  for (const a of pathFromRoot(current).slice(0, -1)) {
    if (sequencingRulesCheckProcess(ctx, a, 'exit', ['exit']) === null) continue;
    emit(ctx, {
      level: 'detailed',
      process: 'TB.2.1 Sequencing Exit Action Rules Subprocess',
      kind: 'result',
      activity: a.id,
      message: `exit action rule of ${quoted(a.id)} fired`,
    });
    terminateDescendentAttemptsProcess(ctx, a);
    endAttemptProcess(ctx, a);
    ctx.state.currentActivity = a.id;
    return;
  }
}

export function sequencingPostConditionRulesSubprocess(ctx: SequencingContext): {
  termination?: 'exitParent' | 'exitAll';
  sequencing?: SequencingRequest;
} {
  const current = currentActivity(ctx);
  if (!current || stateOf(ctx, current).isSuspended) return {};
  const action = sequencingRulesCheckProcess(ctx, current, 'post', [
    'exitParent',
    'exitAll',
    'retry',
    'retryAll',
    'continue',
    'previous',
  ]);
  if (action)
    emit(ctx, {
      level: 'detailed',
      process: 'TB.2.2 Sequencing Post Condition Rules Subprocess',
      kind: 'result',
      activity: current.id,
      data: { action },
    });
  switch (action) {
    case 'retry':
    case 'continue':
    case 'previous':
      return { sequencing: action };
    case 'exitParent':
    case 'exitAll':
      return { termination: action };
    case 'retryAll':
      return { termination: 'exitAll', sequencing: 'retry' };
    default:
      return {};
  }
}
