/**
 * A remote browser's overhead (issue 25): the same generated catalogue of small single-SCO courses run by
 * the real CLI (`batch --jobs 1 --json`) on a local Chromium and through `--browser-ws` on a Playwright
 * browser server on loopback, alternating, in the same run. Per package: the median of the packages'
 * own `duration_ms` (validation and run, without the CLI's start and the browser's launch or connection);
 * per command: the whole batch's wall time. `--batch-packages N` sets the catalogue size (default 8),
 * `--remote-rounds R` the alternations (default 3).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { passingCatalogue } from '../test/helpers/batch-catalogue.js';
import { startBrowserServer } from '../test/helpers/browser-server.js';
import { REPO_ROOT } from '../test/helpers/paths.js';
import { median, type BenchRow } from './stats.js';
import type { BatchReport } from '../src/app/batch/report.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');

function option(name: string, dflt: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : dflt;
}

/** Asynchronously: the browser server lives in this process and must keep answering. */
function batch(dir: string, extra: string[]): Promise<{ wallMs: number; packageMs: number[] }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, 'batch', dir, '--jobs', '1', '--json', '--quiet', '--settle-ms', '300', ...extra],
      { maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout, stderr) => {
        try {
          const report = JSON.parse(stdout) as BatchReport;
          if (report.packages.some((p) => p.verdict !== 'pass'))
            throw new Error(`a package did not pass: ${stderr.slice(0, 300)}`);
          resolve({
            wallMs: performance.now() - started,
            packageMs: report.packages.map((p) => p.duration_ms),
          });
        } catch (err) {
          reject(
            new Error(`batch ${extra.join(' ')} failed: ${(err as Error).message} ${stderr.slice(0, 300)}`),
          );
        }
      },
    );
  });
}

export async function benchBatchRemote(): Promise<BenchRow[]> {
  const n = option('--batch-packages', 8);
  const rounds = option('--remote-rounds', 3);
  const dir = passingCatalogue(n);
  const server = await startBrowserServer();
  const local = { wall: [] as number[], perPackage: [] as number[] };
  const remote = { wall: [] as number[], perPackage: [] as number[] };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [into, extra] of [
        [local, []],
        [remote, ['--browser-ws', server.wsEndpoint]],
      ] as const) {
        const r = await batch(dir, [...extra]);
        into.wall.push(r.wallMs);
        into.perPackage.push(...r.packageMs);
      }
    }
  } finally {
    await server.close();
  }
  const perLocal = median(local.perPackage);
  const perRemote = median(remote.perPackage);
  return [
    {
      name: `batch of ${n}, --jobs 1: per package, local Chromium`,
      median_ms: perLocal,
      runs: local.perPackage.length,
    },
    {
      name: `batch of ${n}, --jobs 1: per package, remote browser on loopback (--browser-ws)`,
      median_ms: perRemote,
      runs: remote.perPackage.length,
      target: '<= 1.2x local',
      ratio: perRemote / perLocal,
    },
    {
      name: `batch of ${n}, --jobs 1: whole command, local (launch included)`,
      median_ms: median(local.wall),
      runs: rounds,
    },
    {
      name: `batch of ${n}, --jobs 1: whole command, remote (connection and its check included)`,
      median_ms: median(remote.wall),
      runs: rounds,
      ratio: median(remote.wall) / median(local.wall),
    },
  ];
}
