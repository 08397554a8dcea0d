/**
 * The one bounded page call of the DOM, automation, page-context and audit tools: `frame.evaluate` with
 * a time limit that leaves the session usable. A call that does not return in time is waiting on a
 * promise that never settles (the page still answers: we just stop waiting), stuck in a busy loop (a
 * script holds the main thread: it is stopped through the runtime, as it is for a stuck course), or held
 * up by a renderer that is slow or starved of CPU (left running). The runtime's main-thread probe tells
 * them apart. A cancelled call (the client's signal) is ended the same way, at once.
 */
import type { Frame } from 'playwright-core';
import { ScormTesterError } from '../core/errors.js';
import { cancelledError } from '../core/progress.js';
import { CANCELLED, TIMEOUT, within } from '../core/within.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';

const TERMINATE_WAIT_MS = 2_000;
/**
 * How long past its time limit a call may take to stop the page's script before it answers anyway: a
 * renderer starved of CPU, or inside a long layout that no script stop interrupts, must not hold the
 * caller for as long as it likes. It covers the probe (up to about 6 s for a loop that shows no script time).
 */
const STOP_GRACE_MS = 8_000;
/** How often a cancelled call that has not settled is checked for a busy script. */
const WATCH_INTERVAL_MS = 500;

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

/**
 * Runs `evaluate` (one `frame.evaluate(...)`) within `timeoutMs`; EvaluateTimeout past it. When `signal`
 * fires first the call ends the same way (a busy script is stopped) with CANCELLED.
 */
export async function evaluateBounded<R>(
  runtime: CourseRuntime,
  frame: Frame,
  evaluate: () => Promise<R>,
  timeoutMs: number,
  /** What the call was, for the script_terminated event when a busy script is stopped. */
  operation = 'a page call',
  signal?: AbortSignal,
): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  const running = evaluate();
  running.catch(() => undefined);
  const out = await within(running, timeoutMs, signal);
  if (out !== TIMEOUT && out !== CANCELLED) return out;

  const stopping = stopIfBusy(runtime, frame, running, operation);
  stopping.catch(() => undefined);
  // Past the grace the stop has been asked for (the probe answers within a few seconds; a stop still under way goes on): report it as busy.
  const stopped = await within(stopping, STOP_GRACE_MS);
  const busy = stopped === TIMEOUT || stopped;
  if (out === CANCELLED) {
    // Cancelled early, the call may not have reached the page yet when the probe answered: keep watching
    // (in the background, up to its own time limit) and stop it if it turns out to be busy.
    if (!busy) void stopWhenBusy(runtime, frame, running, operation, deadline);
    throw cancelledError(operation);
  }
  throw new EvaluateTimeout(timeoutMs, busy);
}

async function stopWhenBusy(
  runtime: CourseRuntime,
  frame: Frame,
  running: Promise<unknown>,
  operation: string,
  deadline: number,
): Promise<void> {
  let settled = false;
  void running.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled && Date.now() < deadline && !frame.isDetached()) {
    await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS));
    if (settled || (await stopIfBusy(runtime, frame, running, operation).catch(() => true))) return;
  }
}

/** Stops the page's script when the probe finds one holding the main thread (a busy loop); true when it was stopped. */
async function stopIfBusy(
  runtime: CourseRuntime,
  frame: Frame,
  running: Promise<unknown>,
  operation: string,
): Promise<boolean> {
  if (frame.isDetached()) return false;
  const probe = await runtime.probeMainThread().catch(() => ({ state: 'busy' as const }));
  if (probe.state !== 'running_script') return false;
  await within(
    runtime.stopRunningScript(operation).catch(() => undefined),
    // The runtime's stop waits up to 2 s for the terminate and 1 s for the records.
    TERMINATE_WAIT_MS + 1_500,
  );
  // Let the stopped call come back before the next call uses the page.
  await within(
    running.then(
      () => undefined,
      () => undefined,
    ),
    TERMINATE_WAIT_MS / 2,
  );
  return true;
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
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await evaluateBounded(runtime, frame, op, timeoutMs, what, signal);
  } catch (err) {
    if (err instanceof EvaluateTimeout) throw onTimeout(err.busy);
    throw err;
  }
}
