/**
 * The one bounded page call of the DOM, automation, page-context and audit tools: `frame.evaluate` with
 * a time limit that leaves the session usable. A call that does not return in time is either waiting on
 * a promise that never settles (the page still answers: we just stop waiting) or stuck in a busy loop
 * (the page answers nothing: its script is stopped through the runtime, as it does for a stuck course).
 */
import type { Frame } from 'playwright-core';
import { ScormTesterError } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';

/** How long a page that is not busy takes to answer a trivial evaluate, at most. */
const RESPONSIVE_PROBE_MS = 1_000;
const TERMINATE_WAIT_MS = 2_000;

export class EvaluateTimeout extends Error {
  constructor(
    readonly timeoutMs: number,
    /** True when the page's script was stuck (and has been stopped), false for a promise that never settled. */
    readonly busy: boolean,
  ) {
    super(busy ? 'busy loop stopped' : 'promise never settled');
    this.name = 'EvaluateTimeout';
  }
}

export const TIMEOUT = Symbol('timeout');

/** `promise`'s value, or TIMEOUT when it has not settled within `ms` (the promise itself goes on). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `evaluate` (one `frame.evaluate(...)`) within `timeoutMs`; EvaluateTimeout past it. */
export async function evaluateBounded<R>(
  runtime: CourseRuntime,
  frame: Frame,
  evaluate: () => Promise<R>,
  timeoutMs: number,
  /** What the call was, for the script_terminated event when a busy script is stopped. */
  operation = 'a page call',
): Promise<R> {
  const running = evaluate();
  running.catch(() => undefined);
  const out = await within(running, timeoutMs);
  if (out !== TIMEOUT) return out as R;

  const probe = frame.evaluate(() => 0);
  probe.catch(() => undefined);
  const answered = await within(
    probe.then(
      () => true,
      () => true,
    ),
    RESPONSIVE_PROBE_MS,
  );
  if (answered === true) throw new EvaluateTimeout(timeoutMs, false);
  await within(
    runtime.stopRunningScript(operation).catch(() => undefined),
    // The runtime's stop waits up to 2 s for the terminate and 1 s for the records.
    TERMINATE_WAIT_MS + 1_500,
  );
  // Let the stopped call and the probe come back before the next call uses the page.
  await within(
    Promise.allSettled([running, probe]).then(() => undefined),
    TERMINATE_WAIT_MS,
  );
  throw new EvaluateTimeout(timeoutMs, true);
}

/** evaluateBounded with the caller's error for a timeout (DOM_TIMEOUT by default). */
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
