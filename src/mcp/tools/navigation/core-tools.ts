/**
 * Sequencing and navigation of multi-SCO courses: start the SN engine on the open runtime, read the
 * navigation state, and make the learner's Continue / Previous / TOC choice requests. A denied request
 * is a successful answer ("not valid, because …"); on a single-SCO course, or before scorm_sn_init,
 * these tools answer applicable:false / sn_available:false as the specification says.
 */
import { z } from 'zod';
import type { LmsRequest, NavOutcome } from '../../../session/navigation/types.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../context.js';
import { defineTool, type ToolData, type ToolDefinition, type ToolResult } from '../../tool.js';
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

export function coreNavigationTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  const simple = (name: string, type: 'continue' | 'previous', what: string) =>
    defineTool({
      name,
      group: 'navigation',
      description: `${what} The SCO in the frame is unloaded first (it may Terminate in its unload handler; otherwise its attempt is ended for it) and the delivered SCO loads with its own run-time data. Result: success, outcome (delivered|ended|denied|nothing), reason (when denied: "not valid, because …" naming the rule or control), unloaded, delivered, current_activity. applicable:false before scorm_sn_init or on a single-SCO course.`,
      input: { session_id: sessionId },
      output: navRequestOutput,
      handler: (args) => navigate(sessions.get(args.session_id), { type }),
    });

  return [
    defineTool({
      name: 'scorm_sn_init',
      group: 'navigation',
      description:
        'Start sequencing (SCORM 2004 SN) on the open runtime of a multi-SCO course: the SCO the runtime opened is unloaded unsaved, then the engine delivers start, or resumeAll when the saved state was suspended (suspendAll → close → reopen). adl.nav.request_valid.* then answers from the real state. Single-SCO course: success:false, sn_available:false, reason SINGLE_SCO.',
      input: { session_id: sessionId },
      output: snInitOutput,
      handler: async (args) => ({ data: await sessions.get(args.session_id).initSequencing() }),
    }),
    defineTool({
      name: 'scorm_sn_reset',
      group: 'navigation',
      description:
        "Start the course's sequencing over as a new attempt: the running SCO is unloaded unsaved, the tracking state and each activity's saved data are ignored (and replaced on the next save), global objectives are kept, and the engine delivers start. Same result as scorm_sn_init.",
      input: { session_id: sessionId },
      output: snInitOutput,
      handler: async (args) => ({ data: await sessions.get(args.session_id).initSequencing(true) }),
    }),
    defineTool({
      name: 'scorm_nav_get_state',
      group: 'navigation',
      description:
        'The navigation state of a sequenced course: current and suspended activity, each LMS-side request valid now or why not, the LMS controls the course hides (hideLMSUI), and the table of contents (title, completion/success status, attempt count, visible, can_choose and why_not). sn_available:false before scorm_sn_init or on a single-SCO course.',
      input: { session_id: sessionId },
      output: navStateOutput,
      handler: async (args) => {
        const session = sessions.get(args.session_id);
        session.requireRuntime();
        const notApplicable = session.navigationNotApplicable();
        if (notApplicable) return { data: notApplicable };
        // A SCO that just terminated with a request is acted on first: the state answers after it.
        await session.navigator!.idle();
        return { data: session.navigator!.state() };
      },
    }),
    simple('scorm_nav_next', 'continue', 'Continue: the learner presses Next.'),
    simple('scorm_nav_previous', 'previous', 'Previous: the learner presses Back.'),
    defineTool({
      name: 'scorm_nav_choice',
      group: 'navigation',
      description:
        'Choice: the learner picks an activity in the table of contents (targetId: its item identifier; see scorm_nav_get_state). A hidden, disabled, unknown or otherwise not choosable target is a denied answer saying why, not an error. Otherwise as scorm_nav_next.',
      input: {
        session_id: sessionId,
        targetId: z.string().min(1).max(4000).describe('Item identifier of the activity to choose.'),
      },
      output: navRequestOutput,
      handler: (args) => navigate(sessions.get(args.session_id), { type: 'choice', target: args.targetId }),
    }),
  ];
}
