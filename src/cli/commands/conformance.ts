/**
 * `scorm-tester conformance --cts-dir <dir> [--case ID|FAMILY ...] [--json] [--browser] [--compare] [--quiet]`:
 * replays the ADL LMS conformance scripts of a folder against our run-time and sequencing engine, in
 * Node or (`--browser`) through the real player in Chromium; `--compare` runs both and reports the
 * cases where they differ. Each case's verdict goes to stderr as it finishes (not with --quiet), under an
 * updating progress line on a terminal. Ctrl-C stops the run between cases and prints what ran.
 * Exit codes: 0 all passed (and agreed), 1 some failed or differed, 2 could not run, 130 interrupted.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { compareRuns, formatDisagreements } from '../../conformance/agreement.js';
import { BrowserDeliveryTarget } from '../../conformance/browser-target.js';
import { openCorpus, type Corpus } from '../../conformance/corpus.js';
import { formatCaseLine, formatReport, stoppedLine } from '../../conformance/format-report.js';
import { SequencingLms } from '../../conformance/sequencing-lms.js';
import type { RunReport } from '../../conformance/results.js';
import { runSuite, selectCases } from '../../conformance/run-suite.js';
import { parseCommandArgs } from '../args.js';
import { CliUsageError, EXIT_CANNOT_RUN, EXIT_INTERRUPTED, EXIT_OK, EXIT_PROBLEMS } from '../exit.js';
import { stderrProgress, withInterrupt, type ProgressLine } from '../progress-line.js';

export async function conformanceCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('conformance', args, {
    'cts-dir': { type: 'string' },
    case: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
    browser: { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  });
  if (positionals.length > 0)
    throw new CliUsageError(`conformance takes no positional arguments (got "${positionals[0]}")`);
  const dir = values['cts-dir'];
  if (!dir)
    throw new CliUsageError(
      "conformance needs --cts-dir <dir> (a folder laid out like ADL's conformance data, e.g. ../shared/corpus/adl-cts)",
    );
  if (!existsSync(dir)) throw new CliUsageError(`--cts-dir ${dir} does not exist`);
  const corpus = openCorpus(resolve(dir));
  const { ids, unknown } = selectCases(corpus, values.case);
  if (unknown.length > 0) {
    throw new CliUsageError(
      `--case ${unknown.join(', ')}: no such case or family in ${dir}/testcases (families: ${[...new Set(corpus.caseIds.map((id) => id.split('-')[0]))].join(', ')})`,
    );
  }
  const output: CaseOutput = {
    quiet: values.quiet === true,
    progress: stderrProgress(values.quiet === true || values.json === true),
  };
  return withInterrupt(async (signal) => {
    const node =
      values.compare || !values.browser ? await run(corpus, ids, 'node', output, signal) : undefined;
    const report =
      (values.compare || values.browser) && !node?.stopped
        ? await run(corpus, ids, 'browser', output, signal)
        : node;
    if (!report) return EXIT_CANNOT_RUN;
    return printReport(report, node && values.compare && !report.stopped ? node : undefined, values.json);
  });
}

function printReport(report: RunReport, node: RunReport | undefined, json: boolean): number {
  const disagreements = node ? compareRuns(node, report) : undefined;
  if (json) {
    const agreement = disagreements && { compared: report.cases.length, disagreements };
    process.stdout.write(`${JSON.stringify(agreement ? { ...report, agreement } : report, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatReport(report)}\n`);
    if (disagreements) process.stdout.write(`\n${formatDisagreements(disagreements, report.cases.length)}\n`);
  }
  if (report.stopped) {
    process.stderr.write(`scorm-tester: ${stoppedLine(report.stopped)}\n`);
    return EXIT_INTERRUPTED;
  }
  return report.failed === 0 && !disagreements?.length ? EXIT_OK : EXIT_PROBLEMS;
}

interface CaseOutput {
  quiet: boolean;
  progress: ProgressLine | null;
}

async function run(
  corpus: Corpus,
  ids: readonly string[],
  mode: 'node' | 'browser',
  output: CaseOutput,
  signal: AbortSignal,
): Promise<RunReport> {
  const lms = new SequencingLms(corpus, mode === 'browser' ? new BrowserDeliveryTarget(corpus) : undefined);
  const { progress } = output;
  try {
    return await runSuite(corpus, ids, lms, {
      mode,
      signal,
      onCaseDone: (result, done, total) => {
        const line = `${mode === 'browser' ? 'browser ' : ''}[${done}/${total}] ${formatCaseLine(result)}`;
        if (progress) {
          progress.log(line);
          progress.update({
            done,
            total,
            message: `${mode} run, ${result.passed ? 'passed' : 'FAILED'} ${result.id}`,
          });
        } else if (!output.quiet) process.stderr.write(`${line}\n`);
      },
    });
  } finally {
    progress?.clear();
    await lms.dispose();
  }
}
