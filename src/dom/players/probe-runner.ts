/**
 * Runs the page script (page/probe.ts, bundled) in one SCO frame with a time limit. The request travels as
 * Playwright's argument, never in source. A course getter or call that never returns blocks the page's
 * thread: on timeout, when the frame does not answer a trivial evaluate either, the runtime stops the running
 * script (as its own timed-out operations do), so the session stays usable and the stop is reported as a
 * session event. A promise that never settles leaves the page responsive: we stop waiting, nothing else.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { pageAsset } from '../../runtime/player/page-assets.js';
import type { ScoFrame } from '../frames.js';
import type { ProbeRequest } from './types.js';

export type ProbeOutcome<T> = { ok: true; value: T } | { ok: false; timedOut: boolean; error: string };

/** Budget of one probe in one frame; detection is a bounded DOM scan, well under this on large pages. */
export const PROBE_TIMEOUT_MS = 2_000;

/** A page that is not busy answers a trivial evaluate well within this. */
const RESPONSIVE_MS = 1_000;
const TIMED_OUT = Symbol('timed out');
let probeFunction: ((request: ProbeRequest) => unknown) | undefined;

/** The bundled script as a function of one argument; its exports stay on a local var, not on window. */
function pageFunction(): (request: ProbeRequest) => unknown {
  // Never called in Node: Playwright sends its source text to the page, where it is compiled and called.
  probeFunction ??= new Function(
    'request',
    `${pageAsset('pageContextProbe')}\nreturn pageContextProbe.run(request);`,
  ) as (request: ProbeRequest) => unknown;
  return probeFunction;
}

/** Whether the frame still runs scripts (a pending promise) rather than being stuck in one (a busy loop). */
async function answers(target: ScoFrame): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const probe = target.frame.evaluate(() => true).catch(() => true);
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), RESPONSIVE_MS);
  });
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runProbe<T>(
  runtime: CourseRuntime,
  target: ScoFrame,
  request: ProbeRequest,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ProbeOutcome<T>> {
  if (target.frame.isDetached())
    return { ok: false, timedOut: false, error: `frame ${target.label} is gone` };
  let timer: NodeJS.Timeout | undefined;
  const running = target.frame.evaluate(pageFunction(), request) as Promise<T>;
  running.catch(() => undefined);
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const value = await Promise.race([running, timeout]);
    if (value === TIMED_OUT) {
      const what = `the ${request.op} step in ${target.label} did not finish within ${timeoutMs} ms`;
      if (await answers(target)) {
        return {
          ok: false,
          timedOut: true,
          error: `${what}: a course call returned a promise that never settled`,
        };
      }
      await runtime.stopRunningScript(`page context (${request.op}) in ${target.label}`);
      return {
        ok: false,
        timedOut: true,
        error: `${what}: a course getter or call never returned, so the page's script was stopped`,
      };
    }
    return { ok: true, value };
  } catch (err) {
    const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    return {
      ok: false,
      timedOut: false,
      error: `the ${request.op} step in ${target.label} failed: ${message}`,
    };
  } finally {
    clearTimeout(timer);
  }
}
