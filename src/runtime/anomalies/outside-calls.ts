/**
 * Calls that reached a SCO's API from code outside its frame (player/page/caller.ts): a timer an earlier
 * SCO left in the player window, another frame of the player page. RTE 3.1: the API instance is the
 * LMS's service to the content it launched; such calls are not that SCO's, whatever they set.
 */
import { plural, scoped, type Rule } from './attempts.js';
import { callRef, callTexts } from './recorded.js';
import type { Anomaly } from './types.js';

export const outsideCallsRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  for (const attempt of ctx.attempts) {
    const hits = attempt.calls.filter((c) => c.call.source === 'sco' && c.call.caller === 'outside_sco');
    const first = hits[0];
    if (!first) continue;
    const methods = [...new Set(hits.map((h) => h.call.method))].join(', ');
    out.push(
      scoped(ctx, attempt, {
        type: 'call_from_outside_sco',
        severity: 'error',
        message: `${plural(hits.length, 'call')} (${methods}) reached this SCO's API from code outside its frame (the player window or another of its frames, such as a timer an earlier SCO left there), first ${callRef(first.call)}. RTE 3.1: the API instance serves the content the LMS launched, so these are not this SCO's calls; they are recorded and the engine kept what they set.`,
        fix: 'Make every API call from the SCO’s own frame: create no functions or timers in the LMS window (parent.Function, parent.eval, parent.setTimeout with code), and stop the SCO’s timers when it unloads.',
        call_index: first.call.index,
        count: hits.length,
        ...(first.element !== null ? { element: first.element } : {}),
        course_text: callTexts(first.call),
      }),
    );
  }
  return out;
};
