import type { ValidationLevel } from '../../core/findings.js';
import { startSyntaxPrecheckEarly } from '../../lint/api-usage/syntax-precheck.js';
import { parseCommandArgs } from '../args.js';
import { CliUsageError, EXIT_OK, EXIT_PROBLEMS } from '../exit.js';
import { CliOutput } from '../outputs.js';
import { stderrProgress, withInterrupt } from '../progress-line.js';
import { freezeYoungGeneration, useBaselineWasmCompiler } from '../validate-v8-flags.js';

/** Each format is also the kind of file --output writes (see output-kinds.ts). */
const FORMATS = ['text', 'json', 'sarif', 'junit'] as const;
const LEVELS = ['basic', 'strict', 'pedantic'] as const;

export async function validateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('validate', args, {
    format: { type: 'string', default: 'text' },
    level: { type: 'string', default: 'strict' },
    report: { type: 'string' },
    output: { type: 'string' },
    force: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  });
  const format = values.format as (typeof FORMATS)[number];
  const level = values.level as ValidationLevel;
  if (!FORMATS.includes(format)) throw new CliUsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (!LEVELS.includes(level as (typeof LEVELS)[number]))
    throw new CliUsageError(`--level must be one of ${LEVELS.join(', ')}`);
  if (positionals.length !== 1) throw new CliUsageError('validate takes exactly one <path>');
  const target = positionals[0]!;
  const force = values.force === true;
  // Refused paths fail before the validation runs.
  const output = values.output ? await new CliOutput('--output', values.output, format, force).check() : null;
  const report = values.report ? await new CliOutput('--report', values.report, 'html', force).check() : null;

  // The validator and the reports are loaded only now: meanwhile a worker thread already checks the
  // scripts of a big course folder (the validation takes that work over; see syntax-precheck.ts).
  useBaselineWasmCompiler();
  await startSyntaxPrecheckEarly(target);
  const [{ validatePackage }, { formatOutcome, renderHtmlReport }] = await Promise.all([
    import('../../validate/validate-package.js'),
    import('../../report/index.js'),
  ]);
  freezeYoungGeneration();

  // Machine output on stdout (json, sarif, junit) means a script reads it: no progress line then.
  const progress = stderrProgress(values.quiet === true || (format !== 'text' && !output));
  const outcome = await withInterrupt((signal) =>
    validatePackage(target, { level }, { signal, progress: progress?.update }),
  ).finally(() => progress?.clear());
  try {
    if (output) await output.write(formatOutcome(outcome, format, { color: false }));
    else {
      const text = formatOutcome(outcome, format);
      process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    }
    if (report) await report.write(await renderHtmlReport(outcome));
  } finally {
    await outcome.cleanup();
  }
  return outcome.findings.some((f) => f.severity === 'error') ? EXIT_PROBLEMS : EXIT_OK;
}
