/** scorm_get_current_page_context: Page context. */
import { z } from 'zod';
import { currentPageContext } from '../../../dom/players/page-context.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { courseTexts, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { playerInfo } from './page-context-fields.js';

export function getCurrentPageContextTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_get_current_page_context',
    group: 'dom',
    title: 'Page context',
    annotations: READ_ONLY,
    description:
      'Where the learner is: the recognised player (Storyline, Rise, Captivate, iSpring, Adapt, Lectora, SCORMAutomation, page indicators), page type, slide number and total, section, progress; unknown values are null and listed.',
    input: { session_id: sessionId },
    output: {
      page_type: z.string(),
      slide_number: z.number().nullable(),
      total_slides: z.number().nullable(),
      section_title: z.string().nullable(),
      progress_percent: z.number().nullable(),
      navigation_available: z
        .record(z.string(), z.boolean().nullable())
        .describe('next, previous, menu: null when unknown.'),
      page_title: z.string().nullable(),
      url: z.string(),
      slide_id: z.string().nullable(),
      player: playerInfo,
      frame: z.string(),
      sources: z.record(z.string(), z.string()).describe('Where each known field came from.'),
      navigation_controls: z
        .record(z.string(), openObject({ selector: z.string() }).nullable())
        .describe('The next/previous/menu controls found, with selectors for scorm_dom_click.'),
      unknown_fields: z.array(z.string()),
      notes: z.array(z.string()),
      course_text: courseTexts.optional(),
      blocked_by_overlay: openObject({ tag: z.string() })
        .optional()
        .describe('An element covering the whole frame; the learner sees it, not the slide.'),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      return { data: await currentPageContext(runtime) };
    },
  });
}
