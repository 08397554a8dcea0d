/** scorm_interactive_develop: attaches the web inspector (src/inspector/) to a session. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { CHANGES_STATE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { packagePath } from '../shared-schemas.js';
import { developOutput } from '../../../inspector/server/develop-output.js';

const MODES = ['content_edit', 'debug_api', 'validate_live', 'sequence_test'] as const;

export function interactiveDevelopTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_interactive_develop',
    group: 'inspector',
    title: 'Open the course in the web inspector',
    annotations: CHANGES_STATE,
    description:
      'Open a session on a course and show it in a local web inspector (development_url, loopback only) that a person watches while you use the session tools on session_id. The course starts when validation passes; auto_validate re-validates on file changes.',
    input: {
      workspace_path: packagePath,
      development_mode: z.enum(MODES).optional().describe('Which panels lead (default debug_api).'),
      auto_validate: z.boolean().optional().describe('Re-validate when files change (default false).'),
      enable_inspector: z
        .boolean()
        .optional()
        .describe('Serve the web inspector (default true); false opens the session only.'),
    },
    output: developOutput,
    handler: async (args) => {
      const { developInInspector } = await import('../../../inspector/server/mcp-develop.js');
      return { data: await developInInspector(ctx, args) };
    },
  });
}
