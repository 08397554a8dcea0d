/**
 * scorm_nav_request: the LMS-side navigation requests beyond next/previous/choice, as one discoverable
 * tool. Same answer as scorm_nav_next: delivered, ended, nothing to do, or denied naming the rule or
 * control; applicable:false before scorm_sn_init or on a single-SCO course.
 */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import type { NavigationRequest } from '../../../sequencing/index.js';
import { LMS_REQUEST_TYPES } from '../../../session/navigation/nav-steps.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { navRequestOutput } from './outputs.js';
import { sessionId } from '../shared-schemas.js';
import { NAVIGATES, navigate } from './navigate.js';

const REQUESTS = LMS_REQUEST_TYPES;
type RequestName = (typeof REQUESTS)[number];

const TARGETED: readonly RequestName[] = ['choice', 'jump'];

const DESCRIPTION =
  'Any LMS-side navigation request (after scorm_sn_init); result as scorm_nav_next. ' +
  'start; resumeAll (after suspendAll); continue/previous; choice/jump to target (jump ignores choice controls); ' +
  'exit(All): end the activity/course; abandon(All): end unsaved; suspendAll; retry(All): new attempt.';

export function navRequestTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_nav_request',
    group: 'navigation',
    title: 'Navigation request',
    annotations: NAVIGATES,
    description: DESCRIPTION,
    input: {
      session_id: sessionId,
      request: z.enum(REQUESTS),
      target: z.string().min(1).max(4_000).optional().describe('Activity id, for choice and jump only.'),
    },
    output: navRequestOutput,
    handler: async (args) => {
      const request = toRequest(args.request, args.target);
      return navigate(ctx.sessions.get(args.session_id), request);
    },
  });
}

function toRequest(name: RequestName, target: string | undefined): NavigationRequest {
  if (TARGETED.includes(name)) {
    if (target === undefined)
      fail('INVALID_ARGUMENT', `request "${name}" needs target: the identifier of the activity to go to.`);
    return { type: name as 'choice' | 'jump', target };
  }
  if (target !== undefined)
    fail('INVALID_ARGUMENT', `request "${name}" takes no target (only choice and jump do); remove target.`);
  return { type: name } as NavigationRequest;
}
