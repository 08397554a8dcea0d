/**
 * A batch run, independent of how it was asked for: picks this shard's packages, skips those the resume
 * state already judged (by content hash), runs the rest at most `jobs` at a time, each under its own
 * time limit, and turns whatever one package throws into that package's `error` verdict so the batch goes
 * on. Each result is recorded in the resume state as soon as it is known.
 */
import { VERSION } from '../../core/version.js';
import { TIMEOUT, within } from '../../core/within.js';
import { contentHash } from './content-hash.js';
import type { BatchPackage } from './inputs.js';
import { trackLeases, type BrowserUse } from '../../runtime/lease-tracking.js';
import { cutError, cutPackageError, knownLost } from './cut-package.js';
import { batchCrashError, batchError } from './package-error.js';
import { emptyCounts, totalsOf, type BatchReport, type PackageResult } from './report.js';
import type { ResumeState } from './resume-state.js';
import { runPool } from './run-pool.js';
import { inShard, shardText, type Shard } from './shard.js';

/** Runs one package (validate, then its SCOs) and judges it; may throw (the batch turns it into an error). */
export type PackageRunner = (pkg: BatchPackage, hash: string, signal: AbortSignal) => Promise<PackageResult>;

export interface BatchOptions {
  jobs: number;
  shard: Shard | null;
  packageTimeoutMs: number;
  resume: ResumeState | null;
  runPackage: PackageRunner;
  /** Called once per package as it ends (resumed ones too, with `resumed` true). */
  onResult?: (result: PackageResult, resumed: boolean) => void;
  /** Called when a package starts. */
  onStart?: (pkg: BatchPackage) => void;
  signal?: AbortSignal;
}

/**
 * How long the batch waits for a package it gave up on to let go of its browser pages (after its cut, and at
 * the end): past the round trip (5 s) its runtime asks of a browser that may have stopped answering.
 */
const ABANDONED_GRACE_MS = 8_000;

function errorResult(
  pkg: BatchPackage,
  hash: string,
  error: PackageResult['error'],
  ms: number,
): PackageResult {
  return {
    path: pkg.path,
    content_hash: hash,
    verdict: 'error',
    scorm_version: null,
    findings: emptyCounts(),
    scos: [],
    ...(error ? { error } : {}),
    duration_ms: Math.round(ms),
  };
}

/**
 * Why the package, or one of its SCOs, ended with its browser: a remote browser that went away (its node
 * died, or no endpoint could be reached) before a crash of the browser or page under the course.
 */
function browserFailure(result: PackageResult): 'browser_lost' | 'crash' | null {
  const kinds = [result.error?.kind, ...result.scos.map((s) => s.error?.kind)];
  if (kinds.includes('browser_lost')) return 'browser_lost';
  return kinds.includes('crash') ? 'crash' : null;
}

/**
 * Runs after a remote browser went away: the pool sends each to a browser that answers, so more than one
 * covers a second node going down; a bound all the same, for a grid whose nodes all keep dying.
 */
const LOST_BROWSER_RUNS = 2;

/** The crash messages of a result, worded for a batch (see batchCrashError). */
function inBatchWords(result: PackageResult, runs: number): PackageResult {
  const scos = result.scos.map((s) => (s.error ? { ...s, error: batchCrashError(s.error, runs) } : s));
  return { ...result, ...(result.error ? { error: batchCrashError(result.error, runs) } : {}), scos };
}

export function shardPackages(packages: readonly BatchPackage[], shard: Shard | null): BatchPackage[] {
  return packages.filter((p) => inShard(p.path, shard));
}

export async function runBatch(
  packages: readonly BatchPackage[],
  options: BatchOptions,
): Promise<BatchReport> {
  const started = performance.now();
  const mine = shardPackages(packages, options.shard);
  const results: Array<PackageResult | undefined> = new Array(mine.length);
  const abandoned = new Set<Promise<unknown>>();

  /** One run of a package under its own time limit; whatever it throws becomes its error result. */
  const attempt = async (pkg: BatchPackage, hash: string): Promise<PackageResult> => {
    const t0 = performance.now();
    const controller = new AbortController();
    const onOuterAbort = (): void => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.packageTimeoutMs);
    });
    const leases = new Set<BrowserUse>();
    const running = trackLeases(leases, () => options.runPackage(pkg, hash, controller.signal));
    try {
      const first = await Promise.race([running, timedOut]);
      if (first !== 'timeout') return first;
      // Asked before the package is told to stop, while its sessions are still open: a remote browser that
      // does not answer (a grid node that hung, in whatever phase) makes the cut the browser's loss.
      const cut = cutPackageError(leases, options.packageTimeoutMs);
      controller.abort(new Error('per-package time limit'));
      // The runner closes its pages on abort; this slot takes its next package only once they are
      // closed (or the grace ran out), so a course stuck in a loop does not slow the next one.
      const ended = running.then(
        (result) => (browserFailure(result) === 'browser_lost' ? result : null),
        (error: unknown) => {
          const e = batchError(error);
          return e.kind === 'browser_lost' ? errorResult(pkg, hash, e, performance.now() - t0) : null;
        },
      );
      const error = await cut;
      if (error.kind === 'browser_lost') {
        abandoned.add(ended);
        return errorResult(pkg, hash, error, performance.now() - t0);
      }
      const late = await within(ended, ABANDONED_GRACE_MS);
      if (late === TIMEOUT) abandoned.add(ended);
      // Its remote browser found gone while it let go (the runner asks it on abort; the heartbeat may too):
      // the browser's failure, run again elsewhere, never kept as the course's own timeout.
      else if (late) return { ...late, duration_ms: Math.round(performance.now() - t0) };
      const known = cutError(knownLost(leases), options.packageTimeoutMs);
      return errorResult(pkg, hash, known, performance.now() - t0);
    } catch (error) {
      return errorResult(pkg, hash, batchError(error), performance.now() - t0);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  };

  const runOne = async (pkg: BatchPackage, index: number): Promise<void> => {
    const hash = await contentHash(pkg.absPath);
    const earlier = options.resume?.resultFor(hash);
    // A browser that crashed or went away left the course unjudged: such a result is run again, not kept.
    // A course's own timeout is its result and stays.
    if (earlier && browserFailure(earlier) === null) {
      // The path as given this time: the same content may have moved.
      results[index] = { ...earlier, path: pkg.path, resumed: true };
      options.onResult?.(results[index], true);
      return;
    }
    options.onStart?.(pkg);
    let result = await attempt(pkg, hash);
    // A browser that died takes every package then running on it with it: each gets one more run on a
    // new browser. A package that crashes it again is reported as that crash, and not run a third time.
    // A remote browser that went away is not the course's doing: those runs do not use up the crash's
    // one, and go to another endpoint (or the same one, reconnected).
    let crashRuns = 0;
    let lostRuns = 0;
    let spent = 0;
    let reruns = 0;
    while (!options.signal?.aborted) {
      const why = browserFailure(result);
      if (why === 'browser_lost' && lostRuns < LOST_BROWSER_RUNS) lostRuns += 1;
      else if (why === 'crash' && crashRuns < 1) crashRuns += 1;
      else break;
      spent += result.duration_ms;
      reruns += 1;
      result = await attempt(pkg, hash);
    }
    if (reruns > 0) result = { ...result, retried: true, duration_ms: spent + result.duration_ms };
    result = inBatchWords(result, reruns + 1);
    if (options.signal?.aborted) return; // interrupted: not a verdict, not recorded
    results[index] = result;
    await options.resume?.record(result);
    options.onResult?.(result, false);
  };

  await runPool(mine, options.jobs, runOne, options.signal);
  if (abandoned.size > 0) {
    await Promise.race([
      Promise.allSettled([...abandoned]),
      new Promise((resolve) => setTimeout(resolve, ABANDONED_GRACE_MS).unref()),
    ]);
  }
  const done = results.filter((r): r is PackageResult => r !== undefined);
  return {
    kind: 'scorm-tester-batch',
    version: VERSION,
    shards: options.shard ? [shardText(options.shard)] : [],
    totals: totalsOf(done),
    packages: done,
    duration_ms: Math.round(performance.now() - started),
  };
}
