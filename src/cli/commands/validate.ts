import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ValidationLevel } from '../../core/findings.js';
import { formatOutcome, renderHtmlReport } from '../../report/index.js';
import { validatePackage } from '../../validate/validate-package.js';
import { CliUsageError, EXIT_OK, EXIT_PROBLEMS } from '../exit.js';

const FORMATS = ['text', 'json', 'sarif', 'junit'] as const;
const LEVELS = ['basic', 'strict', 'pedantic'] as const;

export async function validateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'text' },
      level: { type: 'string', default: 'strict' },
      report: { type: 'string' },
      output: { type: 'string' },
    },
  });
  const format = values.format as (typeof FORMATS)[number];
  const level = values.level as ValidationLevel;
  if (!FORMATS.includes(format)) throw new CliUsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (!LEVELS.includes(level as (typeof LEVELS)[number]))
    throw new CliUsageError(`--level must be one of ${LEVELS.join(', ')}`);
  if (positionals.length !== 1) throw new CliUsageError('validate takes exactly one <path>');
  const target = positionals[0]!;

  const outcome = await validatePackage(target, { level });
  try {
    const text = formatOutcome(outcome, format);
    if (values.output) await writeFile(values.output, text);
    else process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    if (values.report) await writeFile(values.report, await renderHtmlReport(outcome));
  } finally {
    await outcome.cleanup();
  }
  return outcome.findings.some((f) => f.severity === 'error') ? EXIT_PROBLEMS : EXIT_OK;
}
