/** Initialize / Terminate order: never initialized, calls outside the session, repeats, no Terminate, no Commit. */
import {
  isSuccess,
  plural,
  scoped,
  type Attempt,
  type Canonical,
  type Rule,
  type RuleContext,
  type TimedCall,
} from './attempts.js';
import type { VersionNames } from './elements.js';
import { callRef, callTexts } from './recorded.js';
import type { Anomaly } from './types.js';

const NEEDS_SESSION: ReadonlySet<Canonical> = new Set(['GetValue', 'SetValue', 'Commit', 'Terminate']);

/** A result our engine returned is ours; anything else (a course's own wrapper) is not quoted. */
function resultText(c: TimedCall): string {
  return c.call.result === 'true' || c.call.result === 'false' ? `"${c.call.result}"` : 'a non-boolean value';
}

function codeOf(c: TimedCall): string {
  return c.call.errorCode && c.call.errorCode !== '0' ? ` (error ${c.call.errorCode})` : '';
}

/** The SCO never called Initialize (`scoCalls` other API calls were made). */
export function neverInitialized(n: VersionNames, scoCalls: number): Anomaly {
  return {
    type: 'initialize_never_called',
    severity: 'error',
    message:
      scoCalls === 0
        ? `The SCO made no SCORM API call at all: ${n.initialize} was never called, so the LMS records nothing for this attempt.`
        : `The SCO never called ${n.initialize} (${plural(scoCalls, 'other API call')} recorded); every GetValue/SetValue it made was refused.`,
    fix: `Find the API object (window.${n.apiObject} on a parent or opener window) and call ${n.initialize}("") once when the SCO loads, before any other API call.`,
  };
}

export const initializeRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  const n = ctx.names;
  for (const attempt of ctx.attempts) {
    const sco = attempt.calls.filter((c) => c.fromSco);
    const inits = sco.filter((c) => c.method === 'Initialize');
    if (inits.length === 0) {
      // Even when a tool initialized the attempt for it, the SCO itself never did.
      out.push(scoped(ctx, attempt, neverInitialized(n, sco.length)));
      continue;
    }
    if (!attempt.reachedInitialized) {
      const first = inits[0]!;
      out.push(
        scoped(ctx, attempt, {
          type: 'initialize_failed',
          severity: 'error',
          message: `${n.initialize} failed: ${callRef(first.call)} returned ${resultText(first)}${codeOf(first)}${
            first.call.errorString ? `: ${first.call.errorString}` : ''
          }; the attempt never started, so nothing the SCO set was stored.`,
          fix: `Call ${n.initialize}("") with exactly one empty-string argument, once, and check the result.`,
          call_index: first.call.index,
          count: inits.length,
          course_text: callTexts(first.call),
        }),
      );
    }
  }
  return out;
};

function outOfSession(ctx: RuleContext, attempt: Attempt, when: 'none' | 'terminated'): Anomaly | null {
  const hits = attempt.calls.filter((c) => c.fromSco && c.state === when && NEEDS_SESSION.has(c.method));
  // Nothing to add when the SCO never initialized at all: initialize_never_called says it.
  if (
    hits.length === 0 ||
    (when === 'none' &&
      !attempt.reachedInitialized &&
      !attempt.calls.some((c) => c.fromSco && c.method === 'Initialize'))
  ) {
    return null;
  }
  const first = hits[0]!;
  const methods = [...new Set(hits.map((h) => h.call.method))].join(', ');
  const n = ctx.names;
  return scoped(ctx, attempt, {
    type: when === 'none' ? 'call_before_initialize' : 'call_after_terminate',
    severity: 'error',
    message:
      when === 'none'
        ? `${plural(hits.length, 'call')} (${methods}) came before ${n.initialize} succeeded, first ${callRef(first.call)}${codeOf(first)}; the engine refused them, so values set there were lost.`
        : `${plural(hits.length, 'call')} (${methods}) came after ${n.terminate}, first ${callRef(first.call)}${codeOf(first)}; the attempt was already closed, so they did nothing.`,
    fix:
      when === 'none'
        ? `Call ${n.initialize}("") first (e.g. at the top of the load handler) and make every other API call after it succeeds.`
        : `Make ${n.terminate}("") the very last API call of the SCO; guard unload handlers with a flag so they do not run twice.`,
    call_index: first.call.index,
    count: hits.length,
    course_text: callTexts(first.call),
  });
}

export const sessionOrderRule: Rule = (ctx) =>
  ctx.attempts.flatMap((a) =>
    [outOfSession(ctx, a, 'none'), outOfSession(ctx, a, 'terminated')].filter(
      (x): x is Anomaly => x !== null,
    ),
  );

export const repeatedInitializeRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  for (const attempt of ctx.attempts) {
    // Only the SCO's own earlier Initialize makes a later one a repeat (a tool may have initialized first).
    const own = attempt.calls.find(
      (c) => c.fromSco && c.method === 'Initialize' && c.state === 'none' && isSuccess(c.call),
    );
    if (!own) continue;
    const again = attempt.calls.filter(
      (c) => c.fromSco && c.method === 'Initialize' && c.call.index > own.call.index,
    );
    if (again.length === 0) continue;
    const first = again[0]!;
    out.push(
      scoped(ctx, attempt, {
        type: 'repeated_initialize',
        severity: 'error',
        message: `${ctx.names.initialize} was called again after the attempt had ${first.state === 'terminated' ? 'terminated' : 'started'} (${plural(again.length, 'time')})${codeOf(first)}; one SCO launch allows exactly one ${ctx.names.initialize}.`,
        fix: `Call ${ctx.names.initialize}("") once per launch: keep the result in a variable (or a flag) and reuse it instead of initializing in every page or component.`,
        call_index: first.call.index,
        count: again.length,
      }),
    );
  }
  return out;
};

export const missingTerminateRule: Rule = (ctx) =>
  ctx.attempts
    .filter(
      (a) =>
        a.ended &&
        a.reachedInitialized &&
        !a.terminatedOffRecord &&
        !a.calls.some(
          (c) => c.fromSco && c.method === 'Terminate' && c.state === 'initialized' && isSuccess(c.call),
        ),
    )
    .map((a) =>
      scoped(ctx, a, {
        type: 'missing_terminate',
        severity: 'error',
        message:
          a.state === 'terminated'
            ? `The SCO never called ${ctx.names.terminate} itself (the tester closed the attempt for it); a real LMS may discard everything this attempt set.`
            : `${ctx.names.initialize} succeeded but ${ctx.names.terminate} was never called, not even when the SCO was unloaded; an LMS may discard everything this attempt set.`,
        fix: `Call ${ctx.names.commit}("") then ${ctx.names.terminate}("") when the learner finishes, and also from a pagehide/unload handler (guarded so it runs once).`,
      }),
    );

export const commitBeforeTerminateRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  for (const attempt of ctx.attempts) {
    const terminate = attempt.calls.find(
      (c) => c.fromSco && c.method === 'Terminate' && c.state === 'initialized' && isSuccess(c.call),
    );
    if (!terminate) continue;
    const before = attempt.calls.filter((c) => c.call.index < terminate.call.index);
    const lastSet = before.filter((c) => c.fromSco && c.method === 'SetValue' && isSuccess(c.call)).pop();
    if (!lastSet) continue;
    const committed = before.some(
      (c) => c.method === 'Commit' && c.call.index > lastSet.call.index && isSuccess(c.call),
    );
    if (committed) continue;
    out.push(
      scoped(ctx, attempt, {
        type: 'missing_commit_before_terminate',
        severity: 'warning',
        message: `Values were set (last: ${callRef(lastSet.call)}) but ${ctx.names.commit} was not called before ${ctx.names.terminate}; LMSs that persist only on Commit can lose them.`,
        fix: `Call ${ctx.names.commit}("") after the last SetValue and before ${ctx.names.terminate}("").`,
        call_index: terminate.call.index,
        element: lastSet.element ?? undefined,
        course_text: callTexts(lastSet.call),
      }),
    );
  }
  return out;
};
