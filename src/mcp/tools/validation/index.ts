/** The validation tool group: static checks, no browser. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { validateWorkspaceTool } from './scorm-validate-workspace.js';
import { lintManifestTool } from './scorm-lint-manifest.js';
import { lintApiUsageTool } from './scorm-lint-api-usage.js';
import { lintSequencingTool } from './scorm-lint-sequencing.js';
import { validateComplianceTool } from './scorm-validate-compliance.js';
import { reportTool } from './scorm-report.js';

export function validationTools(ctx: ServerContext): ToolDefinition[] {
  return [
    validateWorkspaceTool(),
    lintManifestTool(),
    lintApiUsageTool(),
    lintSequencingTool(),
    validateComplianceTool(ctx),
    reportTool(ctx),
  ];
}
