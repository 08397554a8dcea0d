/**
 * A batch run, independent of how it was asked for: picks this shard's packages, skips those the resume
 * state already judged (by content hash), runs the rest at most `jobs` at a time, each under its own
 * time limit, and turns whatever one package throws into that package's `error` verdict so the batch goes
 * on. Each result is recorded in the resume state as soon as it is known.
 */
import { VERSION } from '../../core/version.js';
import { contentHash } from './content-hash.js';
import type { BatchPackage } from './inputs.js';
import { batchError, packageTimeoutError } from './package-error.js';
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

/** How long the batch waits at its end for the packages it gave up on to let go of their browser pages. */
const ABANDONED_GRACE_MS = 5_000;

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

  const runOne = async (pkg: BatchPackage, index: number): Promise<void> => {
    const hash = await contentHash(pkg.absPath);
    const earlier = options.resume?.resultFor(hash);
    if (earlier) {
      // The path as given this time: the same content may have moved.
      results[index] = { ...earlier, path: pkg.path, resumed: true };
      options.onResult?.(results[index], true);
      return;
    }
    options.onStart?.(pkg);
    const t0 = performance.now();
    const controller = new AbortController();
    const onOuterAbort = (): void => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.packageTimeoutMs);
    });
    const running = options.runPackage(pkg, hash, controller.signal);
    let result: PackageResult;
    try {
      const first = await Promise.race([running, timedOut]);
      if (first === 'timeout') {
        controller.abort(new Error('per-package time limit'));
        abandoned.add(running.catch(() => undefined));
        result = errorResult(
          pkg,
          hash,
          packageTimeoutError(options.packageTimeoutMs),
          performance.now() - t0,
        );
      } else {
        result = first;
      }
    } catch (error) {
      result = errorResult(pkg, hash, batchError(error), performance.now() - t0);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
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
