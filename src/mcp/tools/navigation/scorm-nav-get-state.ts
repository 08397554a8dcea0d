/**
 * scorm_nav_get_state: the navigation state of a sequenced course (current and suspended activity, valid
 * requests, hidden controls, paged table of contents), whole or as changes since the previous call.
 */
import { z } from 'zod';
import { answerNavState } from '../../../session/navigation/nav-state-answer.js';
import type { NavStateView } from '../../../session/navigation/types.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { navStateOutput } from './outputs.js';
import { sessionId } from '../shared-schemas.js';

export function navGetStateTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  // What each session's previous scorm_nav_get_state was made from, for changes_only.
  const lastStates = new WeakMap<Session, NavStateView>();
  return defineTool({
    name: 'scorm_nav_get_state',
    group: 'navigation',
    title: 'Navigation state',
    annotations: READ_ONLY,
    description:
      'Current and suspended activity, valid LMS requests (or why not), hidden controls and the table of contents with status and can_choose (paged: toc_next_cursor). include_toc:false leaves it out; changes_only: changes since the last call.',
    input: {
      session_id: sessionId,
      include_toc: z.boolean().optional().describe('Default true.'),
      changes_only: z
        .boolean()
        .optional()
        .describe('Only fields and TOC entries that changed since the previous scorm_nav_get_state.'),
      cursor: z
        .string()
        .regex(
          /^\d+$/,
          'is not a cursor this tool gave: pass the toc_next_cursor of the previous answer, or leave it out to start at the beginning',
        )
        .max(10)
        .optional()
        .describe('toc_next_cursor of the previous answer.'),
      limit: z.number().int().min(1).max(100_000).optional().describe('TOC entries per answer.'),
    },
    output: navStateOutput,
    handler: async (args) => {
      const session = sessions.get(args.session_id);
      session.requireRuntime();
      const notApplicable = session.navigationNotApplicable();
      if (notApplicable) return { data: notApplicable };
      // A SCO that just terminated with a request is acted on first: the state answers after it.
      await session.navigator!.idle();
      const view = session.navigator!.state();
      const since = args.changes_only === true ? (lastStates.get(session) ?? null) : undefined;
      lastStates.set(session, view);
      return {
        data: answerNavState(view, {
          includeToc: args.include_toc !== false,
          cursor: args.cursor,
          limit: args.limit,
          since,
        }),
      };
    },
  });
}
