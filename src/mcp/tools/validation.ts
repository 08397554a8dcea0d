/** Validation tools: static checks, no browser. */
import { courseText } from '../../core/course-text.js';
import { packagePathText } from '../../core/package-path-text.js';
import { z } from 'zod';
import { fail } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import { toValidationJson } from '../../report/index.js';
import { accessibilityForReport } from '../../dom/a11y/report-audit.js';
import { findingsPage } from '../../output/findings-page.js';
import { CHECK_CATEGORIES, findingCategoriesFor } from '../../validate/categories.js';
import type { ValidateOptions, ValidationSummary } from '../../validate/validate-package.js';
import { reportTarget } from '../../app/report-placement.js';
import type { ServerContext } from '../../app/context.js';
import { packagePath, sessionId } from './shared-schemas.js';
import {
  REPLACES_SAVED,
  CHANGES_STATE,
  defineTool,
  READ_ONLY,
  type ToolContext,
  type ToolDefinition,
} from '../../app/tool.js';
import {
  accessibilityReport,
  artifact,
  count,
  finding,
  lintIssue,
  openObject,
  validationJson,
} from './output-schemas.js';

const workspacePath = packagePath;
const validationLevel = z
  .enum(['basic', 'strict', 'pedantic'])
  .optional()
  .describe('basic < strict (default) < pedantic.');

function findingText(f: Finding): string {
  const file = f.file === '' ? '' : packagePathText(f.file);
  const where = f.line > 0 ? `${file}:${f.line}:${f.column}` : file;
  // The course text the message names is on the same finding in `findings`.
  return `${where} [${f.rule}] ${f.message}${f.course_text ? ' (course_text: on this finding in findings)' : ''}`;
}

/** One check category of scorm_validate_workspace. */
const categoryResult = openObject({
  valid: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  scanned_files: z.array(z.string()).optional().describe('api_usage only.'),
  issues: z.array(lintIssue).optional().describe('api_usage only.'),
});

function issue(f: Finding): z.input<typeof lintIssue> {
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
async function withValidation<T>(
  path: string,
  options: ValidateOptions,
  call: ToolContext,
  use: (v: ValidationSummary) => Promise<T> | T,
): Promise<T> {
  // Loaded on first use so that server start-up stays fast; the validators load in the worker.
  const { sharedValidationPool } = await import('../../validate/worker/validation-pool.js');
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
function failOnMissingFiles(v: ValidationSummary): void {
  const missing = v.apiMissingFiles;
  if (missing.length === 0) return;
  const many = missing.length > 1;
  // The file names and resource identifiers are the course's: in data.details, never in the sentence.
  fail(
    'CONTENT_FILE_MISSING',
    `${missing.length} HTML/JavaScript file${many ? 's' : ''} that the manifest's launched resources name ${many ? 'are' : 'is'} not in the package, so ${many ? 'they were' : 'it was'} not scanned; data.details lists ${many ? 'them' : 'it'} (course_text.missing_files, with the resource in course_text.resources and the imsmanifest.xml line in lines). Add the file${many ? 's' : ''} or correct the href${many ? 's' : ''} in imsmanifest.xml, then lint again.`,
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

const findingsCursor = z.string().max(20).optional();

/** Present when the findings take more than one page (src/output/findings-page.ts). */
const findingsPaging = {
  findings_total: count.optional(),
  findings_next_cursor: z.string().nullable().optional().describe('Pass as cursor for the next page.'),
  findings_by_rule: z.record(z.string(), count).optional().describe('Every finding, counted by rule.'),
};

function uniqueFixes(findings: Finding[]): string[] {
  return [...new Set(findings.filter((f) => f.severity !== 'info').map((f) => f.fix))];
}

export function validationTools(ctx: ServerContext): ToolDefinition[] {
  return [
    defineTool({
      name: 'scorm_validate_workspace',
      group: 'validation',
      title: 'Validate course',
      annotations: READ_ONLY,
      description:
        'Validate a course without a browser: manifest (XSD + SCORM rules), files, API usage in HTML/JS, sequencing. Findings (file, line, rule, fix) are paged.',
      input: {
        workspace_path: workspacePath,
        validation_level: validationLevel,
        check_categories: z
          .array(z.enum(CHECK_CATEGORIES))
          .min(1)
          .optional()
          .describe('Limit to these categories (default all).'),
        cursor: findingsCursor,
      },
      output: {
        success: z.boolean().describe('No error-severity finding.'),
        scorm_version: z.string().nullable(),
        validation_results: z
          .record(z.string(), categoryResult)
          .describe('Per check category asked for (manifest, api_usage, sequencing, ...).'),
        compliance_score: z.number().min(0).max(100),
        actionable_fixes: z.array(z.string()),
        findings: z
          .array(finding)
          .describe('A page of them, errors first; the lines and issues above are of this page.'),
        ...findingsPaging,
      },
      handler: async (args, call) =>
        withValidation(args.workspace_path, { level: args.validation_level ?? 'strict' }, call, (v) => {
          const wanted = findingCategoriesFor(args.check_categories ?? CHECK_CATEGORIES);
          const findings = v.findings.filter((f) => wanted.has(f.category));
          const json = toValidationJson({ ...v, findings });
          const paged = findingsPage(findings, args.cursor);
          const shown = new Set(paged.page);
          const results: Record<string, z.input<typeof categoryResult>> = {};
          for (const check of args.check_categories ?? CHECK_CATEGORIES) {
            const mine = findings.filter((f) => findingCategoriesFor([check]).has(f.category));
            const page = mine.filter((f) => shown.has(f));
            results[check] = {
              valid: !mine.some((f) => f.severity === 'error'),
              errors: page.filter((f) => f.severity === 'error').map(findingText),
              warnings: page.filter((f) => f.severity === 'warning').map(findingText),
              ...(check === 'api_usage' ? { scanned_files: v.apiScannedFiles, issues: page.map(issue) } : {}),
            };
          }
          const pageJson = toValidationJson({ ...v, findings: paged.page });
          return {
            data: {
              success: json.valid,
              scorm_version: json.scorm_version,
              validation_results: results,
              compliance_score: json.compliance_score,
              actionable_fixes: uniqueFixes(findings),
              findings: [...pageJson.errors, ...pageJson.warnings, ...pageJson.info],
              ...paged.paging,
            },
          };
        }),
    }),
    defineTool({
      name: 'scorm_lint_manifest',
      group: 'validation',
      title: 'Lint manifest',
      annotations: READ_ONLY,
      description:
        'Check imsmanifest.xml: XML, XSD (the schemas the package ships) and SCORM packaging rules; paged.',
      input: {
        workspace_path: workspacePath,
        scorm_version: z
          .enum(['auto', '1.2', '2004_2nd', '2004_3rd', '2004_4th'])
          .optional()
          .describe('Expected version; a mismatch with the manifest is reported.'),
        strict_mode: z.boolean().optional().describe('true = pedantic rules too (default strict).'),
        cursor: findingsCursor,
      },
      output: {
        valid: z.boolean(),
        scorm_version: z.string().nullable(),
        errors: z.array(z.string()).describe('"file:line:column [rule] message", of the findings shown.'),
        warnings: z.array(z.string()),
        findings: z.array(finding).describe('A page of them, errors first.'),
        ...findingsPaging,
      },
      handler: async (args, call) =>
        withValidation(
          args.workspace_path,
          {
            level: args.strict_mode ? 'pedantic' : 'strict',
            only: ['package', 'manifest', 'xsd', 'files', 'structure', 'best_practice'],
            expectedVersion: args.scorm_version,
          },
          call,
          (v) => {
            const json = toValidationJson(v);
            const paged = findingsPage(v.findings, args.cursor);
            const page = toValidationJson({ ...v, findings: paged.page });
            return {
              data: {
                valid: json.valid,
                scorm_version: json.scorm_version,
                errors: paged.page.filter((f) => f.severity === 'error').map(findingText),
                warnings: paged.page.filter((f) => f.severity === 'warning').map(findingText),
                findings: [...page.errors, ...page.warnings, ...page.info],
                ...paged.paging,
              },
            };
          },
        ),
    }),
    defineTool({
      name: 'scorm_lint_api_usage',
      group: 'validation',
      title: 'Lint SCORM API usage',
      annotations: READ_ONLY,
      description:
        "Scan the course's HTML/JS for SCORM API mistakes: wrong-version names, calls before Initialize, no Terminate, unknown elements, invalid values, read-only writes, broken API discovery.",
      input: {
        workspace_path: workspacePath,
        scan_depth: z
          .enum(['surface', 'deep'])
          .optional()
          .describe('surface = files of SCO resources; deep (default) = every .html/.htm/.js.'),
        api_version: z
          .enum(['scorm_1_2', 'scorm_2004', 'both'])
          .optional()
          .describe('Override the version detected from the manifest.'),
      },
      output: {
        scorm_version: z.string().nullable(),
        scanned_files: z.array(z.string()),
        issues: z.array(lintIssue),
        error_count: count,
      },
      handler: async (args, call) =>
        withValidation(
          args.workspace_path,
          {
            level: 'pedantic',
            only: ['api_usage'],
            scanDepth: args.scan_depth ?? 'deep',
            apiVersion: args.api_version,
          },
          call,
          (v) => {
            failOnMissingFiles(v);
            return {
              data: {
                scorm_version: v.scormVersion,
                scanned_files: v.apiScannedFiles,
                issues: v.findings.map(issue),
                error_count: v.findings.filter((f) => f.severity === 'error').length,
              },
            };
          },
        ),
    }),
    defineTool({
      name: 'scorm_lint_sequencing',
      group: 'validation',
      title: 'Lint sequencing',
      annotations: READ_ONLY,
      description:
        'Static checks of SCORM 2004 sequencing: unresolved IDRefs and objective targets, dead or conflicting rules, undeliverable activities, forwardOnly vs previous, inconsistent rollup.',
      input: { workspace_path: workspacePath, validation_level: validationLevel },
      output: { valid: z.boolean(), scorm_version: z.string().nullable(), issues: z.array(lintIssue) },
      handler: async (args, call) =>
        withValidation(
          args.workspace_path,
          { level: args.validation_level ?? 'strict', only: ['sequencing'] },
          call,
          (v) => ({
            data: {
              valid: !v.findings.some((f) => f.severity === 'error'),
              scorm_version: v.scormVersion,
              issues: v.findings.map(issue),
            },
          }),
        ),
    }),
    defineTool({
      name: 'scorm_validate_compliance',
      group: 'validation',
      title: 'Assess compliance',
      annotations: CHANGES_STATE,
      description:
        'Compliance score (0-100) with errors, warnings and suggestions, plus an HTML report file. Never changes the course (fix_issues=true is refused).',
      input: {
        workspace_path: workspacePath,
        scorm_version: z.enum(['auto', '1.2', '2004_2nd', '2004_3rd', '2004_4th']).optional(),
        validation_level: validationLevel,
        additional_checks: z
          .array(z.enum(CHECK_CATEGORIES))
          .optional()
          .describe('Accepted for compatibility; all categories always run.'),
        fix_issues: z.boolean().optional(),
      },
      output: {
        compliant: z.boolean(),
        scorm_version: z.string().nullable(),
        compliance_score: z.number().min(0).max(100),
        errors: z.array(finding),
        warnings: z.array(finding),
        suggestions: z.array(finding),
        fixed_issues: z.array(z.never()).describe('Always empty: the course is never changed.'),
        validation_report: z.string().describe('Path of the HTML report.'),
      },
      handler: async (args, call) => {
        if (args.fix_issues) {
          fail(
            'INVALID_ARGUMENT',
            'fix_issues=true is not supported: scorm-tester never modifies a course. Apply the `fix` of each finding to your files and validate again.',
          );
        }
        const target = await reportTarget(ctx, { signal: call.signal });
        return withValidation(
          args.workspace_path,
          { level: args.validation_level ?? 'strict', expectedVersion: args.scorm_version },
          call,
          async (v) => {
            const json = toValidationJson(v);
            const reportPath = (await target.write(v)).path;
            return {
              data: {
                compliant: json.valid,
                scorm_version: json.scorm_version,
                compliance_score: json.compliance_score,
                errors: json.errors,
                warnings: json.warnings,
                suggestions: json.info,
                fixed_issues: [],
                validation_report: reportPath,
              },
            };
          },
        );
      },
    }),
    defineTool({
      name: 'scorm_report',
      group: 'validation',
      title: 'Write validation report',
      annotations: REPLACES_SAVED,
      description:
        "Validate and write a self-contained HTML report; returns the JSON report. With session_id: the session's package (unless workspace_path), saved as an artifact, with an accessibility audit (WCAG AA) when the runtime is open.",
      input: {
        workspace_path: workspacePath
          .optional()
          .describe("The package to report on; defaults to the session's package with session_id."),
        session_id: sessionId.optional(),
        validation_level: validationLevel,
        format: z.enum(['json', 'html']).optional().describe('html (default) also writes the HTML file.'),
        output_path: z
          .string()
          .min(1)
          .optional()
          .describe(
            'HTML file, relative to the session workspace or SCORM_TESTER_OUTPUT_DIR; replaces only our reports.',
          ),
      },
      output: {
        ...validationJson,
        accessibility: accessibilityReport,
        report_path: z.string().nullable().describe('The HTML report; null with format "json".'),
        artifact: artifact.optional().describe('With session_id: the report as listed in artifacts.json.'),
        artifacts_manifest_path: z.string().optional(),
      },
      handler: async (args, call) => {
        if (args.format === 'json' && args.output_path !== undefined) {
          fail(
            'INVALID_ARGUMENT',
            'output_path names the HTML file, and format "json" writes none: drop output_path, or use format "html".',
          );
        }
        const session = args.session_id !== undefined ? ctx.sessions.get(args.session_id) : null;
        const workspace = args.workspace_path ?? session?.options.packagePath;
        if (workspace === undefined) {
          fail(
            'INVALID_ARGUMENT',
            'Name the package: give workspace_path, or the session_id of a session opened on it.',
          );
        }
        const target =
          args.format === 'json'
            ? null
            : await reportTarget(ctx, {
                outputPath: args.output_path,
                sessionId: args.session_id,
                signal: call.signal,
              });
        const accessibility = await accessibilityForReport(session);
        return withValidation(workspace, { level: args.validation_level ?? 'strict' }, call, async (v) => {
          const json = toValidationJson(v);
          const written = target ? await target.write(v, { accessibility }) : null;
          return {
            data: {
              ...json,
              accessibility,
              report_path: written?.path ?? null,
              ...(written?.artifact ? { artifact: written.artifact } : {}),
              ...(target?.session ? { artifacts_manifest_path: target.session.artifacts.manifestPath } : {}),
            },
          };
        });
      },
    }),
  ];
}
