/**
 * A page call of the read tools with a time limit, on the one bounded evaluate of the DOM tools
 * (automation/bounded-evaluate.ts): a promise that never settles is abandoned, a busy loop (course code
 * or an agent's expression) is stopped, and the session stays usable. The caller says what to throw.
 */
import type { Frame } from 'playwright-core';
import { ScormTesterError } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { EvaluateTimeout, evaluateBounded } from './automation/bounded-evaluate.js';

export async function boundedPageCall<T>(
  runtime: CourseRuntime,
  frame: Frame,
  what: string,
  timeoutMs: number,
  op: () => Promise<T>,
  onTimeout: (busy: boolean) => ScormTesterError = (busy) =>
    new ScormTesterError(
      'DOM_TIMEOUT',
      `${what} did not finish within ${timeoutMs} ms${busy ? "; the page's busy script was stopped" : ''}.`,
      { timeout_ms: timeoutMs },
    ),
): Promise<T> {
  try {
    return await evaluateBounded(runtime, frame, op, timeoutMs, what);
  } catch (err) {
    if (err instanceof EvaluateTimeout) throw onTimeout(err.busy);
    throw err;
  }
}
