/** Call volume that suggests a loop or chatty code (info only: it works, but loads a real LMS). */
import { plural, scoped, type Rule } from './attempts.js';
import type { Anomaly } from './types.js';

export const EXCESSIVE_COMMITS = 100;
export const EXCESSIVE_CALLS = 10_000;

export const volumeRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  for (const attempt of ctx.attempts) {
    const sco = attempt.calls.filter((c) => c.fromSco);
    const commits = sco.filter((c) => c.method === 'Commit');
    if (commits.length > EXCESSIVE_COMMITS) {
      out.push(
        scoped(ctx, attempt, {
          type: 'excessive_commits',
          severity: 'info',
          message: `The SCO called ${ctx.names.commit} ${commits.length} times; every Commit may be a round trip to the LMS server.`,
          fix: `Commit at meaningful points only (after a question, on a page change, before ${ctx.names.terminate}), not after every SetValue or on a timer.`,
          call_index: commits[EXCESSIVE_COMMITS]!.call.index,
          count: commits.length,
        }),
      );
    }
    if (sco.length > EXCESSIVE_CALLS) {
      out.push(
        scoped(ctx, attempt, {
          type: 'excessive_calls',
          severity: 'info',
          message: `The SCO made ${plural(sco.length, 'API call')} in one attempt; this usually means a loop or a timer polling the API.`,
          fix: 'Keep values the SCO needs in variables instead of re-reading them, and set each element only when it changes.',
          call_index: sco[EXCESSIVE_CALLS]!.call.index,
          count: sco.length,
        }),
      );
    }
  }
  return out;
};
