/**
 * Reading the SCO's page: its controls with refs, selectors and purposes, the page state an agent needs
 * after an action, element queries, the agent's own expressions, and waiting for a condition.
 */
import { z } from 'zod';
import { ScormTesterError, isScormTesterError } from '../../../core/errors.js';
import { evaluateInSco } from '../../../dom/query/evaluate.js';
import { queryElement } from '../../../dom/query/query-element.js';
import { waitForCondition } from '../../../dom/query/wait-for.js';
import { answerInteractiveElements } from '../../../dom/snapshot/interactive-answer.js';
import { buildInteractiveElements } from '../../../dom/snapshot/interactive.js';
import { readPageState } from '../../../dom/snapshot/page-state.js';
import { readPage } from '../../../dom/snapshot/read-page.js';
import type { ServerContext } from '../../../app/context.js';
import {
  ACTS_IN_COURSE,
  defineTool,
  READ_ONLY,
  type ToolData,
  type ToolDefinition,
} from '../../../app/tool.js';
import { count, courseTexts, frameInfo, openObject, pageElement } from '../output-schemas.js';
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

/** Controls named by ref (by selector for an unrendered control, which has no ref). */
const controlKeys = z.array(z.string()).describe('Refs of interactive_elements.');
/** Controls read from one page at most; pages of the answer are cut from them. */
const MAX_CONTROLS = 5_000;

const pageStateOutput = {
  sco_url: z.string().nullable(),
  title: z.string(),
  frames: z.array(frameInfo),
  headings: z.array(z.object({ level: z.number().nullable(), text: z.string(), ref: z.string().nullable() })),
  text_summary: z.string(),
  text_truncated: z.boolean(),
  interactive_elements: z.array(pageElement),
  interactive_count: count,
  focused: z.union([pageElement, z.string(), z.null()]).describe('The focused control, or a description.'),
  dialogs: z.array(
    z.object({ role: z.string(), name: z.string(), ref: z.string().nullable(), text: z.string() }),
  ),
  scorm: openObject({ version: z.enum(['1.2', '2004']), initialize_state: z.string() }).describe(
    'SCORM status: initialize state, lesson/completion status, location, score.',
  ),
  notes: z.array(z.string()),
  course_text: courseTexts.optional(),
  snapshot: z.string().optional().describe('The accessibility snapshot as YAML, with refs.'),
  snapshot_truncated: z.boolean().optional(),
};

export function readTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
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
          .regex(/^\d+$/)
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
            type: z.enum(['single_choice', 'multiple_choice', 'text_entry', 'selection', 'mixed']),
            options: controlKeys,
          }),
        ),
        counts: z
          .record(z.string(), count)
          .describe('Totals over the page; returned and offset: this answer.'),
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
          return { data: answerInteractiveElements(found, { cursor: args.cursor, limit: args.limit }) };
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
      output: {
        found: z.boolean(),
        selector: z.string().describe("For a ref: the element's own unique selector."),
        ref: z.string().optional(),
        frame: z.string().optional(),
        match_count: count,
        tagName: z.string().optional(),
        textContent: z.string().optional(),
        attributes: z.record(z.string(), z.string()).optional(),
        visible: z.boolean().optional(),
        computedStyles: z.record(z.string(), z.string()).optional(),
        value: z.union([z.string(), z.boolean(), z.array(z.string()), z.null()]).optional(),
        frames_searched: z.array(z.string()).optional(),
        notes: z.array(z.string()).optional().describe('Facts not given, and why.'),
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
        'Run a JavaScript expression in the SCO frame. A function is called with arg; promises are awaited; non-JSON values are described; results over 100 kB are cut.',
      input: {
        session_id: sessionId,
        expression,
        arg: z.unknown().optional(),
        return_by_value: z.boolean().optional().describe('false: only the type (default true).'),
        frame: frameLabel.optional(),
        timeout_ms: z.number().int().min(100).max(60_000).optional(),
      },
      output: {
        type: z.string().describe('typeof, refined: null, array, node, window, date, error, promise, ...'),
        result: z.unknown().describe('The value as JSON, or a description of what JSON cannot carry.'),
        truncated: z.boolean(),
        original_size: z.number().optional(),
        frame: z.string(),
        called: z.boolean().describe('The expression was a function and was called.'),
      },
      handler: async (args, call) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const result = await evaluateInSco(runtime, {
          expression: args.expression,
          arg: args.arg,
          frame: args.frame,
          timeoutMs: args.timeout_ms ?? 5_000,
          returnByValue: args.return_by_value !== false,
          signal: call.signal,
        });
        return { data: result };
      },
    }),
    defineTool({
      name: 'scorm_dom_wait_for',
      group: 'dom',
      title: 'Wait for element',
      annotations: ACTS_IN_COURSE,
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
      output: {
        success: z.literal(true),
        elapsed_ms: z.number(),
        matched: z.object({
          frame: z.string(),
          element: z.unknown().describe('The element matched, when a selector was given.'),
        }),
        polls: count,
      },
      handler: async (args, call) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const result = await waitForCondition(runtime, args.condition, {
          timeoutMs: args.timeout_ms ?? 10_000,
          frame: args.frame,
          signal: call.signal,
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
