/**
 * `scorm-tester batch <path>…`: a catalogue of packages, each validated and its SCOs run as `run` runs
 * them (same run flags), --jobs at a time on one browser (one context each) or spread over the remote
 * browsers of --browser-ws, optionally one shard of
 * it (--shard i/n) and resuming a killed batch (--resume state.json). One package's hang, crash or
 * non-package stays that package's `error` verdict; the batch goes on. Exit 1 when any package failed
 * or errored, 2 when the batch could not run at all.
 */
import type { ValidationLevel } from '../../core/findings.js';
import { expandInputs } from '../../app/batch/inputs.js';
import { ResumeState } from '../../app/batch/resume-state.js';
import { runBatch, shardPackages } from '../../app/batch/run-batch.js';
import { parseShard } from '../../app/batch/shard.js';
import { sanitizeForTerminal } from '../../report/escape.js';
import { parseCommandArgs } from '../args.js';
import { useBrowserWsFlag } from '../browser-ws-flag.js';
import { CliUsageError, EXIT_INTERRUPTED } from '../exit.js';
import { stderrProgress, withInterrupt } from '../progress-line.js';
import {
  BATCH_OUTPUT_OPTIONS,
  batchExitCode,
  batchOutputFlags,
  checkBatchOutputs,
  writeBatchOutputs,
} from './batch-outputs.js';
import { packageRunner } from './batch-package.js';
import { RUN_FLAGS, runSettings, withCliSessions } from './run.js';

const LEVELS = ['basic', 'strict', 'pedantic'] as const;
const DEFAULT_PACKAGE_TIMEOUT_MS = 300_000;

function whole(flag: string, text: string | undefined, dflt: number, min: number, max: number): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new CliUsageError(`${flag} must be a whole number from ${min} to ${max} (got "${text}")`);
  return n;
}

export async function batchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('batch', args, {
    ...RUN_FLAGS,
    list: { type: 'string', multiple: true },
    jobs: { type: 'string' },
    shard: { type: 'string' },
    resume: { type: 'string' },
    level: { type: 'string', default: 'strict' },
    'package-timeout-ms': { type: 'string' },
    ...BATCH_OUTPUT_OPTIONS,
  });
  const lists = values.list ?? [];
  if (positionals.length === 0 && lists.length === 0)
    throw new CliUsageError(
      'batch takes one or more <path>s (packages, catalogue folders, @list files) or --list',
    );
  const level = values.level as ValidationLevel;
  if (!LEVELS.includes(level as (typeof LEVELS)[number]))
    throw new CliUsageError(`--level must be one of ${LEVELS.join(', ')}`);
  const shard = values.shard === undefined ? null : parseShard(values.shard);
  if (values.shard !== undefined && !shard)
    throw new CliUsageError(`--shard must be i/n with 1 <= i <= n (got "${values.shard}")`);
  const jobs = whole('--jobs', values.jobs, 1, 1, 32);
  const packageTimeoutMs = whole(
    '--package-timeout-ms',
    values['package-timeout-ms'],
    DEFAULT_PACKAGE_TIMEOUT_MS,
    1_000,
    3_600_000,
  );
  const settings = runSettings(values);
  useBrowserWsFlag(values['browser-ws']);
  const flags = batchOutputFlags(values);
  await checkBatchOutputs(flags);
  const resume = values.resume ? await ResumeState.load(values.resume) : null;
  const packages = await expandInputs(positionals, lists);
  const total = shardPackages(packages, shard).length;

  const progress = stderrProgress(flags.quiet || flags.json);
  let done = 0;
  const report = await withCliSessions((sessions) =>
    withInterrupt((signal) =>
      runBatch(packages, {
        jobs,
        shard,
        packageTimeoutMs,
        resume,
        signal,
        runPackage: packageRunner(sessions, { settings, level, htmlDir: flags.html ?? null }),
        onStart: (pkg) => progress?.update({ done, total, message: pkg.path }),
        onResult: (result, resumed) => {
          done += 1;
          progress?.log(
            `${result.verdict.toUpperCase().padEnd(5)} ${sanitizeForTerminal(result.path)}${resumed ? ' (from the resume state)' : ''}`,
          );
          progress?.update({ done, total, message: 'running' });
        },
      }),
    ).finally(() => progress?.clear()),
  );
  await writeBatchOutputs(report, flags);
  if (report.packages.length < total) {
    process.stderr.write(
      `scorm-tester: interrupted after ${report.packages.length} of ${total} package(s).\n`,
    );
    return EXIT_INTERRUPTED;
  }
  return batchExitCode(report);
}
