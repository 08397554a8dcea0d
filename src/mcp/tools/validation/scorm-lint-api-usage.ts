/** scorm_lint_api_usage: the course's scripts' SCORM API use, read statically. */
import { z } from 'zod';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, lintIssue } from '../output-schemas.js';

import { failOnMissingFiles, issue, withValidation, workspacePath } from './validation-helpers.js';

export function lintApiUsageTool(): ToolDefinition {
  return defineTool({
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
  });
}
