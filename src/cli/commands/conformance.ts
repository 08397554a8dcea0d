/**
 * `scorm-tester conformance --cts-dir <dir> [--case ID ...] [--json] [--browser]`: replays the ADL
 * LMS conformance scripts of a folder against our run-time and sequencing engine.
 * Exit codes: 0 all passed, 1 some failed, 2 could not run.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openCorpus } from '../../conformance/corpus.js';
import { formatCaseLine, formatReport } from '../../conformance/format-report.js';
import { SequencingLms } from '../../conformance/sequencing-lms.js';
import { runSuite, selectCases } from '../../conformance/run-suite.js';
import { parseCommandArgs } from '../args.js';
import { CliUsageError, EXIT_CANNOT_RUN, EXIT_OK, EXIT_PROBLEMS } from '../exit.js';

export async function conformanceCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('conformance', args, {
    'cts-dir': { type: 'string' },
    case: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
    browser: { type: 'boolean', default: false },
  });
  if (positionals.length > 0)
    throw new CliUsageError(`conformance takes no positional arguments (got "${positionals[0]}")`);
  const dir = values['cts-dir'];
  if (!dir)
    throw new CliUsageError(
      "conformance needs --cts-dir <dir> (a folder laid out like ADL's conformance data, e.g. ../shared/corpus/adl-cts)",
    );
  if (!existsSync(dir)) throw new CliUsageError(`--cts-dir ${dir} does not exist`);
  if (values.browser) {
    process.stderr.write(
      'scorm-tester: conformance --browser is not available yet; run without --browser for the Node run.\n',
    );
    return EXIT_CANNOT_RUN;
  }
  const corpus = openCorpus(resolve(dir));
  const { ids, unknown } = selectCases(corpus, values.case);
  if (unknown.length > 0) {
    throw new CliUsageError(
      `--case ${unknown.join(', ')}: no such case or family in ${dir}/testcases (families: ${[...new Set(corpus.caseIds.map((id) => id.split('-')[0]))].join(', ')})`,
    );
  }
  const report = await runSuite(corpus, ids, new SequencingLms(corpus), {
    mode: 'node',
    onCaseDone: (result, done, total) => {
      process.stderr.write(`[${done}/${total}] ${formatCaseLine(result)}\n`);
    },
  });
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
  return report.failed === 0 ? EXIT_OK : EXIT_PROBLEMS;
}
