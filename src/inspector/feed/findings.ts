/**
 * The findings panel's data: a validation of the package (in the validation worker, the engine every
 * validation tool uses) with a few lines of source around each finding's line.
 */
import type { Finding } from '../../core/findings.js';
import { createExcerptReader, type ExcerptLine } from '../../report/excerpt.js';
import { complianceScore, isValid, sortedFindings } from '../../report/summary.js';
import type { FindingsView, FindingView } from '../protocol.js';

/** Findings past this many are left out of the view (counted in the message of the last one kept). */
export const MAX_FINDINGS = 2_000;
const EXCERPT_CONTEXT = 2;

export type ValidatedFindings = Omit<FindingsView, 'revision'>;

/** Validates `packagePath` (strict level) and returns the findings with excerpts; throws what validation throws. */
export async function validateForInspector(packagePath: string): Promise<ValidatedFindings> {
  const { sharedValidationPool } = await import('../../validate/worker/validation-pool.js');
  const validation = await sharedValidationPool().validate(packagePath, { level: 'strict' });
  try {
    const read = createExcerptReader(validation.packageRoot, { context: EXCERPT_CONTEXT });
    const sorted = sortedFindings(validation.findings);
    const kept = sorted.slice(0, MAX_FINDINGS);
    const findings = await Promise.all(
      kept.map(async (f) => findingView(f, await read(f.file, f.line, f.column))),
    );
    if (sorted.length > kept.length && findings.length > 0) {
      const last = findings[findings.length - 1]!;
      last.message += ` (${sorted.length - kept.length} more findings not shown: run scorm-tester validate for all)`;
    }
    return {
      validated_at: Date.now(),
      valid: isValid(validation.findings),
      score: complianceScore(validation.findings),
      findings,
    };
  } finally {
    await validation.release();
  }
}

function findingView(f: Finding, excerpt: ExcerptLine[] | null): FindingView {
  return {
    rule: f.rule,
    severity: f.severity,
    message: f.message,
    file: f.file === '' ? null : f.file,
    line: f.line > 0 ? f.line : null,
    excerpt:
      excerpt && excerpt.length > 0
        ? { first_line: excerpt[0]!.number, lines: excerpt.map((l) => l.text) }
        : null,
    fix: f.fix,
  };
}

/** A one-line account of a validation, e.g. "3 errors, 1 warning (rule cp.launch_file_missing …)". */
export function findingsSummary(view: ValidatedFindings): string {
  const count = (s: FindingView['severity']): number => view.findings.filter((f) => f.severity === s).length;
  const errors = count('error');
  const first = view.findings.find((f) => f.severity === 'error');
  return (
    `${errors} error${errors === 1 ? '' : 's'}, ${count('warning')} warning${count('warning') === 1 ? '' : 's'}` +
    (first
      ? ` (first: ${first.rule} in ${first.file ?? 'the package'}${first.line ? `:${first.line}` : ''})`
      : '')
  );
}
