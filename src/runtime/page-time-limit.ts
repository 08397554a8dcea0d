/**
 * The time limit on every page interaction of a runtime: COURSE_TIMEOUT past it. The page's script is
 * stopped (Runtime.terminateExecution) only when the probe finds it holding the main thread, so the
 * runtime stays usable; a page that is merely slow keeps running.
 */
import type { ErrorCode } from '../core/errors.js';
import { cancelledError } from '../core/progress.js';
import { CANCELLED, TIMEOUT, within } from '../core/within.js';
import { slowPageError, stuckScriptError } from './course-timeout-errors.js';
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
      if (out === CANCELLED) {
        // Cut short (e.g. the batch's per-package limit) while its browser had stopped answering: that is
        // the browser's failure, which the batch runs again elsewhere, not the course's.
        await this.lifecycle.checkBrowser();
        this.lifecycle.ensureUsable();
        throw cancelledError(what);
      }
      if (out === TIMEOUT) {
        // A browser that stopped answering (its node hung or died) is the browser's failure, not a slow course.
        await this.lifecycle.checkBrowser();
        this.lifecycle.ensureUsable();
        const probe = await this.stopper.probe();
        if (probe.state !== 'running_script') throw slowPageError(what, timeoutMs, probe);
        await this.stopper.stop(what, 'timeout');
        throw stuckScriptError(what, timeoutMs);
      }
      return out;
    } catch (err) {
      throw await this.lifecycle.translate(err, what, fallback);
    }
  }
}
