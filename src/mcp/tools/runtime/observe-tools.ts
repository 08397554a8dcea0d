/** What the course printed and requested: console errors and network requests of the open runtime. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, epochMs } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';

const consoleCategory = z.enum(['scorm_api', 'syntax', 'runtime', 'network']);
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
      output: {
        session_id: z.string(),
        error_count: count,
        errors: z.array(
          z.object({
            severity: z.enum(['error', 'warning', 'info']),
            category: consoleCategory,
            type: z.string().describe('Console method, or "pageerror" for an uncaught exception.'),
            message: z.string(),
            url: z.string().nullable(),
            line: z.number().nullable(),
            column: z.number().nullable(),
            origin: z.enum(['player', 'sco', 'popup']),
            timestamp: epochMs,
            timestampIso: z.string(),
            stack: z.string().optional(),
          }),
        ),
        categories: z.object({ scorm_api: count, syntax: count, runtime: count, network: count }),
        dropped_messages: count.optional(),
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
      output: {
        session_id: z.string(),
        request_count: count,
        total_matching: count,
        has_more: z.boolean(),
        requests: z.array(
          z.object({
            id: z.number(),
            timestamp: epochMs,
            method: z.string(),
            url: z.string(),
            resourceType: z.string(),
            scope: z.enum(['content', 'external']),
            statusCode: z.number().optional(),
            error: z.string().optional(),
            blocked: z.boolean().optional(),
            blocked_reason: z.string().optional(),
          }),
        ),
        blocked_count: count,
        missing_files: z
          .array(z.string())
          .describe('Package files the course asked for that do not exist (404).'),
        allow_network: z.boolean(),
        allow_loopback: z.boolean(),
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
