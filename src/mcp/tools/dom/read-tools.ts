/**
 * Reading the SCO's page: its controls with refs, selectors and purposes, the page state an agent needs
 * after an action, element queries, the agent's own expressions, and waiting for a condition.
 */
import { z } from 'zod';
import { ScormTesterError, isScormTesterError } from '../../../core/errors.js';
import { evaluateInSco } from '../../../dom/query/evaluate.js';
import { queryElement } from '../../../dom/query/query-element.js';
import { waitForCondition } from '../../../dom/query/wait-for.js';
import { buildInteractiveElements } from '../../../dom/snapshot/interactive.js';
import { readPageState } from '../../../dom/snapshot/page-state.js';
import { readPage } from '../../../dom/snapshot/read-page.js';
import type { ServerContext } from '../../context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../tool.js';
import { sessionId } from '../shared-schemas.js';
import { frameSchema, refSchema, selectorSchema } from './action-tools.js';

const frameLabel = frameSchema;
const selector = selectorSchema;
const ref = refSchema;
const expression = z
  .string()
  .min(1)
  .max(100_000)
  .describe('A function expression is called with arg: "(a) => document.title + a".');

export function readTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
      name: 'scorm_dom_find_interactive_elements',
      group: 'dom',
      title: 'Find interactive elements',
      annotations: READ_ONLY,
      description:
        'Every control in the SCO frames with ref, selector, frame, role, name, state and purpose (next, previous, submit, answer_option, ...), grouped as forms, assessments (question + options), buttons, inputs, navigation.',
      input: {
        session_id: sessionId,
        frame: frameLabel.optional(),
        include_hidden: z.boolean().optional().describe('Also unrendered controls (without refs).'),
        max_elements: z
          .number()
          .int()
          .min(1)
          .max(5_000)
          .optional()
          .describe('Default 500; counts give the total.'),
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
    defineTool({
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
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        try {
          return {
            data: await readPageState(runtime, {
              includeSnapshot: args.include_snapshot !== false,
              maxChars: args.max_chars ?? 20_000,
            }),
          };
        } catch (err) {
          throw asToolError(err, 'DOM_FIND_ERROR', 'Reading the page state failed');
        }
      },
    }),
    defineTool({
      name: 'scorm_dom_query',
      group: 'dom',
      title: 'Query element',
      annotations: READ_ONLY,
      description:
        'State of one SCO element: text, attributes, visibility, computed styles, value/checked. No match: found=false; several: the first, with match_count.',
      input: {
        session_id: sessionId,
        selector: selector.optional(),
        ref: ref.optional(),
        query_type: z.enum(['all', 'text', 'attributes', 'visibility', 'styles', 'value']).optional(),
        frame: frameLabel.optional(),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const result = await queryElement(
          runtime,
          { selector: args.selector, ref: args.ref, frame: args.frame },
          args.query_type ?? 'all',
        );
        return { data: result };
      },
    }),
    defineTool({
      name: 'scorm_dom_evaluate',
      group: 'dom',
      title: 'Evaluate JavaScript',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      description:
        'Run a JavaScript expression in the SCO frame and return {result, type, frame, truncated}. A function is called with arg; promises are awaited; non-JSON values are described; results over 100 kB are cut.',
      input: {
        session_id: sessionId,
        expression,
        arg: z.unknown().optional(),
        return_by_value: z.boolean().optional().describe('false: only the type (default true).'),
        frame: frameLabel.optional(),
        timeout_ms: z.number().int().min(100).max(60_000).optional(),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const result = await evaluateInSco(runtime, {
          expression: args.expression,
          arg: args.arg,
          frame: args.frame,
          timeoutMs: args.timeout_ms ?? 5_000,
          returnByValue: args.return_by_value !== false,
        });
        return { data: result };
      },
    }),
    defineTool({
      name: 'scorm_dom_wait_for',
      group: 'dom',
      title: 'Wait for element',
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      description:
        'Wait until condition holds in a SCO frame: selector visible or hidden, text, attribute, or expression truthy. DOM_TIMEOUT after timeout_ms (default 10000) says what was not met.',
      input: {
        session_id: sessionId,
        condition: z
          .object({
            selector: selector.optional(),
            visible: z.boolean().optional(),
            text: z.string().max(10_000).optional(),
            attribute: z.string().min(1).max(200).optional(),
            attribute_value: z.string().max(10_000).optional(),
            expression: expression.optional(),
            arg: z.unknown().optional(),
          })
          .strict(),
        timeout_ms: z.number().int().min(0).max(120_000).optional(),
        frame: frameLabel.optional(),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const result = await waitForCondition(runtime, args.condition, {
          timeoutMs: args.timeout_ms ?? 10_000,
          frame: args.frame,
        });
        return { data: result };
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
