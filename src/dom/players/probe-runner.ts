/**
 * Runs the page script (page/probe.ts, bundled) in one SCO frame with a time limit. The request travels as
 * Playwright's argument, never in source. The limit is the DOM tools' shared bounded evaluate: a promise
 * that never settles is no longer waited for; a getter or call that never returns holds the page's thread,
 * so its script is stopped (and we report the stop as a session event), and the session stays usable.
 */
import { quoted } from '../../core/course-text.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { pageAsset } from '../../runtime/player/page-assets.js';
import { EvaluateTimeout, evaluateBounded } from '../bounded.js';
import type { ScoFrame } from '../frames.js';
import { frameInSentence } from '../course-text-fields.js';
import type { ProbeRequest } from './types.js';

export type ProbeOutcome<T> = { ok: true; value: T } | { ok: false; timedOut: boolean; error: string };

/**
 * Budget of one probe in one frame. Detection is a bounded DOM scan (tens of ms), but on a busy machine the
 * first evaluate in a frame has taken over 2 s, so the bound is generous.
 */
export const PROBE_TIMEOUT_MS = 5_000;

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

export async function runProbe<T>(
  runtime: CourseRuntime,
  target: ScoFrame,
  request: ProbeRequest,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ProbeOutcome<T>> {
  if (target.frame.isDetached())
    return { ok: false, timedOut: false, error: `frame ${frameInSentence(target.label)} is gone` };
  const step = `the ${request.op} step in ${frameInSentence(target.label)}`;
  try {
    const value = await evaluateBounded(
      runtime,
      target.frame,
      () => target.frame.evaluate(pageFunction(), request) as Promise<T>,
      timeoutMs,
      `page context (${request.op})`,
    );
    return { ok: true, value };
  } catch (err) {
    if (err instanceof EvaluateTimeout) {
      if (!err.busy) {
        const error = `${step} did not finish within ${timeoutMs} ms: a course call returned a promise that never settled`;
        return { ok: false, timedOut: true, error };
      }
      const error = `${step} did not finish within ${timeoutMs} ms: a course getter or call never returned, so the page's script was stopped`;
      return { ok: false, timedOut: true, error };
    }
    const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    return { ok: false, timedOut: false, error: `${step} failed: ${quoted(message)}` };
  }
}
