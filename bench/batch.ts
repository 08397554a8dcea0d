/**
 * `scorm-tester batch` throughput (issue 25): a generated catalogue of small single-SCO courses run by the
 * real CLI at --jobs 1, 2 and 4: packages per minute, and the peak memory of the whole process tree (the
 * CLI and its Chromium), summed as PSS from /proc (shared pages counted once), sampled every 200 ms.
 * `--batch-packages N` sets the catalogue size (default 24).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { passingCatalogue } from '../test/helpers/batch-catalogue.js';
import { descendantsOf } from '../test/helpers/processes.js';
import { REPO_ROOT } from '../test/helpers/paths.js';
import type { BenchRow } from './stats.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');

function pssKb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // ended while we looked
  }
}

async function runBatch(
  dir: string,
  jobs: number,
): Promise<{ ms: number; peakMb: number; status: number | null }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [CLI, 'batch', dir, '--jobs', String(jobs), '--quiet', '--settle-ms', '300'],
    {
      stdio: 'ignore',
    },
  );
  let peakKb = 0;
  const sampler = setInterval(() => {
    const pids = [child.pid!, ...descendantsOf(child.pid!).map((p) => p.pid)];
    peakKb = Math.max(
      peakKb,
      pids.reduce((sum, pid) => sum + pssKb(pid), 0),
    );
  }, 200);
  const status = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearInterval(sampler);
  return { ms: performance.now() - started, peakMb: peakKb / 1024, status };
}

export async function benchBatch(): Promise<BenchRow[]> {
  const at = process.argv.indexOf('--batch-packages');
  const n = at >= 0 ? Number(process.argv[at + 1]) : 24;
  const dir = passingCatalogue(n);
  const rows: BenchRow[] = [];
  for (const jobs of [1, 2, 4]) {
    const r = await runBatch(dir, jobs);
    const perMinute = (n / r.ms) * 60_000;
    rows.push({
      name: `batch of ${n} small courses, --jobs ${jobs}: packages per minute`,
      median_ms: perMinute,
      unit: 'pkg/min',
      runs: 1,
      target: '>= 20 pkg/min (100 in 5 min)',
      note: `${(r.ms / 1000).toFixed(1)} s in all, ${(r.ms / n).toFixed(0)} ms per package, exit ${r.status}`,
    });
    rows.push({
      name: `batch --jobs ${jobs}: peak memory (CLI + Chromium, PSS)`,
      median_ms: r.peakMb,
      unit: 'MB',
      runs: 1,
    });
  }
  return rows;
}
