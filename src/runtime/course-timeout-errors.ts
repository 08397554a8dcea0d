/** The two COURSE_TIMEOUT errors of a page interaction past its time limit: a stuck script (stopped), a slow page (left running). */
import { ScormTesterError } from '../core/errors.js';
import { PROBE_WINDOW_MS, type MainThreadProbe } from './main-thread-probe.js';

/** The course's script held the main thread without returning; it has been stopped. */
export function stuckScriptError(what: string, timeoutMs: number): ScormTesterError {
  return new ScormTesterError(
    'COURSE_TIMEOUT',
    `The course did not respond to ${what} within ${timeoutMs} ms: its script is stuck (it held the ` +
      "page's main thread without returning; an endless loop or a dialog loop). The stuck script was " +
      'stopped; the runtime can still be inspected or closed, but the course may not work until it is reopened.',
    { operation: what, timeoutMs, cause: 'script_stuck' },
  );
}

/** The page is slow but not stuck (the probe's answer says which): its script keeps running. */
export function slowPageError(what: string, timeoutMs: number, probe: MainThreadProbe): ScormTesterError {
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
