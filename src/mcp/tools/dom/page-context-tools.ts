/** Where the learner is: player recognition, the current page's context, the slide map and slide jumps. */
import { z } from 'zod';
import { navigateToSlide, DEFAULT_NAVIGATE_TIMEOUT_MS } from '../../../dom/players/navigate.js';
import { currentPageContext } from '../../../dom/players/page-context.js';
import { slideMap } from '../../../dom/players/slide-map.js';
import type { ServerContext } from '../../context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../tool.js';
import { sessionId } from '../shared-schemas.js';

export function pageContextTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
      name: 'scorm_get_current_page_context',
      group: 'dom',
      title: 'Page context',
      annotations: READ_ONLY,
      description:
        'Where the learner is: the recognised player (Storyline, Rise, Captivate, iSpring, Adapt, Lectora, SCORMAutomation, page indicators), page type, slide number and total, section, progress; unknown values are null and listed.',
      input: { session_id: sessionId },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        return { data: await currentPageContext(runtime) };
      },
    }),
    defineTool({
      name: 'scorm_get_slide_map',
      group: 'dom',
      title: 'Slide map',
      annotations: READ_ONLY,
      description:
        'The slides the player lists (index, id, title, current), or supported:false with the reason.',
      input: { session_id: sessionId },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        return { data: await slideMap(runtime) };
      },
    }),
    defineTool({
      name: 'scorm_navigate_to_slide',
      group: 'dom',
      title: 'Go to slide',
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      description:
        "Jump to a slide through the player's own API and wait until it is shown. Players without one (Storyline, Lectora, plain pages) give NAV_UNSUPPORTED_ACTION: click Next instead.",
      input: {
        session_id: sessionId,
        slide: z
          .union([z.number().int(), z.string().min(1).max(1000)])
          .describe('1-based number (as in scorm_get_slide_map) or slide id.'),
        timeout_ms: z
          .number()
          .int()
          .min(100)
          .max(60_000)
          .optional()
          .describe(`Default ${DEFAULT_NAVIGATE_TIMEOUT_MS}.`),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        return { data: await navigateToSlide(runtime, args.slide, args.timeout_ms) };
      },
    }),
  ];
}
