/** scorm_get_slide_map: Slide map. */
import { z } from 'zod';
import { slideMap } from '../../../dom/players/slide-map.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, courseTexts, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { notApplicableOf } from '../shared/not-applicable.js';
import { playerInfo } from './page-context-fields.js';

export function getSlideMapTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_get_slide_map',
    group: 'dom',
    title: 'Slide map',
    annotations: READ_ONLY,
    description: 'The slides the player lists (index, id, title, current), or not_applicable NO_SLIDES.',
    input: { session_id: sessionId },
    output: {
      slides: z.array(
        openObject({
          index: z.number().describe('1-based.'),
          id: z.string().optional(),
          title: z.string().optional(),
          current: z.boolean(),
        }),
      ),
      total: count,
      source: z.string().nullable(),
      current_index: z.number().nullable(),
      not_applicable: notApplicableOf('NO_SLIDES').optional(),
      player: playerInfo,
      frame: z.string(),
      notes: z.array(z.string()),
      course_text: courseTexts.optional(),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      return { data: await slideMap(runtime) };
    },
  });
}
