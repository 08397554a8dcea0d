/** scorm_validate_compliance: a package's compliance verdict. */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import { toValidationJson } from '../../../report/index.js';
import { CHECK_CATEGORIES } from '../../../validate/categories.js';
import { reportTarget } from '../../../app/report-placement.js';
import type { ServerContext } from '../../../app/context.js';
import { CHANGES_STATE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { finding } from '../output-schemas.js';
import { findingsPageFit, fittedFindingsPage } from '../../../output/findings-page.js';

import {
  findingsCursor,
  findingsPaging,
  validationLevel,
  withValidation,
  workspacePath,
} from './validation-helpers.js';

export function validateComplianceTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_validate_compliance',
    group: 'validation',
    title: 'Assess compliance',
    annotations: CHANGES_STATE,
    description:
      'Compliance score (0-100) with errors, warnings and suggestions, and an HTML report; never changes the course.',
    input: {
      workspace_path: workspacePath,
      scorm_version: z.enum(['auto', '1.2', '2004_2nd', '2004_3rd', '2004_4th']).optional(),
      validation_level: validationLevel,
      additional_checks: z
        .array(z.enum(CHECK_CATEGORIES))
        .optional()
        .describe('Ignored: all categories run.'),
      fix_issues: z.boolean().optional(),
      cursor: findingsCursor,
    },
    output: {
      compliant: z.boolean(),
      scorm_version: z.string().nullable(),
      compliance_score: z.number().min(0).max(100),
      errors: z.array(finding).describe('Of this page of findings, errors first.'),
      warnings: z.array(finding),
      suggestions: z.array(finding),
      fixed_issues: z.array(z.never()).describe('Always empty: the course is never changed.'),
      validation_report: z.string().describe('Path of the HTML report (every finding).'),
      ...findingsPaging,
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
          const fit = findingsPageFit(args.cursor);
          const { data } = fittedFindingsPage(
            v.findings,
            args.cursor,
            (paged) => {
              const page = toValidationJson({ ...v, findings: paged.page });
              return {
                compliant: json.valid,
                scorm_version: json.scorm_version,
                compliance_score: json.compliance_score,
                errors: page.errors,
                warnings: page.warnings,
                suggestions: page.info,
                fixed_issues: [],
                validation_report: reportPath,
                ...paged.paging,
              };
            },
            fit.answerBytes,
            fit.atLeast,
          );
          return { data };
        },
      );
    },
  });
}
