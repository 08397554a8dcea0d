/** scorm_lint_manifest: the manifest against the CAM. */
import { z } from 'zod';
import { toValidationJson } from '../../../report/index.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { finding } from '../output-schemas.js';
import { fittedFindingsPage } from '../../../output/findings-page.js';

import {
  findingsCursor,
  findingsPaging,
  findingPointer,
  withValidation,
  workspacePath,
} from './validation-helpers.js';

export function lintManifestTool(): ToolDefinition {
  return defineTool({
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
          const { data } = fittedFindingsPage(v.findings, args.cursor, (paged) => {
            const page = toValidationJson({ ...v, findings: paged.page });
            const listed = [...page.errors, ...page.warnings, ...page.info];
            const pointer = findingPointer(listed);
            return {
              valid: json.valid,
              scorm_version: json.scorm_version,
              errors: paged.page.filter((f) => f.severity === 'error').map(pointer.line),
              warnings: paged.page.filter((f) => f.severity === 'warning').map(pointer.line),
              findings: listed,
              ...paged.paging,
            };
          });
          return { data };
        },
      ),
  });
}
