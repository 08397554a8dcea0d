/**
 * Tells a stuck script from a slow or starved renderer, through the runtime's own DevTools session.
 *
 * `Runtime.evaluate` of a trivial expression runs as a task on the page's main thread: it answers as
 * soon as that thread is free, whether the renderer is merely slow or starved of CPU. `Performance.
 * getMetrics` is one of the few commands Chromium delivers by interrupting running JavaScript (as it
 * does Debugger.pause and Runtime.terminateExecution), so it answers while a script runs, but not while
 * the thread is in layout, painting or waiting for the GPU. Hence:
 * - evaluate answers within the window: the page is responsive (what timed out waited on something else);
 * - it does not, and getMetrics answers twice, a moment apart, while evaluate still waits: the metrics
 *   say whether one script held the thread between the two samples. It did if script time grew as fast
 *   as time itself (ScriptDuration counts the running script, so a loop that forces a layout on each
 *   turn still shows; a loop in a microtask does not), or if the page laid nothing out and recalculated
 *   no style in between and still does not for a few seconds more (a renderer that is merely slow
 *   renders between the short scripts in which the interrupt lands: a timer, an animation callback). Measured: a
 *   page that needs seconds of layout per frame laid out between its samples and added no script time;
 *   busy loops in a task and in a microtask laid nothing out. A loaded machine on which the samples land
 *   in the short scripts thus does not make a slow page look stuck;
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
/** How long a thread that neither renders nor runs measurable script is watched before it counts as stuck. */
const CONFIRM_STUCK_MS = 2_000;

export type MainThreadProbe =
  { state: 'responsive'; answered_ms: number } | { state: 'running_script' } | { state: 'busy' };

/** At or above this share of the time between two samples spent in script, one script held the thread. */
const STUCK_SCRIPT_SHARE = 0.8;

interface MainThreadWork {
  timestamp: number;
  script: number;
  layouts: number;
  styleRecalcs: number;
}

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
  const samples: MainThreadWork[] = [];
  for (let sample = 0; sample < 2; sample++) {
    if (sample > 0) await within(evaluated, SAMPLE_GAP_MS);
    const work = await within(sampleWork(cdp), SAMPLE_WAIT_MS);
    const freed = await within(evaluated, 0);
    if (freed === true) return { state: 'responsive', answered_ms: Date.now() - started };
    if (typeof work !== 'object' || work === null) return { state: 'busy' };
    samples.push(work);
  }
  const [first, second] = samples as [MainThreadWork, MainThreadWork];
  if (scriptTimeGrew(first, second)) return { state: 'running_script' };
  if (rendered(first, second)) return { state: 'busy' };
  return (await rendersWithin(cdp, evaluated, first)) ? { state: 'busy' } : { state: 'running_script' };
}

/**
 * Nothing laid out between the two samples, and no script time: a loop in a microtask, or a renderer
 * whose every frame takes longer than the gap (a loaded CI machine gave one layout of a huge animated
 * page seconds). Only the first never renders and never answers: watch for a while before stopping it.
 */
async function rendersWithin(
  cdp: CDPSession,
  evaluated: Promise<boolean>,
  since: MainThreadWork,
): Promise<boolean> {
  const until = Date.now() + CONFIRM_STUCK_MS;
  while (Date.now() < until) {
    if ((await within(evaluated, SAMPLE_GAP_MS)) === true) return true;
    const work = await within(sampleWork(cdp), SAMPLE_WAIT_MS);
    if (typeof work !== 'object' || work === null) return true;
    if (rendered(since, work)) return true;
  }
  return false;
}

function rendered(first: MainThreadWork, second: MainThreadWork): boolean {
  return second.layouts !== first.layouts || second.styleRecalcs !== first.styleRecalcs;
}

function scriptTimeGrew(first: MainThreadWork, second: MainThreadWork): boolean {
  const elapsed = second.timestamp - first.timestamp;
  return elapsed > 0 && second.script - first.script >= STUCK_SCRIPT_SHARE * elapsed;
}

async function sampleWork(cdp: CDPSession): Promise<MainThreadWork | null> {
  try {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string): number => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    const work = {
      timestamp: value('Timestamp'),
      script: value('ScriptDuration'),
      layouts: value('LayoutCount'),
      styleRecalcs: value('RecalcStyleCount'),
    };
    return Object.values(work).some(Number.isNaN) ? null : work;
  } catch {
    return null;
  }
}
