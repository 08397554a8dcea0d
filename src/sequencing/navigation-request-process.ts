/**
 * NB.2.1 Navigation Request Process: whether a navigation request is valid now, and which termination
 * and sequencing requests it stands for.
 */
import { quoted } from '../core/course-text.js';
import { activityLabel, type SeqActivity } from './activity-tree.js';
import type { NavigationRequest, SequencingRequest, TerminationRequest } from './navigation-request.js';
import {
  activityById,
  currentActivity,
  deny,
  emit,
  stateOf,
  suspendedActivity,
  type SequencingContext,
} from './sequencing-context.js';
import { commonAncestor, pathUpTo } from './tree-queries.js';

export interface NavigationRequestResult {
  valid: boolean;
  termination?: TerminationRequest;
  sequencing?: SequencingRequest;
  target?: SeqActivity;
  exception?: string;
}

const P = 'NB.2.1 Navigation Request Process';

export function navigationRequestProcess(
  ctx: SequencingContext,
  req: NavigationRequest,
): NavigationRequestResult {
  const result = evaluate(ctx, req);
  if (result.valid)
    emit(ctx, {
      level: 'detailed',
      process: P,
      kind: 'result',
      data: {
        request: req.type,
        termination: result.termination,
        sequencing: result.sequencing,
        target: result.target?.id,
      },
    });
  return result;
}

function evaluate(ctx: SequencingContext, req: NavigationRequest): NavigationRequestResult {
  const current = currentActivity(ctx);
  const active = current ? stateOf(ctx, current).isActive : false;
  const bad = (code: string, message: string): NavigationRequestResult => ({
    valid: false,
    exception: deny(ctx, P, code, message),
  });
  const noCurrent = () => bad('NB.2.1-2', `"${req.type}" needs a current activity, and ${sessionPhase(ctx)}`);
  switch (req.type) {
    case 'start':
      if (current)
        return bad(
          'NB.2.1-1',
          `the sequencing session has already begun (current activity ${quoted(current.id)})`,
        );
      return { valid: true, sequencing: 'start' };
    case 'resumeAll':
      if (current)
        return bad(
          'NB.2.1-1',
          `the sequencing session has already begun (current activity ${quoted(current.id)})`,
        );
      if (!suspendedActivity(ctx)) return bad('NB.2.1-3', 'there is no suspended activity to resume');
      return { valid: true, sequencing: 'resumeAll' };
    case 'continue':
    case 'previous': {
      if (!current) return noCurrent();
      const parent = current.parent;
      const code = req.type === 'continue' ? 'NB.2.1-4' : 'NB.2.1-5';
      if (!parent)
        return bad(
          code,
          `${req.type} is not allowed: ${activityLabel(current)} is the root of the activity tree`,
        );
      if (!parent.def.controlMode.flow)
        return bad(
          code,
          `${req.type} is not allowed: flow is off in ${activityLabel(parent)} (controlMode flow="false")`,
        );
      if (req.type === 'previous' && parent.def.controlMode.forwardOnly)
        return bad(code, `previous is not allowed: ${activityLabel(parent)} is forwardOnly`);
      return { valid: true, termination: active ? 'exit' : undefined, sequencing: req.type };
    }
    case 'choice': {
      const target = activityById(ctx, req.target);
      if (!target) return bad('NB.2.1-11', `no activity ${quoted(req.target)} in the activity tree`);
      if (target.parent && !target.parent.def.controlMode.choice)
        return bad(
          'NB.2.1-10',
          `choice of ${activityLabel(target)} is not allowed: ${activityLabel(target.parent)} has controlMode choice="false"`,
        );
      if (current) {
        for (const a of pathUpTo(current, commonAncestor(current, target), false))
          if (stateOf(ctx, a).isActive && !a.def.controlMode.choiceExit && a !== target)
            return bad(
              'NB.2.1-8',
              `choice of ${activityLabel(target)} is not allowed: ${activityLabel(a)} is active and does not let choice leave it (choiceExit="false")`,
            );
      }
      return { valid: true, termination: active ? 'exit' : undefined, sequencing: 'choice', target };
    }
    case 'jump': {
      const target = activityById(ctx, req.target);
      if (!target) return bad('NB.2.1-11', `no activity ${quoted(req.target)} in the activity tree`);
      if (!current) return noCurrent();
      return { valid: true, termination: active ? 'exit' : undefined, sequencing: 'jump', target };
    }
    case 'exit':
    case 'abandon':
      if (!current) return noCurrent();
      if (!active)
        return bad('NB.2.1-12', `the current activity ${quoted(current.id)} has already been exited`);
      return { valid: true, termination: req.type, sequencing: 'exit' };
    case 'exitAll':
    case 'abandonAll':
    case 'suspendAll':
      if (!current) return noCurrent();
      return { valid: true, termination: req.type, sequencing: 'exit' };
    case 'retry':
      if (!current) return noCurrent();
      return { valid: true, termination: active ? 'exit' : undefined, sequencing: 'retry' };
    case 'retryAll':
      if (!current) return noCurrent();
      return { valid: true, termination: 'exitAll', sequencing: 'retry' };
    default:
      return bad('NB.2.1-13', 'not a navigation request');
  }
}

/** Why there is no current activity: suspended, ended (the root has had an attempt) or never started. */
function sessionPhase(ctx: SequencingContext): string {
  if (suspendedActivity(ctx)) return 'the sequencing session is suspended (use resumeAll)';
  if (stateOf(ctx, ctx.tree.root).attemptCount > 0)
    return 'the sequencing session has ended (use start to begin a new attempt)';
  return 'the sequencing session has not started (use start or resumeAll)';
}
