/** cmi.suspend_data longer than the version allows: 4,096 characters in SCORM 1.2, 64,000 in 2004. */
import { isSuccess, plural, scoped, type Rule } from './attempts.js';
import { SUSPEND_DATA } from './elements.js';
import { stringLength } from './recorded.js';
import type { Anomaly } from './types.js';

export const suspendDataRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  const limit = ctx.names.suspendLimit;
  for (const attempt of ctx.attempts) {
    const over = attempt.calls.filter((c) => {
      if (!c.fromSco || c.method !== 'SetValue' || c.element !== SUSPEND_DATA) return false;
      const length = stringLength(c.call.args[1]);
      return length !== null && length > limit;
    });
    if (over.length === 0) continue;
    const first = over[0]!;
    const longest = Math.max(...over.map((c) => stringLength(c.call.args[1]) ?? 0));
    const accepted = over.some((c) => isSuccess(c.call));
    out.push(
      scoped(ctx, attempt, {
        type: 'suspend_data_too_long',
        severity: 'error',
        message: `cmi.suspend_data was set to ${longest.toLocaleString('en-US')} characters${
          over.length > 1 ? ` (${plural(over.length, 'call')} over the limit)` : ''
        }; SCORM ${ctx.version} allows ${limit.toLocaleString('en-US')} (${ctx.names.suspendType}). ${
          accepted
            ? 'This engine stored it, but LMSs truncate or refuse it, and the learner loses their place.'
            : `The engine refused it (error ${first.call.errorCode}), so the learner's state was not saved.`
        }`,
        fix: `Keep cmi.suspend_data under ${limit.toLocaleString('en-US')} characters: store only what resuming needs (ids, indexes, compact flags) and compress it${
          ctx.version === '1.2' ? ', or move the course to SCORM 2004 (64,000 characters)' : ''
        }.`,
        call_index: first.call.index,
        element: SUSPEND_DATA,
        count: over.length,
      }),
    );
  }
  return out;
};
