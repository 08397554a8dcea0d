/** scorm_get_page_state: Page state. */
import { z } from 'zod';
import { DEFAULT_SNAPSHOT_CHARS, readPageState } from '../../../dom/snapshot/page-state.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolData, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { pageStateOutput, asToolError } from './read-fields.js';

export function getPageStateTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_get_page_state',
    group: 'dom',
    title: 'Page state',
    annotations: READ_ONLY,
    description:
      'The SCO page now: frames, title, headings, text, accessibility snapshot (YAML, refs), controls, focus, dialogs, SCORM status.',
    input: {
      session_id: sessionId,
      include_snapshot: z.boolean().optional().describe('Default true; true also resends an unchanged page.'),
      max_chars: z
        .number()
        .int()
        .min(200)
        .max(500_000)
        .optional()
        .describe('Snapshot YAML kept (default 8000).'),
    },
    output: pageStateOutput,
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      try {
        // readPageState builds its record field by field (src/dom/snapshot); the listed schema checks it.
        const state = (await readPageState(runtime, {
          includeSnapshot: args.include_snapshot !== false,
          maxChars: args.max_chars ?? DEFAULT_SNAPSHOT_CHARS,
        })) as ToolData<typeof pageStateOutput>;
        const window = runtime.actingWindow;
        if (window !== null) state.window = window;
        const seen = JSON.stringify(state);
        const same = lastAnswer.get(runtime) === seen;
        lastAnswer.set(runtime, seen);
        return { data: same && args.include_snapshot === undefined ? unchangedAnswer(state) : state };
      } catch (err) {
        throw asToolError(err, 'DOM_FIND_ERROR', 'Reading the page state failed');
      }
    },
  });
}

/** The last page state each runtime answered, to say "unchanged" rather than repeat it (issue 22). */
const lastAnswer = new WeakMap<object, string>();

/**
 * An agent polls the page after each action; when nothing on it changed (an action that did nothing, a
 * page waiting for input), the snapshot and the controls it read last time are not sent again.
 */
function unchangedAnswer(state: ToolData<typeof pageStateOutput>): ToolData<typeof pageStateOutput> {
  return {
    ...(state.window !== undefined ? { window: state.window } : {}),
    sco_url: state.sco_url,
    title: state.title,
    frames: [],
    interactive_count: state.interactive_count,
    scorm: state.scorm,
    unchanged_since_last_call: true,
    notes: ['Unchanged since your last scorm_get_page_state; include_snapshot: true sends it again.'],
  };
}
