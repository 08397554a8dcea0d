/**
 * What the navigation request tools share: run an LMS-side request through the session's navigator, or
 * say why navigation does not apply (a single-SCO course, or before scorm_sn_init).
 */
import type { LmsRequest, NavOutcome } from '../../../session/navigation/types.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import {
  defineTool,
  type ToolAnnotations,
  type ToolData,
  type ToolDefinition,
  type ToolResult,
} from '../../../app/tool.js';
import { navRequestOutput } from './outputs.js';
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

/** scorm_nav_next and scorm_nav_previous: one request without a target, the learner's Next or Back. */
export function untargetedNavTool(
  ctx: ServerContext,
  tool: { name: string; type: 'continue' | 'previous'; title: string; what: string },
): ToolDefinition {
  return defineTool({
    name: tool.name,
    group: 'navigation',
    title: tool.title,
    annotations: NAVIGATES,
    description: `${tool.what} The running SCO unloads (its attempt ends), then the delivered SCO loads. outcome: delivered|ended|denied|nothing, with message.`,
    input: { session_id: sessionId },
    output: navRequestOutput,
    handler: (args) => navigate(ctx.sessions.get(args.session_id), { type: tool.type }),
  });
}
