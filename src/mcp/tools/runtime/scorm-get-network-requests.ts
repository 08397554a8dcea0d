/** scorm_get_network_requests: Network requests. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, epochMs } from '../output-schemas.js';
import { recordedRuntime } from '../../../app/recorded-runtime.js';
import { closedMark, sessionClosedOutput } from '../session/closed-record.js';
import { DEFAULT_MAX_REQUESTS, queryNetwork } from './network-requests.js';
import { sessionId } from '../shared-schemas.js';
import { listingInput } from '../listing-schemas.js';
import {
  ANSWER_BUDGET_BYTES,
  cutText,
  jsonBytes,
  pageWithinBudget,
  stringView,
} from '../../../output/answer-budget.js';
import { MAX_MISSING_FILES } from './observe-fields.js';
import { CONTENT_PREFIX } from '../../../runtime/content-url.js';
import { shownRequest } from './shown-request.js';

/** A default page's requests: a first look at about 1,500 tokens in all. */
const DEFAULT_PAGE_BYTES = 2_400;

export function getNetworkRequestsTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
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
      ...listingInput,
    },
    output: {
      session_id: z.string(),
      request_count: count,
      next_cursor: z
        .string()
        .nullable()
        .describe(
          `Pass as cursor (with the same options) for the next page. Without max_count a page holds about ${DEFAULT_PAGE_BYTES} bytes of requests; max_count asks for fuller pages.`,
        ),
      content_base: z
        .string()
        .describe(
          "The package's URL prefix: a request's url that is not absolute is a package path under it.",
        ),
      started_at: epochMs.describe("The session's start (epoch ms): a request's at_ms counts from it."),
      total_matching: count,
      has_more: z.boolean(),
      requests: z.array(
        z.object({
          id: z.number(),
          at_ms: z.number().describe('Milliseconds since started_at.'),
          method: z.string().optional().describe('Left out when GET.'),
          url: z
            .string()
            .describe('A package path (relative to content_base) or, outside the package, the whole URL.'),
          resourceType: z.string(),
          scope: z
            .literal('external')
            .optional()
            .describe(
              "Left out for the course's own origin (the package and its server); external otherwise.",
            ),
          statusCode: z.number().optional(),
          error: z.string().optional(),
          blocked: z.boolean().optional(),
          blocked_reason: z.string().optional(),
        }),
      ),
      blocked_count: count,
      missing_files: z
        .array(z.string())
        .describe(
          `Package files the course asked for that do not exist (404); the first ${MAX_MISSING_FILES}, names cut to a preview.`,
        ),
      allow_network: z.boolean(),
      allow_loopback: z.boolean(),
      ...sessionClosedOutput,
    },
    handler: async (args) => {
      const { runtime, closed } = recordedRuntime(sessions, args.session_id);
      const startedAt = sessions.recorded(args.session_id).session.startedAt;
      const contentBase = runtime.baseUrl + CONTENT_PREFIX;
      const o = args.options ?? {};
      const strings = stringView(args.detail, args.text_offset);
      const missing = [...runtime.log.missingFiles].slice(0, MAX_MISSING_FILES).map((f) => cutText(f));
      const { requests: found, total } = queryNetwork(runtime.networkRequests, runtime.log.blockedRequests, {
        resourceTypes: o.resource_types,
        sinceTs: o.since_ts,
        // Every match is listed, max_count a page at a time: the cursor goes on past it.
        maxCount: Number.MAX_SAFE_INTEGER,
        includeBlocked: o.include_blocked,
      });
      const page = pageWithinBudget(found, {
        cursor: args.cursor,
        limit: o.max_count ?? DEFAULT_MAX_REQUESTS,
        // Room for the fields around the list, the missing files among them; a first look is kept short.
        budgetBytes:
          o.max_count === undefined ? DEFAULT_PAGE_BYTES : ANSWER_BUDGET_BYTES - 500 - jsonBytes(missing),
        view: (r) => shownRequest(r, { contentBase, startedAt, strings }),
      });
      const requests = page.items;
      return {
        data: {
          session_id: args.session_id,
          request_count: requests.length,
          total_matching: total,
          has_more: page.remaining > 0,
          next_cursor: page.next_cursor,
          content_base: contentBase,
          started_at: startedAt,
          requests,
          blocked_count: requests.filter((r) => r.blocked).length,
          missing_files: missing,
          allow_network: runtime.allowNetwork,
          allow_loopback: runtime.allowLoopback,
          ...closedMark(closed),
        },
      };
    },
  });
}
