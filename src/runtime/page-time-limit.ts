/**
 * The time limit on every page interaction of a runtime: COURSE_TIMEOUT past it. The page's script is
 * stopped (Runtime.terminateExecution) only when the probe finds it holding the main thread, so the
 * runtime stays usable; a page that is merely slow keeps running.
 */
import { fail, ScormTesterError, type ErrorCode } from '../core/errors.js';
import { cancelledError } from '../core/progress.js';
import { CANCELLED, TIMEOUT, within } from '../core/within.js';
import { PROBE_WINDOW_MS, type MainThreadProbe } from './main-thread-probe.js';
import type { RuntimeLifecycle } from './runtime-lifecycle.js';
import type { ScriptStopper } from './script-stopper.js';

export class PageTimeLimit {
  constructor(
    private readonly lifecycle: RuntimeLifecycle,
    private readonly stopper: ScriptStopper,
    /** Budget for each page interaction. */
    readonly defaultMs: number,
  ) {}

  /** Runs a page operation within `timeoutMs`; errors other than ours become `fallback`. */
  async run<T>(
    what: string,
    op: () => Promise<T>,
    timeoutMs = this.defaultMs,
    fallback: ErrorCode = 'INTERNAL_ERROR',
    /** Ends the wait with CANCELLED; the caller discards what it was doing (e.g. an open closes the runtime). */
    signal?: AbortSignal,
  ): Promise<T> {
    this.lifecycle.ensureUsable();
    const running = op();
    running.catch(() => undefined);
    try {
      const out = await within(Promise.race([running, this.lifecycle.crashed]), timeoutMs, signal);
      if (out === CANCELLED) throw cancelledError(what);
      if (out === TIMEOUT) {
        const probe = await this.stopper.probe();
        if (probe.state !== 'running_script') throw slowPageError(what, timeoutMs, probe);
        await this.stopper.stop(what, 'timeout');
        fail(
          'COURSE_TIMEOUT',
          `The course did not respond to ${what} within ${timeoutMs} ms: its script is stuck (it held the ` +
            "page's main thread without returning; an endless loop or a dialog loop). The stuck script was " +
            'stopped; the runtime can still be inspected or closed, but the course may not work until it is reopened.',
          { operation: what, timeoutMs, cause: 'script_stuck' },
        );
      }
      return out;
    } catch (err) {
      throw await this.lifecycle.translate(err, what, fallback);
    }
  }
}

/** COURSE_TIMEOUT for a page that is slow but not stuck: its script keeps running. */
function slowPageError(what: string, timeoutMs: number, probe: MainThreadProbe): ScormTesterError {
  const why =
    probe.state === 'responsive'
      ? `its page is not stuck: it answered a trivial call in ${probe.answered_ms} ms, so ${what} was held up ` +
        'by the renderer or the GPU (busy, or starved of CPU)'
      : `its page's main thread answered nothing for ${PROBE_WINDOW_MS} ms while running no script: the ` +
        'renderer is busy (layout, painting) or starved of CPU';
  return new ScormTesterError(
    'COURSE_TIMEOUT',
    `The course did not finish ${what} within ${timeoutMs} ms, but ${why}. Its script was not stopped; ` +
      'try again when the machine is less loaded, or raise SCORM_TESTER_COURSE_TIMEOUT_MS.',
    { operation: what, timeoutMs, cause: 'renderer_slow', main_thread: probe.state },
  );
}
