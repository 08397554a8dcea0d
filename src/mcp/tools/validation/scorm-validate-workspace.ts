/** scorm_validate_workspace: every static check of a package (manifest, files, metadata, API use, sequencing) in one report. */
import { z } from 'zod';
import { toValidationJson } from '../../../report/index.js';
import { CHECK_CATEGORIES, findingCategoriesFor } from '../../../validate/categories.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { finding } from '../output-schemas.js';

import {
  categoryResult,
  findingText,
  issue,
  uniqueFixes,
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
      'Validate a course without a browser: manifest (XSD + SCORM rules), files, API usage in HTML/JS, sequencing. Each finding has file, line, rule id and a fix.',
    input: {
      workspace_path: workspacePath,
      validation_level: validationLevel,
      check_categories: z
        .array(z.enum(CHECK_CATEGORIES))
        .min(1)
        .optional()
        .describe('Limit to these categories (default all).'),
    },
    output: {
      success: z.boolean().describe('No error-severity finding.'),
      scorm_version: z.string().nullable(),
      validation_results: z
        .record(z.string(), categoryResult)
        .describe('Per check category asked for (manifest, api_usage, sequencing, ...).'),
      compliance_score: z.number().min(0).max(100),
      actionable_fixes: z.array(z.string()),
      findings: z.array(finding),
    },
    handler: async (args, call) =>
      withValidation(args.workspace_path, { level: args.validation_level ?? 'strict' }, call, (v) => {
        const wanted = findingCategoriesFor(args.check_categories ?? CHECK_CATEGORIES);
        const findings = v.findings.filter((f) => wanted.has(f.category));
        const json = toValidationJson({ ...v, findings });
        const results: Record<string, z.input<typeof categoryResult>> = {};
        for (const check of args.check_categories ?? CHECK_CATEGORIES) {
          const mine = findings.filter((f) => findingCategoriesFor([check]).has(f.category));
          results[check] = {
            valid: !mine.some((f) => f.severity === 'error'),
            errors: mine.filter((f) => f.severity === 'error').map(findingText),
            warnings: mine.filter((f) => f.severity === 'warning').map(findingText),
            ...(check === 'api_usage' ? { scanned_files: v.apiScannedFiles, issues: mine.map(issue) } : {}),
          };
        }
        return {
          data: {
            success: json.valid,
            scorm_version: json.scorm_version,
            validation_results: results,
            compliance_score: json.compliance_score,
            actionable_fixes: uniqueFixes(findings),
            findings: [...json.errors, ...json.warnings, ...json.info],
          },
        };
      }),
  });
}
