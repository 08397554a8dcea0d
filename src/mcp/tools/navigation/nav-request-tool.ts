/**
 * scorm_nav_request: the LMS-side navigation requests beyond next/previous/choice, as one discoverable
 * tool. Same answer as scorm_nav_next: delivered, ended, nothing to do, or denied naming the rule or
 * control; applicable:false before scorm_sn_init or on a single-SCO course.
 */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import type { NavigationRequest } from '../../../sequencing/index.js';
import { LMS_REQUEST_TYPES } from '../../../session/navigation/nav-steps.js';
import type { ServerContext } from '../../context.js';
import { defineTool, type ToolDefinition } from '../../tool.js';
import { navRequestOutput } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { navigate } from './core-tools.js';

const REQUESTS = LMS_REQUEST_TYPES;
type RequestName = (typeof REQUESTS)[number];

const TARGETED: readonly RequestName[] = ['choice', 'jump'];

const DESCRIPTION =
  'Send an LMS-side navigation request (after scorm_sn_init). A running SCO is unloaded first. ' +
  'start/resumeAll: begin, or resume after suspendAll; continue/previous: flow; choice/jump: go to target (choice obeys the choice controls, jump does not); ' +
  'exit: end this activity; exitAll: end the course; abandon/abandonAll: end without saving the attempt; suspendAll: suspend the course for later resumeAll; retry/retryAll: new attempt on this activity/the course. ' +
  'Returns delivered, ended, nothing, or denied with the rule or control named.';

export function navRequestTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_nav_request',
    group: 'navigation',
    description: DESCRIPTION,
    input: {
      session_id: sessionId,
      request: z.enum(REQUESTS).describe('The navigation request (SCORM 2004 SN book names).'),
      target: z
        .string()
        .min(1)
        .max(4_000)
        .optional()
        .describe('Activity identifier: required for choice and jump, refused for the others.'),
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
      fail('MCP_INVALID_PARAMS', `request "${name}" needs target: the identifier of the activity to go to.`);
    return { type: name as 'choice' | 'jump', target };
  }
  if (target !== undefined)
    fail('MCP_INVALID_PARAMS', `request "${name}" takes no target (only choice and jump do); remove target.`);
  return { type: name } as NavigationRequest;
}
