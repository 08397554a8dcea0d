import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/core/version.js';

export const BUILT_CLI = join(PACKAGE_ROOT, 'dist/bundle/cli-main.js');
export const SAMPLE_COURSE = join(PACKAGE_ROOT, 'samples/sample-course');

// Loaded into the CLI process: prints its peak resident set size and CPU time (all threads) when it exits.
const REPORT_USAGE = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\nmaxrss_kb="+u.maxRSS+" cpu_us="+(u.userCPUTime+u.systemCPUTime)+"\\n")})`;

export interface CliUsage {
  wallMs: number;
  maxRssMb: number;
  cpuMs: number;
}

/** One `validate <path> --format json` in a fresh CLI process, with what that process cost. */
export function cliValidate(path: string, cli: string = BUILT_CLI): CliUsage {
  const t0 = performance.now();
  const child = spawnSync(
    process.execPath,
    ['--import', REPORT_USAGE, cli, 'validate', path, '--format', 'json'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const wallMs = performance.now() - t0;
  // Worker threads load the reporter too and report when they end: the figures are the process's, so
  // the last (largest) report is the whole run's; the first alone missed most of it.
  const reports = [...child.stderr.matchAll(/maxrss_kb=(\d+) cpu_us=(\d+)/g)];
  if (reports.length === 0) {
    throw new Error(`CLI validate ${path} gave no usage figures: ${child.stderr.slice(0, 500)}`);
  }
  return {
    wallMs,
    maxRssMb: Math.max(...reports.map((r) => Number(r[1]))) / 1024,
    cpuMs: Math.max(...reports.map((r) => Number(r[2]))) / 1000,
  };
}
