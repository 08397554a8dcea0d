/**
 * A page call with a time limit for DOM tools. Course code (or an agent's expression) can busy-loop or
 * never settle: past the limit the page's running script is stopped (Runtime.terminateExecution through
 * the runtime's stopRunningScript seam), so the session stays usable, and the caller's error is thrown.
 */
import { ScormTesterError } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';

const TIMED_OUT = Symbol('timed out');

export async function boundedPageCall<T>(
  runtime: CourseRuntime,
  what: string,
  timeoutMs: number,
  op: () => Promise<T>,
  onTimeout: () => ScormTesterError = () =>
    new ScormTesterError(
      'DOM_TIMEOUT',
      `${what} did not finish within ${timeoutMs} ms; the page's script was stopped.`,
      {
        timeout_ms: timeoutMs,
      },
    ),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const running = op();
  running.catch(() => undefined);
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const out = await Promise.race([running, timeout]);
    if (out === TIMED_OUT) {
      await runtime.stopRunningScript(what);
      throw onTimeout();
    }
    return out;
  } finally {
    clearTimeout(timer);
  }
}
