/** scorm_navigate_to_slide: Go to slide. */
import { z } from 'zod';
import { navigateToSlide, DEFAULT_NAVIGATE_TIMEOUT_MS } from '../../../dom/players/navigate.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { changes, courseTexts, openObject } from '../output-schemas.js';
import { actionAnswer } from '../shared/action-answer.js';
import { sessionId } from '../shared-schemas.js';
import { notApplicableAnswer, notApplicableOf } from '../shared/not-applicable.js';
import { playerInfo, slideRef } from './page-context-fields.js';

export function navigateToSlideTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_navigate_to_slide',
    group: 'dom',
    title: 'Go to slide',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    description:
      "Jump to a slide via the player's API or its menu (as a learner) and wait until shown. Players with neither (Lectora, plain pages) answer not_applicable: click Next.",
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
      not_applicable: notApplicableOf('NO_SLIDES', 'NO_SLIDE_API').optional(),
      next_control: z
        .object({ selector: z.string(), frame: z.string() })
        .optional()
        .describe('The Next control to click instead (with not_applicable).'),
      from: slideRef.nullable().optional(),
      to: slideRef.optional(),
      method: z.string().optional(),
      changes: changes.optional(),
      elapsed_ms: z.number().optional(),
      player: playerInfo.optional(),
      frame: z.string().optional(),
      message: z.string().optional(),
      notes: z.array(z.string()).optional().describe('Absent: none.'),
      course_text: courseTexts.optional(),
      blocked_by_overlay: openObject({ tag: z.string() })
        .optional()
        .describe('An element covering the whole frame; the learner sees it, not the slide.'),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      try {
        const jumped = await navigateToSlide(runtime, args.slide, args.timeout_ms);
        // Only the changes are the course's values: the slides' titles in from and to stay whole.
        const { notes, ...rest } = jumped;
        return {
          data: {
            ...rest,
            ...(notes.length > 0 ? { notes } : {}),
            ...actionAnswer({ changes: jumped.changes }),
          },
        };
      } catch (err) {
        const answer = notApplicableAnswer<'NO_SLIDES' | 'NO_SLIDE_API'>(err);
        if (!answer) throw err;
        return { data: { navigated: false, ...answer } };
      }
    },
  });
}
