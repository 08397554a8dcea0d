/** scorm_validate_workspace: every static check of a package (manifest, files, metadata, API use, sequencing) in one report. */
import { z } from 'zod';
import { toValidationJson } from '../../../report/index.js';
import { CHECK_CATEGORIES, findingCategoriesFor } from '../../../validate/categories.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { finding } from '../output-schemas.js';
import { fittedFindingsPage, summaryFindingsPage, type FindingsPage } from '../../../output/findings-page.js';
import { pageWithinBudget } from '../../../output/answer-budget.js';

import {
  categoryResult,
  findingsCursor,
  findingsDetail,
  findingsPaging,
  findingPointer,
  issue,
  validationLevel,
  withValidation,
  workspacePath,
} from './validation-helpers.js';

export function validateWorkspaceTool(): ToolDefinition {
  return defineTool({
    name: 'scorm_validate_workspace',
    group: 'validation',
    title: 'Validate course',
    annotations: READ_ONLY,
    description:
      'Validate a course without a browser: manifest (XSD + SCORM rules), files, API use in HTML/JS, sequencing. Summary first (counts, groups, top findings: file, line, rule, fix); detail full or cursor: pages.',
    input: {
      workspace_path: workspacePath,
      validation_level: validationLevel,
      check_categories: z.array(z.enum(CHECK_CATEGORIES)).min(1).optional(),
      cursor: findingsCursor,
      detail: findingsDetail,
    },
    output: {
      success: z.boolean().describe('No error-severity finding.'),
      scorm_version: z.string().nullable(),
      validation_results: z.record(z.string(), categoryResult).describe('Per check category asked for.'),
      compliance_score: z.number().min(0).max(100),
      actionable_fixes: z.array(z.string()).describe('Each fix once; findings[i].fix: a listed one.'),
      findings: z
        .array(finding)
        .describe('Errors first; the lines and issues above are of these. Summary: no details.'),
      ...findingsPaging,
    },
    handler: async (args, call) =>
      withValidation(args.workspace_path, { level: args.validation_level ?? 'strict' }, call, (v) => {
        const wanted = findingCategoriesFor(args.check_categories ?? CHECK_CATEGORIES);
        const findings = v.findings.filter((f) => wanted.has(f.category));
        const json = toValidationJson({ ...v, findings });
        // The first answer is a summary unless asked for full; a cursor's pages are full pages.
        const summary = args.detail !== 'full' && args.cursor === undefined;
        const validationAnswer = (paged: FindingsPage) => {
          const shown = new Set(paged.page);
          const pageJson = toValidationJson({ ...v, findings: paged.page });
          const listed = [...pageJson.errors, ...pageJson.warnings, ...pageJson.info];
          const pointer = findingPointer(listed);
          const results: Record<string, z.input<typeof categoryResult>> = {};
          for (const check of args.check_categories ?? CHECK_CATEGORIES) {
            const mine = findings.filter((f) => findingCategoriesFor([check]).has(f.category));
            const page = mine.filter((f) => shown.has(f));
            const errors = page.filter((f) => f.severity === 'error').map(pointer.line);
            const warnings = page.filter((f) => f.severity === 'warning').map(pointer.line);
            // A category with nothing on this page says only whether it is valid.
            results[check] = {
              valid: !mine.some((f) => f.severity === 'error'),
              ...(errors.length > 0 ? { errors } : {}),
              ...(warnings.length > 0 ? { warnings } : {}),
              ...(check === 'api_usage'
                ? {
                    // The files once, on a full first page; the issues point at their findings.
                    scanned_file_count: v.apiScannedFiles.length,
                    ...(args.cursor === undefined && !summary ? scannedFiles(v.apiScannedFiles) : {}),
                    ...(page.length > 0
                      ? {
                          issues: page.map((f) => ({
                            ...issue(f),
                            issue: pointer.sentence(f),
                            fix_suggestion: pointer.fix(f),
                            details: undefined,
                            course_text: undefined,
                          })),
                        }
                      : {}),
                  }
                : {}),
            };
          }
          return {
            success: json.valid,
            scorm_version: json.scorm_version,
            validation_results: results,
            compliance_score: json.compliance_score,
            actionable_fixes: pointer.fixes(findings),
            // A summary names each finding; its details (chains, lists of places) come with detail "full".
            findings: summary ? listed.map(({ details: _details, ...f }) => f) : listed,
            ...paged.paging,
          };
        };
        if (summary) return { data: validationAnswer(summaryFindingsPage(findings)) };
        return { data: fittedFindingsPage(findings, args.cursor, validationAnswer).data };
      }),
  });
}

/** What the list of scanned files may take of a full first page (a package can hold hundreds). */
const SCANNED_FILES_BYTES = 2_000;

/** The scanned files that fit their share; scanned_file_count counts them all. */
function scannedFiles(files: string[]): { scanned_files: string[]; scanned_files_truncated?: true } {
  const { items } = pageWithinBudget(files, {
    limit: files.length,
    budgetBytes: SCANNED_FILES_BYTES,
    view: (f) => f,
  });
  return { scanned_files: items, ...(items.length < files.length ? { scanned_files_truncated: true } : {}) };
}
