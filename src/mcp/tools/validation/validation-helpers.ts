/** What the validation tools share: validating in the worker pool, and findings turned into answers. */
import { courseText } from '../../../core/course-text.js';
import { packagePathText } from '../../../core/package-path-text.js';
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import type { Finding } from '../../../core/findings.js';
import type { ValidateOptions, ValidationSummary } from '../../../validate/validate-package.js';
import { packagePath } from '../shared-schemas.js';
import { type ToolContext } from '../../../app/tool.js';
import { count, lintIssue, openObject } from '../output-schemas.js';

export const workspacePath = packagePath;
export const validationLevel = z
  .enum(['basic', 'strict', 'pedantic'])
  .optional()
  .describe('basic < strict (default) < pedantic.');

export function findingText(f: Finding): string {
  const file = f.file === '' ? '' : packagePathText(f.file);
  const where = f.line > 0 ? `${file}:${f.line}:${f.column}` : file;
  // The course text the message names is on the same finding in `findings`.
  return `${where} [${f.rule}] ${f.message}${f.course_text ? ' (course_text: on this finding in findings)' : ''}`;
}

interface ListedFinding {
  rule: string;
  file: string;
  line: number;
  column: number;
  message: string;
  fix?: string;
  course_text?: unknown;
}

// The course text belongs to the key: two SCOs' findings at one line can read alike until it is filled in.
const findingKey = (f: ListedFinding): string =>
  JSON.stringify([f.rule, f.file, f.line, f.column, f.message, f.course_text ?? null]);

/**
 * The place and rule of a finding the answer lists whole in `findings`, pointing at it there (its message,
 * fix and course text are said once, in that list); a finding not listed there keeps its whole text.
 */
export function findingPointer(listed: readonly ListedFinding[]): {
  /** "file:line:column [rule] findings[i]" */
  line: (f: Finding) => string;
  /** For a field of its own beside file and line: "see findings[i]", else the message. */
  sentence: (f: Finding) => string;
  /** The fix likewise: "see findings[i]", else the fix. */
  fix: (f: Finding) => string;
  /** Each distinct fix of findings that are not info, once: "findings[i].fix" when a listed finding has it. */
  fixes: (all: readonly Finding[]) => string[];
} {
  const at = new Map(listed.map((l, i) => [findingKey(l), i]));
  const seeOr = (f: Finding, text: string): string => {
    const i = at.get(findingKey(f));
    return i === undefined ? text : `see findings[${i}]`;
  };
  return {
    line: (f) => {
      const i = at.get(findingKey(f));
      if (i === undefined) return findingText(f);
      const file = f.file === '' ? '' : packagePathText(f.file);
      const where = f.line > 0 ? `${file}:${f.line}:${f.column}` : file;
      return `${where} [${f.rule}] findings[${i}]`;
    },
    sentence: (f) => seeOr(f, f.message),
    fix: (f) => seeOr(f, f.fix),
    fixes: (all) => {
      const listedFix = new Map<string, number>();
      listed.forEach((l, i) => {
        if (l.fix !== undefined && !listedFix.has(l.fix)) listedFix.set(l.fix, i);
      });
      return uniqueFixes([...all]).map((fix) => {
        const i = listedFix.get(fix);
        return i === undefined ? fix : `findings[${i}].fix`;
      });
    },
  };
}

/** One check category of scorm_validate_workspace. */
export const categoryResult = openObject({
  valid: z.boolean(),
  errors: z.array(z.string()).optional().describe('Of the findings on this page; absent: none.'),
  warnings: z.array(z.string()).optional().describe('Of the findings on this page; absent: none.'),
  scanned_files: z
    .array(z.string())
    .optional()
    .describe('api_usage, detail full: the first that fit; scorm_lint_api_usage lists all.'),
  scanned_files_truncated: z.literal(true).optional(),
  scanned_file_count: count.optional(),
  issues: z.array(lintIssue).optional().describe('api_usage only; absent: none on this page.'),
});

export function issue(f: Finding): z.input<typeof lintIssue> {
  return {
    file: f.file,
    line: f.line,
    column: f.column,
    rule: f.rule,
    severity: f.severity,
    issue: f.message,
    fix_suggestion: f.fix,
    ...(f.details ? { details: f.details } : {}),
    ...(f.course_text ? { course_text: f.course_text } : {}),
  };
}

/**
 * Validates in the worker pool (off this thread, so other requests keep being answered), then lets `use`
 * read the result and the package's files before the extracted copy is removed.
 */
export async function withValidation<T>(
  path: string,
  options: ValidateOptions,
  call: ToolContext,
  use: (v: ValidationSummary) => Promise<T> | T,
): Promise<T> {
  // Loaded on first use so that server start-up stays fast; the validators load in the worker.
  const { sharedValidationPool } = await import('../../../validate/worker/validation-pool.js');
  const validation = await sharedValidationPool().validate(path, options, {
    signal: call.signal,
    progress: call.progress,
  });
  try {
    return await use(validation);
  } finally {
    await validation.release();
  }
}

/** scorm_lint_api_usage cannot vouch for files it could not read: it fails rather than scan less. */
export function failOnMissingFiles(v: ValidationSummary): void {
  const missing = v.apiMissingFiles;
  if (missing.length === 0) return;
  const many = missing.length > 1;
  // The file names and resource identifiers are the course's: in the error's details, never in the sentence.
  fail(
    'CONTENT_FILE_MISSING',
    `${missing.length} HTML/JavaScript file${many ? 's' : ''} that the manifest's launched resources name ${many ? 'are' : 'is'} not in the package, so ${many ? 'they were' : 'it was'} not scanned; the error's details list ${many ? 'them' : 'it'} (details.course_text.missing_files, with the resource in details.course_text.resources and the imsmanifest.xml line in details.lines). Add the file${many ? 's' : ''} or correct the href${many ? 's' : ''} in imsmanifest.xml, then lint again.`,
    {
      missing_files: missing.map((m) => m.file),
      lines: missing.slice(0, 10).map((m) => m.line),
      course_text: {
        missing_files: missing.slice(0, 10).map((m) => courseText(m.file)),
        resources: missing.slice(0, 10).map((m) => courseText(m.owner ?? '')),
      },
    },
  );
}

export function uniqueFixes(findings: Finding[]): string[] {
  return [...new Set(findings.filter((f) => f.severity !== 'info').map((f) => f.fix))];
}

export const findingsCursor = z.string().max(20).optional();
export const findingsDetail = z.enum(['summary', 'full']).optional();

/** Present when the findings take more than one page (src/output/findings-page.ts). */
export const findingsPaging = {
  findings_total: count.optional(),
  // Described in docs/mcp-protocol.md: the output schemas' bytes are budgeted (tools/list).
  findings_next_cursor: z.string().nullable().optional(),
  findings_by_rule: z.record(z.string(), count).optional(),
  findings_by_severity: z.record(z.string(), count).optional(),
  finding_groups: z
    .array(
      z.object({
        rule: z.string(),
        severity: z.enum(['error', 'warning', 'info']),
        count,
        examples_shown: count,
        rest_cursor: z.string().describe('Cursor of the rest.'),
      }),
    )
    .optional()
    .describe('Rules shown by their first findings.'),
};
