/** What the course printed and requested: console errors and network requests of the open runtime. */
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../tool.js';
import { sessionId } from '../shared-schemas.js';
import { collectConsoleErrors } from './console-errors.js';
import { DEFAULT_MAX_REQUESTS, queryNetwork } from './network-requests.js';

export function observeTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
      name: 'scorm_get_console_errors',
      group: 'runtime',
      title: 'Console errors',
      annotations: READ_ONLY,
      description:
        "The course's console errors and warnings (uncaught exceptions included) with location and stack, categorised scorm_api, syntax, runtime or network.",
      input: {
        session_id: sessionId,
        since_ts: z.number().optional().describe('Epoch ms.'),
        severity: z
          .array(z.enum(['error', 'warning', 'info']))
          .min(1)
          .optional(),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const { errors, categories } = collectConsoleErrors(runtime.consoleMessages, {
          sinceTs: args.since_ts,
          severity: args.severity,
        });
        return {
          data: {
            session_id: args.session_id,
            error_count: errors.length,
            errors,
            categories,
            ...(runtime.log.dropped.console > 0 ? { dropped_messages: runtime.log.dropped.console } : {}),
          },
        };
      },
    }),
    defineTool({
      name: 'scorm_get_network_requests',
      group: 'runtime',
      title: 'Network requests',
      annotations: READ_ONLY,
      description:
        'Requests the course made, oldest first (method, URL, type, status or error), blocked ones with blocked_reason, and package files that were missing (404).',
      input: {
        session_id: sessionId,
        options: z
          .object({
            resource_types: z
              .array(z.string().min(1))
              .optional()
              .describe('e.g. ["document","script","fetch","xhr","image"].'),
            since_ts: z.number().optional(),
            max_count: z.number().int().min(1).max(5000).optional(),
            include_blocked: z.boolean().optional().describe('Default true.'),
          })
          .strict()
          .optional(),
      },
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const o = args.options ?? {};
        const { requests, total } = queryNetwork(runtime.networkRequests, runtime.log.blockedRequests, {
          resourceTypes: o.resource_types,
          sinceTs: o.since_ts,
          maxCount: o.max_count ?? DEFAULT_MAX_REQUESTS,
          includeBlocked: o.include_blocked,
        });
        return {
          data: {
            session_id: args.session_id,
            request_count: requests.length,
            total_matching: total,
            has_more: total > requests.length,
            requests,
            blocked_count: requests.filter((r) => r.blocked).length,
            missing_files: [...runtime.log.missingFiles],
            allow_network: runtime.allowNetwork,
            allow_loopback: runtime.allowLoopback,
          },
        };
      },
    }),
  ];
}
