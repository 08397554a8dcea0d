/**
 * `scorm-tester conformance --cts-dir <dir> [--case ID|FAMILY ...] [--json] [--browser] [--compare]`:
 * replays the ADL LMS conformance scripts of a folder against our run-time and sequencing engine, in
 * Node or (`--browser`) through the real player in Chromium; `--compare` runs both and reports the
 * cases where they differ. Exit codes: 0 all passed (and agreed), 1 some failed or differed, 2 could not run.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { compareRuns, formatDisagreements } from '../../conformance/agreement.js';
import { BrowserDeliveryTarget } from '../../conformance/browser-target.js';
import { openCorpus, type Corpus } from '../../conformance/corpus.js';
import { formatCaseLine, formatReport } from '../../conformance/format-report.js';
import { SequencingLms } from '../../conformance/sequencing-lms.js';
import type { RunReport } from '../../conformance/results.js';
import { runSuite, selectCases } from '../../conformance/run-suite.js';
import { parseCommandArgs } from '../args.js';
import { CliUsageError, EXIT_CANNOT_RUN, EXIT_OK, EXIT_PROBLEMS } from '../exit.js';

export async function conformanceCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('conformance', args, {
    'cts-dir': { type: 'string' },
    case: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
    browser: { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
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
  const node = values.compare || !values.browser ? await run(corpus, ids, 'node') : undefined;
  const report = values.compare || values.browser ? await run(corpus, ids, 'browser') : node;
  if (!report) return EXIT_CANNOT_RUN;
  const disagreements = node && values.compare ? compareRuns(node, report) : undefined;
  if (values.json) {
    const agreement = disagreements && { compared: report.cases.length, disagreements };
    process.stdout.write(`${JSON.stringify(agreement ? { ...report, agreement } : report, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatReport(report)}\n`);
    if (disagreements) process.stdout.write(`\n${formatDisagreements(disagreements, report.cases.length)}\n`);
  }
  return report.failed === 0 && !disagreements?.length ? EXIT_OK : EXIT_PROBLEMS;
}

async function run(corpus: Corpus, ids: readonly string[], mode: 'node' | 'browser'): Promise<RunReport> {
  const lms = new SequencingLms(corpus, mode === 'browser' ? new BrowserDeliveryTarget(corpus) : undefined);
  try {
    return await runSuite(corpus, ids, lms, {
      mode,
      onCaseDone: (result, done, total) => {
        process.stderr.write(
          `${mode === 'browser' ? 'browser ' : ''}[${done}/${total}] ${formatCaseLine(result)}\n`,
        );
      },
    });
  } finally {
    await lms.dispose();
  }
}
