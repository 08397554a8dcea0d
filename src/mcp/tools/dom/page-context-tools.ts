/** Where the learner is: player recognition, the current page's context, the slide map and slide jumps. */
import { z } from 'zod';
import { navigateToSlide, DEFAULT_NAVIGATE_TIMEOUT_MS } from '../../../dom/players/navigate.js';
import { currentPageContext } from '../../../dom/players/page-context.js';
import { slideMap } from '../../../dom/players/slide-map.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { apiCall, count, courseTexts, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';

const playerInfo = z
  .record(z.string(), z.unknown())
  .describe('The player recognised (name, version) and the evidence for it.');
const slideRef = openObject({ index: z.number(), id: z.string().optional(), title: z.string().optional() });

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
      },
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
      output: {
        supported: z.boolean(),
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
        reason: z.string().optional().describe('Why no slides are listed.'),
        player: playerInfo,
        frame: z.string(),
        notes: z.array(z.string()),
        course_text: courseTexts.optional(),
      },
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
      output: {
        navigated: z.boolean(),
        from: slideRef.nullable(),
        to: slideRef,
        method: z.string(),
        api_calls: z.array(apiCall),
        elapsed_ms: z.number(),
        player: playerInfo,
        frame: z.string(),
        reason: z.string().optional(),
        notes: z.array(z.string()),
        course_text: courseTexts.optional(),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        return { data: await navigateToSlide(runtime, args.slide, args.timeout_ms) };
      },
    }),
  ];
}
