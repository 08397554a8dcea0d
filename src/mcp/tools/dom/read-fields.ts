/**
 * Reading the SCO's page: its controls with refs, selectors and purposes, the page state an agent needs
 * after an action, element queries, the agent's own expressions, and waiting for a condition.
 */
import { z } from 'zod';
import { ScormTesterError, isScormTesterError } from '../../../core/errors.js';
import { count, courseTexts, frameInfo, openObject } from '../output-schemas.js';
import { frameSchema, refSchema, selectorSchema } from './action-fields.js';

export const frameLabel = frameSchema;
export const selector = selectorSchema;
export const ref = refSchema;
export const expression = z
  .string()
  .min(1)
  .max(100_000)
  .describe('A function expression is called with arg: "(a) => document.title + a".');

/** Controls named by ref (by selector for an unrendered control, which has no ref). */
export const controlKeys = z.array(z.string()).describe('Refs of interactive_elements.');
/** Controls read from one page at most; pages of the answer are cut from them. */
export const MAX_CONTROLS = 5_000;

/** A control as the page state lists it: what the snapshot line does not say, defaults left out. */
const pageStateControl = openObject({
  ref: z.string().nullable(),
  selector: z
    .string()
    .nullable()
    .optional()
    .describe('Only when ref is null; find_interactive_elements gives every selector.'),
  frame: z.string().optional().describe('Absent: the SCO document.'),
  role: z.string().optional().describe('Absent, with name: said on its snapshot line ([ref=…]).'),
  name: z.string().optional(),
  purpose: z.string().optional().describe('Absent: the role.'),
  state: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Absent: enabled, visible, not checked; each of these facts is left out when so.'),
});

export const pageStateOutput = {
  window: z
    .string()
    .optional()
    .describe('URL of the window the course opened, where the tools act until it closes.'),
  sco_url: z
    .string()
    .nullable()
    .describe("The SCO document's path in the package (a URL when it is not the package's)."),
  title: z.string(),
  frames: z
    .array(frameInfo)
    .optional()
    .describe('frames[0] is the SCO document: its url and title are sco_url and title; absent: it alone.'),
  headings: z
    .array(z.object({ level: z.number().nullable(), text: z.string(), ref: z.string().nullable() }))
    .optional()
    .describe('Headings whose snapshot line has no ref (absent: none).'),
  text_summary: z.string().optional().describe('The visible text, when the answer has no whole snapshot.'),
  text_truncated: z.boolean().optional().describe('Absent: false.'),
  interactive_elements: z
    .array(pageStateControl)
    .optional()
    .describe(
      'Every control no kept snapshot line fully says (after a clip, or with no snapshot); absent: none.',
    ),
  controls_by_purpose: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe(
      'Refs of controls their snapshot line says, by purpose (a purpose that is the role: not listed).',
    ),
  interactive_count: count,
  focused: z
    .union([pageStateControl, z.string(), z.null()])
    .optional()
    .describe('The focused control, or a description; absent: nothing focused.'),
  dialogs: z
    .array(
      z.object({
        role: z.string(),
        name: z.string(),
        ref: z.string().nullable(),
        text: z.string(),
        close: z.string().optional(),
      }),
    )
    .optional()
    .describe('Absent: none open.'),
  scorm: openObject({ version: z.enum(['1.2', '2004']), initialize_state: z.string() }).describe(
    'SCORM status: initialize state, lesson/completion status, location, score; an element not set is left out.',
  ),
  notes: z.array(z.string()).optional().describe('Absent: none.'),
  course_text: courseTexts.optional(),
  snapshot: z.string().optional().describe('The accessibility snapshot as YAML, with refs.'),
  snapshot_truncated: z.boolean().optional().describe('Absent: false.'),
  unchanged_since_last_call: z
    .literal(true)
    .optional()
    .describe('Nothing changed since the last call: frames, headings, controls and snapshot left out.'),
};

/** Our own errors pass through; anything else (the page navigated, Playwright failed) gets `code`. */
export function asToolError(err: unknown, code: 'DOM_FIND_ERROR', what: string): ScormTesterError {
  if (isScormTesterError(err)) return err;
  const msg = err instanceof Error ? err.message : String(err);
  return new ScormTesterError(
    code,
    `${what}: ${(msg.split('\n')[0] ?? msg).slice(0, 300)}. If the SCO is loading or navigating, wait for it (scorm_dom_wait_for) and call again.`,
  );
}
