/** scorm_lint_sequencing: the manifest's sequencing rules against the SN book. */
import { z } from 'zod';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { lintIssue } from '../output-schemas.js';

import { issue, validationLevel, withValidation, workspacePath } from './validation-helpers.js';

export function lintSequencingTool(): ToolDefinition {
  return defineTool({
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
  });
}
