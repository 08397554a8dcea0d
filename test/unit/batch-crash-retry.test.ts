/**
 * runBatch with a stand-in package runner: a package whose run ends in a crashed browser is run once
 * more (and reported once, marked `retried`); one that crashes again is reported as that crash and not
 * run a third time; a package cut by its time limit is told to stop and its slot waits for it. A remote
 * browser that went away is the browser's failure (browser_lost): its reruns, bounded, are not the crash's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import type { BatchPackage } from '../../src/app/batch/inputs.js';
import { emptyCounts, packageVerdict, type PackageResult } from '../../src/app/batch/report.js';
import { errorKind } from '../../src/app/batch/package-error.js';
import { runBatch, type PackageRunner } from '../../src/app/batch/run-batch.js';
import { tempDir } from '../helpers/temp.js';

function packages(names: string[]): BatchPackage[] {
  const root = tempDir('scorm-tester-batch-retry-');
  return names.map((name) => {
    const absPath = join(root, `${name}.zip`);
    writeFileSync(absPath, name);
    return { path: absPath, absPath };
  });
}

const passed = (pkg: BatchPackage, hash: string): PackageResult => ({
  path: pkg.path,
  content_hash: hash,
  verdict: 'pass',
  scorm_version: '2004',
  findings: emptyCounts(),
  scos: [],
  duration_ms: 1,
});

const crash = (): ScormTesterError =>
  new ScormTesterError(
    'BROWSER_CRASHED',
    "This runtime's browser page is gone: the Chromium process exited or was killed.",
  );

function options(runPackage: PackageRunner, reported: PackageResult[]) {
  return {
    jobs: 2,
    shard: null,
    packageTimeoutMs: 60_000,
    resume: null,
    runPackage,
    onResult: (r: PackageResult) => reported.push(r),
  };
}

test('packages in flight when the browser died run once more and are reported once', async () => {
  const pkgs = packages(['a', 'b', 'c']);
  const runs = new Map<string, number>();
  const reported: PackageResult[] = [];
  const report = await runBatch(
    pkgs,
    options(async (pkg, hash) => {
      const n = (runs.get(pkg.path) ?? 0) + 1;
      runs.set(pkg.path, n);
      // a and b share the browser that dies; c starts after it.
      if (n === 1 && !pkg.path.endsWith('c.zip')) throw crash();
      return passed(pkg, hash);
    }, reported),
  );
  assert.deepEqual(
    pkgs.map((p) => runs.get(p.path)),
    [2, 2, 1],
  );
  assert.equal(reported.length, 3);
  assert.deepEqual(
    report.packages.map((p) => [p.verdict, p.retried ?? false]),
    [
      ['pass', true],
      ['pass', true],
      ['pass', false],
    ],
  );
  assert.deepEqual(report.totals, { packages: 3, pass: 3, fail: 0, error: 0 });
});

test('a package that crashes the browser again is reported as that crash, after two runs only', async () => {
  const pkgs = packages(['killer', 'fine']);
  const runs = new Map<string, number>();
  const reported: PackageResult[] = [];
  const report = await runBatch(
    pkgs,
    options(async (pkg, hash) => {
      runs.set(pkg.path, (runs.get(pkg.path) ?? 0) + 1);
      if (pkg.path.endsWith('killer.zip')) throw crash();
      return passed(pkg, hash);
    }, reported),
  );
  assert.equal(runs.get(pkgs[0]!.path), 2);
  assert.equal(runs.get(pkgs[1]!.path), 1);
  assert.equal(reported.length, 2);
  const killer = report.packages[0]!;
  assert.equal(killer.verdict, 'error');
  assert.equal(killer.retried, true);
  assert.deepEqual(
    { code: killer.error?.code, kind: killer.error?.kind },
    { code: 'BROWSER_CRASHED', kind: 'crash' },
  );
  // Worded for a batch: what happened, that it ran twice, what to do; not the MCP runtime's advice.
  assert.doesNotMatch(killer.error?.message ?? '', /runtime/i);
  assert.match(killer.error?.message ?? '', /the Chromium process exited or was killed/);
  assert.match(killer.error?.message ?? '', /second time on a new browser/);
  assert.match(killer.error?.message ?? '', /scorm-tester run <path>/);
});

test('a crash inside one SCO of a package counts too: the package runs again', async () => {
  const pkgs = packages(['one']);
  let runs = 0;
  const report = await runBatch(
    pkgs,
    options(async (pkg, hash) => {
      runs += 1;
      const result = passed(pkg, hash);
      if (runs > 1) return result;
      return {
        ...result,
        verdict: 'error',
        scos: [
          {
            sco_id: 'sco1',
            launch_url: 'index.html',
            verdict: 'error',
            initialized: null,
            completion_status: null,
            success_status: null,
            anomalies: emptyCounts(),
            anomaly_types: {},
            error: { code: 'BROWSER_CRASHED', message: 'gone', kind: 'crash' },
            duration_ms: 1,
          },
        ],
      };
    }, []),
  );
  assert.equal(runs, 2);
  assert.equal(report.packages[0]!.verdict, 'pass');
});

test('a package cut by its time limit is told to stop, and its slot waits for it before the next package', async () => {
  const pkgs = packages(['hang', 'next']);
  const order: string[] = [];
  const report = await runBatch(pkgs, {
    ...options(async (pkg, hash, signal) => {
      const name = pkg.path.endsWith('hang.zip') ? 'hang' : 'next';
      order.push(`start ${name}`);
      if (name === 'hang') {
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        order.push('hang stopped');
        throw new ScormTesterError('RUNTIME_NOT_OPEN', 'The runtime was closed.');
      }
      return passed(pkg, hash);
    }, []),
    jobs: 1,
    packageTimeoutMs: 50,
  });
  assert.deepEqual(order, ['start hang', 'hang stopped', 'start next']);
  assert.deepEqual(
    report.packages.map((p) => [p.verdict, p.error?.code ?? null]),
    [
      ['error', 'PACKAGE_TIMEOUT'],
      ['pass', null],
    ],
  );
});

const lost = (): ScormTesterError =>
  new ScormTesterError(
    'BROWSER_CRASHED',
    "This runtime's browser page is gone: Chromium died (the remote browser at ws://127.0.0.1:9/*** disconnected).",
  );

test('a remote browser that went away is the browser failure, not a course crash: its reruns leave the crash rerun', async () => {
  const pkgs = packages(['moved', 'fine']);
  const runs = new Map<string, number>();
  const reported: PackageResult[] = [];
  const report = await runBatch(
    pkgs,
    options(async (pkg, hash) => {
      const n = (runs.get(pkg.path) ?? 0) + 1;
      runs.set(pkg.path, n);
      // Its node died, then the next one did too, then its own renderer crashed: a run is still left.
      if (pkg.path.endsWith('moved.zip') && n <= 2) throw lost();
      if (pkg.path.endsWith('moved.zip') && n === 3) throw crash();
      return passed(pkg, hash);
    }, reported),
  );
  assert.deepEqual(
    pkgs.map((p) => runs.get(p.path)),
    [4, 1],
  );
  assert.equal(reported.length, 2);
  assert.deepEqual(
    report.packages.map((p) => [p.verdict, p.retried ?? false]),
    [
      ['pass', true],
      ['pass', false],
    ],
  );
});

test('a package whose remote browsers keep going away ends browser_lost, naming the endpoint, after a bounded number of runs', async () => {
  const pkgs = packages(['orphan']);
  let runs = 0;
  const report = await runBatch(
    pkgs,
    options(async () => {
      runs += 1;
      throw lost();
    }, []),
  );
  assert.equal(runs, 3);
  const orphan = report.packages[0]!;
  assert.equal(orphan.verdict, 'error');
  assert.equal(orphan.retried, true);
  assert.equal(orphan.error?.kind, 'browser_lost');
  assert.match(
    orphan.error?.message ?? '',
    /the remote browser at ws:\/\/127\.0\.0\.1:9\/\*\*\* disconnected/,
  );
});

test('a package cut by its time limit whose remote browser then fails its round trip runs again: never a kept PACKAGE_TIMEOUT', async () => {
  const pkgs = packages(['opening']);
  let runs = 0;
  const report = await runBatch(pkgs, {
    ...options(async (pkg, hash, signal) => {
      runs += 1;
      if (runs > 1) return passed(pkg, hash);
      // Its session was opening on a node that hung: on abort, the runtime asked it and found it gone.
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      throw lost();
    }, []),
    jobs: 1,
    packageTimeoutMs: 50,
  });
  assert.equal(runs, 2);
  const p = report.packages[0]!;
  assert.deepEqual([p.verdict, p.retried, p.error], ['pass', true, undefined]);
});

test('validation errors stay the verdict (fail) when a SCO lost its remote browser; other errors win', () => {
  const sco = (verdict: 'pass' | 'error', kind?: string) => ({
    sco_id: 's',
    launch_url: null,
    verdict,
    initialized: null,
    completion_status: null,
    success_status: null,
    anomalies: emptyCounts(),
    anomaly_types: {},
    ...(kind ? { error: { code: 'BROWSER_CRASHED', message: 'm', kind } } : {}),
    duration_ms: 1,
  });
  assert.equal(packageVerdict('fail', [sco('error', 'browser_lost')]), 'fail');
  assert.equal(packageVerdict('pass', [sco('error', 'browser_lost')]), 'error');
  assert.equal(packageVerdict('fail', [sco('error', 'timeout')]), 'error');
  assert.equal(packageVerdict('fail', [sco('pass')]), 'fail');
});

test('no endpoint reachable (BROWSER_UNREACHABLE) is browser_lost, not the course', () => {
  assert.equal(errorKind('BROWSER_UNREACHABLE'), 'browser_lost');
  assert.equal(errorKind('BROWSER_CRASHED', 'gone: the Chromium process exited or was killed'), 'crash');
});
