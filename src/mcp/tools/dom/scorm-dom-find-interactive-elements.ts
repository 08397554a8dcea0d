/** scorm_dom_find_interactive_elements: Find interactive elements. */
import { z } from 'zod';
import { answerInteractiveElements } from '../../../dom/snapshot/interactive-answer.js';
import { buildInteractiveElements } from '../../../dom/snapshot/interactive.js';
import { readPage } from '../../../dom/snapshot/read-page.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, courseTexts, openObject, pageElement } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { frameLabel, controlKeys, MAX_CONTROLS, asToolError } from './read-fields.js';

export function domFindInteractiveElementsTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_dom_find_interactive_elements',
    group: 'dom',
    title: 'Find interactive elements',
    annotations: READ_ONLY,
    description:
      'Every control in the SCO frames once, with ref, selector, frame, role, name, state and purpose (next, previous, submit, answer_option, ...); buttons, inputs, navigation, forms and assessments (question + options) name them by ref. Long pages come in pages: next_cursor.',
    input: {
      session_id: sessionId,
      frame: frameLabel.optional(),
      include_hidden: z.boolean().optional().describe('Also unrendered controls (without refs).'),
      cursor: z
        .string()
        .regex(
          /^\d+$/,
          'is not a cursor this tool gave: pass the next_cursor of the previous answer, or leave it out to start at the beginning',
        )
        .max(10)
        .optional()
        .describe('next_cursor of the previous answer: the next controls.'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_CONTROLS)
        .optional()
        .describe('Controls per answer; default: as many as fit in about 6,000 tokens.'),
    },
    output: {
      window: z
        .string()
        .optional()
        .describe('URL of the window the course opened, where the tools act until it closes.'),
      interactive_elements: z.array(pageElement).describe('The controls of this answer, each once.'),
      buttons: controlKeys,
      inputs: controlKeys,
      navigation: controlKeys,
      forms: z.array(
        openObject({
          frame: z.string(),
          selector: z.string(),
          inputs: controlKeys,
          submit: z.string().nullable(),
        }),
      ),
      assessments: z.array(
        openObject({
          frame: z.string(),
          selector: z.string(),
          question: z.string(),
          type: z.enum([
            'single_choice',
            'multiple_choice',
            'text_entry',
            'selection',
            'drag_and_drop',
            'mixed',
          ]),
          options: controlKeys.describe('drag_and_drop: the items; targets: where they may be dropped.'),
        }),
      ),
      counts: z.record(z.string(), count).describe('Totals over the page; returned and offset: this answer.'),
      frames: z.array(
        z.object({
          label: z.string(),
          url: z.string(),
          title: z.string(),
          element_count: count.nullable(),
        }),
      ),
      snapshot_truncated: z.boolean(),
      elements_truncated: z.boolean().describe('More controls than this answer lists.'),
      next_cursor: z.string().optional().describe('Pass as cursor for the next controls.'),
      notes: z.array(z.string()),
      course_text: courseTexts.optional(),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      try {
        const read = await readPage(runtime, { frame: args.frame });
        const found = buildInteractiveElements(read, {
          includeHidden: args.include_hidden === true,
          maxElements: MAX_CONTROLS,
        });
        const window = runtime.actingWindow;
        const answer = answerInteractiveElements(found, { cursor: args.cursor, limit: args.limit });
        return { data: window !== null ? { window, ...answer } : answer };
      } catch (err) {
        throw asToolError(err, 'DOM_FIND_ERROR', 'Finding the interactive elements failed');
      }
    },
  });
}
