/** scorm_get_page_state: Page state. */
import { z } from 'zod';
import { readPageState } from '../../../dom/snapshot/page-state.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolData, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { pageStateOutput, asToolError } from './read-fields.js';

export function getPageStateTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_get_page_state',
    group: 'dom',
    title: 'Page state',
    annotations: READ_ONLY,
    description:
      'The SCO page now: frames, title, headings, visible text, the accessibility snapshot as YAML with refs, controls, focus, dialogs and SCORM status.',
    input: {
      session_id: sessionId,
      include_snapshot: z.boolean().optional().describe('Default true.'),
      max_chars: z
        .number()
        .int()
        .min(200)
        .max(500_000)
        .optional()
        .describe('Snapshot YAML kept (default 20000).'),
    },
    output: pageStateOutput,
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      try {
        return {
          // readPageState builds its record field by field (src/dom/snapshot); the listed schema checks it.
          data: (await readPageState(runtime, {
            includeSnapshot: args.include_snapshot !== false,
            maxChars: args.max_chars ?? 20_000,
          })) as ToolData<typeof pageStateOutput>,
        };
      } catch (err) {
        throw asToolError(err, 'DOM_FIND_ERROR', 'Reading the page state failed');
      }
    },
  });
}
