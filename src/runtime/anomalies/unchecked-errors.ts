/**
 * Failed calls the SCO did not look at: the next call of the SCO is not GetLastError / GetErrorString /
 * GetDiagnostic. Calls outside the session are left to the lifecycle rules, and SetValues refused for what
 * the course sent to rejected-sets.ts (reported whether checked or not). A SCORM 2004 GetValue that
 * answers 403 (value not initialized, e.g. a first read of cmi.location) is the normal way to learn a value
 * was never set, so it is only noted (info).
 */
import {
  ERROR_INFO_METHODS,
  plural,
  scoped,
  type Attempt,
  type Canonical,
  type Rule,
  type RuleContext,
  type TimedCall,
} from './attempts.js';
import { courseRef, courseText } from '../../core/course-text.js';
import { callTexts } from './recorded.js';
import { rejectedSetReason } from './rejected-sets.js';
import type { Anomaly } from './types.js';

// Only these return a boolean status; GetValue's "false" is a stored value (a request_valid token, a
// true-false response), so for it the error code alone tells a failure.
const BOOLEAN_STATUS = new Set<Canonical>(['Initialize', 'Terminate', 'SetValue', 'Commit']);

function failed(c: TimedCall): boolean {
  const falseStatus = BOOLEAN_STATUS.has(c.method) && c.call.result === 'false';
  return falseStatus || (c.call.errorCode !== '0' && c.call.errorCode !== '');
}

function isNotInitializedRead(ctx: RuleContext, c: TimedCall): boolean {
  return ctx.version === '2004' && c.method === 'GetValue' && c.call.errorCode === '403';
}

function uncheckedIn(ctx: RuleContext, attempt: Attempt): Anomaly[] {
  const sco = attempt.calls.filter((c) => c.fromSco);
  const groups = new Map<string, { first: TimedCall; count: number }>();
  for (let i = 0; i < sco.length; i++) {
    const c = sco[i]!;
    if (
      c.state !== 'initialized' ||
      c.method === 'Initialize' ||
      ERROR_INFO_METHODS.has(c.method) ||
      !failed(c) ||
      rejectedSetReason(ctx, c) !== null
    )
      continue;
    const next = sco[i + 1];
    if (next && ERROR_INFO_METHODS.has(next.method)) continue;
    const key = `${c.method}\u0000${c.element ?? ''}\u0000${c.call.errorCode}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: c, count: 1 });
  }
  const out: Anomaly[] = [];
  const getLastError = ctx.names.getLastError;
  for (const { first, count } of groups.values()) {
    const call = first.call;
    const times = count > 1 ? ` (${plural(count, 'time')})` : '';
    const described = `Call #${call.index} (${courseRef('call')}) failed with error ${call.errorCode}${call.errorString ? ` (${call.errorString})` : ''}`;
    // The engine's diagnostic may quote the element or value the course sent.
    const diagnostic = call.diagnostic && call.diagnostic !== call.errorString ? call.diagnostic : '';
    const base = {
      call_index: call.index,
      count,
      ...(first.element ? { element: first.element } : {}),
      course_text: { ...callTexts(call), ...(diagnostic ? { diagnostic: courseText(diagnostic) } : {}) },
    };
    if (isNotInitializedRead(ctx, first)) {
      out.push(
        scoped(ctx, attempt, {
          type: 'uninitialized_value_read',
          severity: 'info',
          message: `${described}${times}: the element has no value yet, which is normal on a first launch. The SCO did not call ${getLastError}, so it cannot tell "never set" from an empty value.`,
          fix: `If the difference matters, call ${getLastError}() right after the GetValue and treat "403" as "not set yet".`,
          ...base,
        }),
      );
      continue;
    }
    out.push(
      scoped(ctx, attempt, {
        type: 'unchecked_api_error',
        severity: 'warning',
        message: `${described}${times}, and the SCO did not call ${getLastError} afterwards: the failure went unnoticed${
          diagnostic ? ` (the engine's diagnostic is in ${courseRef('diagnostic')})` : ''
        }.`,
        fix: `Fix the call itself (see the error), and check results: when a call returns "false" (or GetValue returns ""), call ${getLastError}() and handle or log the code.`,
        ...base,
      }),
    );
  }
  return out;
}

export const uncheckedErrorsRule: Rule = (ctx) => ctx.attempts.flatMap((a) => uncheckedIn(ctx, a));
