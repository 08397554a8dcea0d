/**
 * The outputs of `batch` and `merge-reports`: the summary table (stdout, or stderr when --json holds
 * stdout), the JSON report on stdout, the JUnit file and the HTML folder, each under the shared write
 * policy (a file we did not write is replaced only with --force).
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { batchIndexHtml, packageHtml, packagePageName } from '../../app/batch/html.js';
import { formatBatchJunit } from '../../app/batch/junit.js';
import type { BatchReport } from '../../app/batch/report.js';
import { formatSummaryTable } from '../../app/batch/summary-table.js';
import { EXIT_OK, EXIT_PROBLEMS } from '../exit.js';
import { CliOutput } from '../outputs.js';

export interface BatchOutputFlags {
  json: boolean;
  junit?: string | undefined;
  html?: string | undefined;
  force: boolean;
  quiet: boolean;
}

/** The output options `batch` and `merge-reports` share, as parseCommandArgs takes them. */
export const BATCH_OUTPUT_OPTIONS = {
  json: { type: 'boolean', default: false },
  junit: { type: 'string' },
  html: { type: 'string' },
  force: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
} as const;

/** The shared output flags from parsed values. */
export function batchOutputFlags(values: {
  json?: boolean | undefined;
  junit?: string | undefined;
  html?: string | undefined;
  force?: boolean | undefined;
  quiet?: boolean | undefined;
}): BatchOutputFlags {
  return {
    json: values.json === true,
    junit: values.junit,
    html: values.html,
    force: values.force === true,
    quiet: values.quiet === true,
  };
}

/** Refuses, before any work, a JUnit path the write policy would refuse. */
export async function checkBatchOutputs(flags: BatchOutputFlags): Promise<void> {
  if (flags.junit) await new CliOutput('--junit', flags.junit, 'junit', flags.force).check();
  if (flags.html) await new CliOutput('--html', join(flags.html, 'index.html'), 'html', flags.force).check();
}

export async function writeBatchOutputs(report: BatchReport, flags: BatchOutputFlags): Promise<void> {
  if (flags.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  if (!flags.quiet) (flags.json ? process.stderr : process.stdout).write(formatSummaryTable(report) + '\n');
  if (flags.junit)
    await new CliOutput('--junit', flags.junit, 'junit', flags.force).write(formatBatchJunit(report));
  if (flags.html) {
    for (const p of report.packages) {
      const file = join(flags.html, packagePageName(p));
      await mkdir(dirname(file), { recursive: true });
      await new CliOutput('--html', file, 'html', flags.force).write(packageHtml(p));
    }
    await new CliOutput('--html', join(flags.html, 'index.html'), 'html', flags.force).write(
      batchIndexHtml(report),
    );
  }
}

/** Exit 1 when any package failed or could not be judged. */
export function batchExitCode(report: BatchReport): number {
  return report.totals.fail + report.totals.error > 0 ? EXIT_PROBLEMS : EXIT_OK;
}
