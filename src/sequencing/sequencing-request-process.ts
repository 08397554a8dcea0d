/**
 * SB.2.12 Sequencing Request Process and the requests it dispatches: SB.2.5 Start, SB.2.6 Resume All,
 * SB.2.7 Continue, SB.2.8 Previous, SB.2.10 Retry, SB.2.11 Exit and SB.2.13 Jump (choice has its own
 * file). Each returns the activity to deliver, the end of the sequencing session, or an exception.
 */
import { quoted } from '../core/course-text.js';
import type { SeqActivity } from './activity-tree.js';
import { activityLabel, isLeaf } from './activity-tree.js';
import {
  choiceSequencingRequestProcess,
  type SequencingOutcome,
} from './choice-sequencing-request-process.js';
import { flowSubprocess } from './flow-subprocess.js';
import { beginActivityTreeAttemptScope } from './objective-maps.js';
import type { SequencingRequest } from './navigation-request.js';
import { prepareChildren } from './randomize-children-process.js';
import {
  currentActivity,
  deny,
  emit,
  stateOf,
  suspendedActivity,
  type SequencingContext,
} from './sequencing-context.js';

export function sequencingRequestProcess(
  ctx: SequencingContext,
  request: SequencingRequest,
  target: SeqActivity | null,
): SequencingOutcome {
  emit(ctx, {
    level: 'detailed',
    process: 'SB.2.12 Sequencing Request Process',
    kind: 'enter',
    data: { request, target: target?.id },
  });
  switch (request) {
    case 'start':
      return startSequencingRequestProcess(ctx);
    case 'resumeAll':
      return resumeAllSequencingRequestProcess(ctx);
    case 'exit':
      return exitSequencingRequestProcess(ctx);
    case 'retry':
      return retrySequencingRequestProcess(ctx);
    case 'continue':
      return continueSequencingRequestProcess(ctx);
    case 'previous':
      return previousSequencingRequestProcess(ctx);
    case 'choice':
      return choiceSequencingRequestProcess(ctx, target);
    case 'jump':
      return jumpSequencingRequestProcess(ctx, target);
    default:
      return {
        exception: deny(
          ctx,
          'SB.2.12 Sequencing Request Process',
          'SB.2.12-1',
          `"${String(request)}" is not a sequencing request`,
        ),
      };
  }
}

export function startSequencingRequestProcess(ctx: SequencingContext): SequencingOutcome {
  const P = 'SB.2.5 Start Sequencing Request Process';
  if (currentActivity(ctx))
    return { exception: deny(ctx, P, 'SB.2.5-1', 'the sequencing session has already begun') };
  const root = ctx.tree.root;
  if (isLeaf(root)) return { delivery: root };
  const flow = flowSubprocess(ctx, root, 'forward', true);
  if (!flow.deliverable)
    return { exception: flow.exception ?? 'SB.2.5-2', endSequencingSession: flow.endSequencingSession };
  return { delivery: flow.activity };
}

export function resumeAllSequencingRequestProcess(ctx: SequencingContext): SequencingOutcome {
  const P = 'SB.2.6 Resume All Sequencing Request Process';
  if (currentActivity(ctx))
    return { exception: deny(ctx, P, 'SB.2.6-1', 'the sequencing session has already begun') };
  const suspended = suspendedActivity(ctx);
  if (!suspended) return { exception: deny(ctx, P, 'SB.2.6-2', 'there is no suspended activity') };
  return { delivery: suspended };
}

export function exitSequencingRequestProcess(ctx: SequencingContext): SequencingOutcome {
  const P = 'SB.2.11 Exit Sequencing Request Process';
  const current = currentActivity(ctx);
  if (!current) return { exception: deny(ctx, P, 'SB.2.11-1', 'there is no current activity') };
  if (stateOf(ctx, current).isActive)
    return { exception: deny(ctx, P, 'SB.2.11-2', `${quoted(current.id)} is still active`) };
  if (!current.parent) {
    emit(ctx, {
      level: 'basic',
      process: P,
      kind: 'outcome',
      message: 'the root was exited: the sequencing session ends',
    });
    return { endSequencingSession: true };
  }
  return {};
}

export function retrySequencingRequestProcess(ctx: SequencingContext): SequencingOutcome {
  const P = 'SB.2.10 Retry Sequencing Request Process';
  const current = currentActivity(ctx);
  if (!current) return { exception: deny(ctx, P, 'SB.2.10-1', 'there is no current activity') };
  const s = stateOf(ctx, current);
  if (s.isActive || s.isSuspended)
    return { exception: deny(ctx, P, 'SB.2.10-2', `${quoted(current.id)} is still active or suspended`) };
  if (isLeaf(current)) return { delivery: current };
  if (current === ctx.tree.root) beginActivityTreeAttemptScope(ctx);
  prepareChildren(ctx, current, true);
  const flow = flowSubprocess(ctx, current, 'forward', true);
  if (!flow.deliverable)
    return { exception: deny(ctx, P, 'SB.2.10-3', `nothing in ${quoted(current.id)} can be delivered`) };
  return { delivery: flow.activity };
}

export function continueSequencingRequestProcess(ctx: SequencingContext): SequencingOutcome {
  const P = 'SB.2.7 Continue Sequencing Request Process';
  const current = currentActivity(ctx);
  if (!current) return { exception: deny(ctx, P, 'SB.2.7-1', 'there is no current activity') };
  if (current.parent && !current.parent.def.controlMode.flow)
    return {
      exception: deny(
        ctx,
        P,
        'SB.2.7-2',
        `continue is not allowed: flow is off in ${activityLabel(current.parent)} (controlMode flow="false")`,
      ),
    };
  const flow = flowSubprocess(ctx, current, 'forward', false);
  if (!flow.deliverable)
    return {
      exception: flow.endSequencingSession ? undefined : flow.exception,
      endSequencingSession: flow.endSequencingSession,
    };
  return { delivery: flow.activity };
}

export function previousSequencingRequestProcess(ctx: SequencingContext): SequencingOutcome {
  const P = 'SB.2.8 Previous Sequencing Request Process';
  const current = currentActivity(ctx);
  if (!current) return { exception: deny(ctx, P, 'SB.2.8-1', 'there is no current activity') };
  if (current.parent && !current.parent.def.controlMode.flow)
    return {
      exception: deny(
        ctx,
        P,
        'SB.2.8-2',
        `previous is not allowed: flow is off in ${activityLabel(current.parent)} (controlMode flow="false")`,
      ),
    };
  const flow = flowSubprocess(ctx, current, 'backward', false);
  if (!flow.deliverable) return { exception: flow.exception };
  return { delivery: flow.activity };
}

export function jumpSequencingRequestProcess(
  ctx: SequencingContext,
  target: SeqActivity | null,
): SequencingOutcome {
  const P = 'SB.2.13 Jump Sequencing Request Process';
  if (!currentActivity(ctx)) return { exception: deny(ctx, P, 'SB.2.13-1', 'there is no current activity') };
  if (!target) return { exception: deny(ctx, P, 'SB.2.13-2', 'the target activity does not exist') };
  return { delivery: target };
}
