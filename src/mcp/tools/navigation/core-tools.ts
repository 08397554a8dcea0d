/**
 * Sequencing and navigation of multi-SCO courses: start the SN engine on the open runtime, read the
 * navigation state, and make the learner's Continue / Previous / TOC choice requests. A denied request
 * is a successful answer ("not valid, because …"); on a single-SCO course, or before scorm_sn_init,
 * these tools answer applicable:false / sn_available:false as the specification says.
 */
import { z } from 'zod';
import { answerNavState } from '../../../session/navigation/nav-state-answer.js';
import type { LmsRequest, NavOutcome, NavStateView } from '../../../session/navigation/types.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import {
  defineTool,
  READ_ONLY,
  type ToolAnnotations,
  type ToolData,
  type ToolDefinition,
  type ToolResult,
} from '../../../app/tool.js';
import { navRequestOutput, navStateOutput, snInitOutput } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';

/** Runs an LMS-side request through the session's navigator, or says why navigation does not apply. */
export async function navigate(
  session: Session,
  request: LmsRequest,
): Promise<ToolResult<ToolData<typeof navRequestOutput>>> {
  session.requireRuntime();
  // null exactly when the session's navigator runs.
  const notApplicable = session.navigationNotApplicable();
  if (notApplicable) return { data: notApplicable };
  const outcome: NavOutcome = await session.navigator!.request(request);
  return { data: outcome };
}

/** A sequencing step: delivers a SCO (the course runs) and saves the tracking state over the last save. */
export const NAVIGATES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

export function coreNavigationTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  // What each session's previous scorm_nav_get_state was made from, for changes_only.
  const lastStates = new WeakMap<Session, NavStateView>();
  const simple = (name: string, type: 'continue' | 'previous', title: string, what: string) =>
    defineTool({
      name,
      group: 'navigation',
      title,
      annotations: NAVIGATES,
      description: `${what} The running SCO unloads (its attempt ends), then the delivered SCO loads. outcome: delivered|ended|denied|nothing, with reason.`,
      input: { session_id: sessionId },
      output: navRequestOutput,
      handler: (args) => navigate(sessions.get(args.session_id), { type }),
    });

  return [
    defineTool({
      name: 'scorm_sn_init',
      group: 'navigation',
      title: 'Start sequencing',
      annotations: NAVIGATES,
      description:
        'Start SCORM 2004 sequencing on the open runtime of a multi-SCO course: the opened SCO is unloaded unsaved, then start (or resumeAll after a suspendAll) is delivered. Single-SCO: sn_available:false.',
      input: { session_id: sessionId },
      output: snInitOutput,
      handler: async (args) => ({ data: await sessions.get(args.session_id).initSequencing() }),
    }),
    defineTool({
      name: 'scorm_sn_reset',
      group: 'navigation',
      title: 'Restart sequencing',
      annotations: NAVIGATES,
      description:
        'Start sequencing over as a new attempt: the saved tracking and activity state are ignored and replaced on the next save; global objectives are kept. Result as scorm_sn_init.',
      input: { session_id: sessionId },
      output: snInitOutput,
      handler: async (args) => ({ data: await sessions.get(args.session_id).initSequencing(true) }),
    }),
    defineTool({
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
          .regex(/^\d+$/)
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
    }),
    simple('scorm_nav_next', 'continue', 'Next activity', 'Continue: the learner presses Next.'),
    simple('scorm_nav_previous', 'previous', 'Previous activity', 'Previous: the learner presses Back.'),
    defineTool({
      name: 'scorm_nav_choice',
      group: 'navigation',
      title: 'Choose activity',
      annotations: NAVIGATES,
      description:
        'Choice: the learner picks targetId in the table of contents. A target that cannot be chosen is a denied answer saying why. Result as scorm_nav_next.',
      input: {
        session_id: sessionId,
        targetId: z.string().min(1).max(4000),
      },
      output: navRequestOutput,
      handler: (args) => navigate(sessions.get(args.session_id), { type: 'choice', target: args.targetId }),
    }),
  ];
}
