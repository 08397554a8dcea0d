/**
 * `frame.evaluate` with a time limit that leaves the session usable. A call that does not return in
 * time is either waiting on a promise that never settles (the page still answers: we just stop
 * waiting) or stuck in a busy loop (the page answers nothing: its script is stopped with the DevTools
 * protocol's Runtime.terminateExecution, as the runtime does for a stuck course).
 */
import type { CDPSession, Frame, Page } from 'playwright-core';
import type { CourseRuntime } from '../../runtime/course-runtime.js';

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

const sessions = new WeakMap<Page, Promise<CDPSession | null>>();

/** One DevTools session per player page, attached while the page is still responsive. */
function devtools(page: Page): Promise<CDPSession | null> {
  let session = sessions.get(page);
  if (!session) {
    session = page
      .context()
      .newCDPSession(page)
      .catch(() => null);
    sessions.set(page, session);
  }
  return session;
}

const TIMEOUT = Symbol('timeout');

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
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
): Promise<R> {
  const cdp = devtools(runtime.playerPage);
  await cdp;
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
  const session = await cdp;
  if (session) {
    await within(
      session.send('Runtime.terminateExecution').catch(() => undefined),
      TERMINATE_WAIT_MS,
    );
  }
  // Let the stopped call and the probe come back before the next call uses the page.
  await within(
    Promise.allSettled([running, probe]).then(() => undefined),
    TERMINATE_WAIT_MS,
  );
  throw new EvaluateTimeout(timeoutMs, true);
}
