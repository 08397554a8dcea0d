/**
 * Tells a stuck script from a slow or starved renderer, through the runtime's own DevTools session.
 *
 * `Runtime.evaluate` of a trivial expression runs as a task on the page's main thread: it answers as
 * soon as that thread is free, whether the renderer is merely slow or starved of CPU. `Performance.
 * getMetrics` is one of the few commands Chromium delivers by interrupting running JavaScript (as it
 * does Debugger.pause and Runtime.terminateExecution), so it answers while a script runs, but not while
 * the thread is in layout, painting or waiting for the GPU. Hence:
 * - evaluate answers within the window: the page is responsive (what timed out waited on something else);
 * - it does not, and getMetrics then answers twice in a row, a moment apart, while evaluate still waits:
 *   a script has held the main thread all along (stuck). Two samples, because one could land in a short
 *   script (a timer, an animation callback) between long layouts;
 * - otherwise the thread is busy outside script, or the renderer gets no CPU: slow, not stuck.
 * Performance must be enabled on the session beforehand (a busy page may not take Performance.enable).
 */
import type { CDPSession } from 'playwright-core';
import { within } from '../core/within.js';

/** How long the main thread may take to answer before it counts as not answering. */
export const PROBE_WINDOW_MS = 2_000;
/**
 * How long a running script may take to take the interrupting command. Well under 500 ms on an idle
 * machine, but a loaded one (a CI run, load average 20 on 2 cores) was measured past it, and a busy
 * loop then taken for a slow renderer is never stopped: the wait errs long.
 */
const SAMPLE_WAIT_MS = 2_000;
const SAMPLE_GAP_MS = 250;

export type MainThreadProbe =
  { state: 'responsive'; answered_ms: number } | { state: 'running_script' } | { state: 'busy' };

export async function probeMainThread(cdp: CDPSession, windowMs = PROBE_WINDOW_MS): Promise<MainThreadProbe> {
  const started = Date.now();
  const evaluated = cdp.send('Runtime.evaluate', { expression: '0', returnByValue: true }).then(
    () => true,
    // A session that fails the call (page gone) says nothing about a script.
    () => false,
  );
  const answered = await within(evaluated, windowMs);
  if (answered === true) return { state: 'responsive', answered_ms: Date.now() - started };
  if (answered === false) return { state: 'busy' };
  for (let sample = 0; sample < 2; sample++) {
    if (sample > 0) await within(evaluated, SAMPLE_GAP_MS);
    const interrupted = await within(
      cdp.send('Performance.getMetrics').then(
        () => true,
        () => false,
      ),
      SAMPLE_WAIT_MS,
    );
    const freed = await within(evaluated, 0);
    if (freed === true) return { state: 'responsive', answered_ms: Date.now() - started };
    if (interrupted !== true) return { state: 'busy' };
  }
  return { state: 'running_script' };
}
