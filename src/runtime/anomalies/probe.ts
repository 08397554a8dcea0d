/**
 * Runs an opened course the way a learner would for a short visit: wait until its API traffic settles,
 * let the caller look at it (e.g. a screenshot), then close it like a window (its unload handlers run),
 * and analyse every call it made.
 */
import { isScormTesterError } from '../../core/errors.js';
import { sleepUnlessCancelled } from '../../core/progress.js';
import type { CourseRuntime } from '../course-runtime.js';
import { scoBusy } from '../sco-busy.js';
import { canonicalMethod, type ApiCallRecord, type ConsoleEntry, type InitializeState } from '../records.js';
import { TIMEOUT, within } from '../../core/within.js';
import { packagePathOf } from '../content-url.js';
import type { ScriptCensus } from './causes.js';
import { currentScoScope } from './current-sco.js';
import { END_OF_VISIT_LOOK_MS, lookAtScoPages } from './page-look.js';
import { pluginContentAnomalies } from './plugin-content.js';
import { analyseRun } from './run-analysis.js';
import { trackingEvidence } from './tracking-switch.js';
import type { Anomaly } from './types.js';

export const DEFAULT_SETTLE_MS = 1_000;
const CENSUS_MAX_FRAMES = 20;
export const MAX_SETTLE_WAIT_MS = 15_000;
/** How often a course that is still loading is looked at again. */
const LOADING_POLL_MS = 25;

export interface SettleResult {
  /** False when calls were still coming, or the course still loading, when maxWaitMs ran out. */
  settled: boolean;
  waitedMs: number;
}

/**
 * Resolves once no API call has arrived for settleMs (counted from now, or from when the course's files
 * and popups finished loading, or, before the course's first call, from when its page stopped running
 * scripts: a slow start is not a quiet course), or after maxWaitMs.
 */
export async function waitForSettle(
  runtime: CourseRuntime,
  settleMs: number,
  maxWaitMs: number,
  /** Ends the wait at once with CANCELLED. */
  signal?: AbortSignal,
): Promise<SettleResult> {
  const start = Date.now();
  let last = start;
  const off = runtime.on('api_call', () => {
    last = Date.now();
  });
  try {
    for (;;) {
      const now = Date.now();
      const loading = runtime.isLoading;
      if (loading) last = now;
      if (!loading && now - last >= settleMs) {
        // Before its first call a quiet course may only be busy starting (see sco-busy.ts).
        if (awaitingFirstCall(runtime) && (await scoBusy(runtime))) {
          last = Date.now();
          continue;
        }
        return { settled: true, waitedMs: Date.now() - start };
      }
      if (now - start >= maxWaitMs || !runtime.isOpen) return { settled: false, waitedMs: now - start };
      const wakeAt = loading ? now + LOADING_POLL_MS : last + settleMs;
      await sleepUnlessCancelled(
        Math.max(1, Math.min(wakeAt, start + maxWaitMs) - now),
        signal,
        'Waiting for the course to settle',
      );
    }
  } finally {
    off();
  }
}

function awaitingFirstCall(runtime: CourseRuntime): boolean {
  return runtime.initializeState === 'none' && !runtime.calls.some((c) => c.source === 'sco');
}

export interface ProbeOptions {
  settleMs?: number;
  maxWaitMs?: number;
  /** Runs after the course settled, while the SCO is still shown. */
  beforeUnload?: (runtime: CourseRuntime) => Promise<void>;
  /** Ends the settle wait with CANCELLED. */
  signal?: AbortSignal | undefined;
  /** The launched resource as the manifest gives it (an asset is not expected to call the API). */
  resource?: { scormType: string | null; href: string | null } | undefined;
}

export interface ProbeReport {
  version: '1.2' | '2004';
  calls: readonly ApiCallRecord[];
  /** The SCO's own Initialize succeeded at least once. */
  initialized: boolean;
  finalState: InitializeState;
  dataModel: Record<string, string>;
  anomalies: Anomaly[];
  console: readonly ConsoleEntry[];
  settle: SettleResult;
}

export async function probeRuntime(runtime: CourseRuntime, options: ProbeOptions = {}): Promise<ProbeReport> {
  const settle = await waitForSettle(
    runtime,
    options.settleMs ?? DEFAULT_SETTLE_MS,
    Math.min(options.maxWaitMs ?? MAX_SETTLE_WAIT_MS, MAX_SETTLE_WAIT_MS),
    options.signal,
  );
  if (options.beforeUnload) await options.beforeUnload(runtime);
  // A SCO that made no call at all may be waiting at a start screen for the learner's click.
  const silent = awaitingFirstCall(runtime);
  // Read while the SCO's frames are still there, side by side: a stuck page makes each wait out its
  // bound, and then the run waits for one bound, not the sum.
  const [scripts, look, extra] = await Promise.all([
    runtime.initializeState === 'none' ? scriptCensus(runtime) : undefined,
    silent ? lookAtScoPages(runtime) : undefined,
    pluginContentAnomalies(runtime),
  ]);
  try {
    // The run ends as the learner closing the LMS window: handlers on window.top run too.
    await runtime.unload({ closeWindow: true });
  } catch (error) {
    if (!isScormTesterError(error) || error.code !== 'COURSE_TIMEOUT') throw error;
    extra.push({
      type: 'unload_timeout',
      severity: 'error',
      message: `The SCO did not finish unloading: ${error.message}`,
      fix: 'Keep unload/pagehide handlers short: set the final values, Commit and Terminate, with no loops, dialogs or synchronous waits.',
      ...currentScoScope(runtime),
    });
  }
  const dataModel = await runtime.getDataModel();
  const calls = runtime.calls;
  const anomalies = analyseRun(
    {
      version: runtime.version,
      calls,
      finalState: runtime.initializeState,
      dataModel,
      ended: true,
      integrity: runtime.log.integrity,
      discardedAttempts: runtime.log.discardedAttempts,
      scormAttempts: runtime.log.scormAttempts,
      changes: runtime.log.dataChanges,
      launch: {
        scoId: runtime.log.currentScoId ?? '',
        attempt: runtime.log.currentAttempt,
        scormType: options.resource?.scormType ?? null,
        href: options.resource?.href ?? null,
      },
    },
    {
      network: runtime.networkRequests,
      console: runtime.consoleMessages,
      version: runtime.version,
      ...(scripts ? { scripts } : {}),
      ...(look ? { look } : {}),
      ...trackingEvidence(runtime),
    },
    extra,
  );
  return {
    version: runtime.version,
    calls,
    initialized: calls.some(
      (c) => c.source === 'sco' && canonicalMethod(c.method) === 'Initialize' && c.result === 'true',
    ),
    finalState: runtime.initializeState,
    dataModel,
    anomalies,
    console: runtime.consoleMessages,
    settle,
  };
}

/**
 * Counts the script elements of the SCO frame and the frames nested in it, through Playwright's own
 * script world (the course cannot bend the count); undefined when the pages do not answer in time.
 */
async function scriptCensus(runtime: CourseRuntime): Promise<ScriptCensus | undefined> {
  const count = async (): Promise<ScriptCensus> => {
    const frames = [await runtime.scoFrame()];
    for (let i = 0; i < frames.length && frames.length < CENSUS_MAX_FRAMES; i++) {
      frames.push(...(frames[i]?.childFrames() ?? []));
    }
    const census: ScriptCensus = { pages: [], inline: 0, external: 0 };
    for (const frame of frames.slice(0, CENSUS_MAX_FRAMES)) {
      census.inline += await frame.locator('script:not([src])').count();
      census.external += await frame.locator('script[src]').count();
      census.pages.push(packagePathOf(frame.url()));
    }
    return census;
  };
  try {
    const out = await within(count(), END_OF_VISIT_LOOK_MS);
    return out === TIMEOUT ? undefined : out;
  } catch {
    return undefined;
  }
}
