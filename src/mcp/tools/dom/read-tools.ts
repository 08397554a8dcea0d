/**
 * Reading the SCO's page: its controls with refs, selectors and purposes, the page state an agent needs
 * after an action, element queries, the agent's own expressions, and waiting for a condition.
 */
import { z } from 'zod';
import { ScormTesterError, isScormTesterError } from '../../../core/errors.js';
import { buildInteractiveElements } from '../../../dom/snapshot/interactive.js';
import { readPage } from '../../../dom/snapshot/read-page.js';
import type { ServerContext } from '../../context.js';
import { defineTool, type ToolDefinition } from '../../tool.js';
import { sessionId } from '../shared-schemas.js';

const frameLabel = z
  .string()
  .min(1)
  .max(500)
  .describe('Only this SCO frame, by its label in earlier results ("sco", "sco > iframe#content").');

export function readTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
      name: 'scorm_dom_find_interactive_elements',
      group: 'dom',
      description:
        'Every control in the SCO frames in one call: ref (for click/fill), unique selector (valid in its frame), role, accessible name, frame, state and inferred purpose (next, previous, submit, answer_option, menu, close, text_entry, ...). Grouped as forms (fields + submit), assessments (question text + options), buttons, inputs and navigation.',
      input: {
        session_id: sessionId,
        frame: frameLabel.optional(),
        include_hidden: z
          .boolean()
          .optional()
          .describe('Also list controls that are not rendered (display:none, no box), without refs.'),
        max_elements: z
          .number()
          .int()
          .min(1)
          .max(5_000)
          .optional()
          .describe('Controls returned at most (default 500); counts say how many there are.'),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        try {
          const read = await readPage(runtime, { frame: args.frame });
          return {
            data: buildInteractiveElements(read, {
              includeHidden: args.include_hidden === true,
              maxElements: args.max_elements ?? 500,
            }),
          };
        } catch (err) {
          throw asToolError(err, 'DOM_FIND_ERROR', 'Finding the interactive elements failed');
        }
      },
    }),
  ];
}

/** Our own errors pass through; anything else (the page navigated, Playwright failed) gets `code`. */
function asToolError(err: unknown, code: 'DOM_FIND_ERROR', what: string): ScormTesterError {
  if (isScormTesterError(err)) return err;
  const msg = err instanceof Error ? err.message : String(err);
  return new ScormTesterError(
    code,
    `${what}: ${(msg.split('\n')[0] ?? msg).slice(0, 300)}. If the SCO is loading or navigating, wait for it (scorm_dom_wait_for) and call again.`,
  );
}
