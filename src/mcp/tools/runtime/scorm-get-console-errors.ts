/** scorm_get_console_errors: Console errors. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, epochMs, limitNote } from '../output-schemas.js';
import { recordedRuntime } from '../../../app/recorded-runtime.js';
import { closedMark, sessionClosedOutput } from '../session/closed-record.js';
import { sessionId } from '../shared-schemas.js';
import { listingInput } from '../listing-schemas.js';
import { ANSWER_BUDGET_BYTES, cutText, pageWithinBudget, stringView } from '../../../output/answer-budget.js';
import { collectConsoleErrors } from './console-errors.js';
import { consoleCategory } from './observe-fields.js';

export function getConsoleErrorsTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
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
      limit: z.number().int().min(1).max(5000).optional().describe('Default 200.'),
      ...listingInput,
    },
    output: {
      session_id: z.string(),
      error_count: count.describe('Errors that match, on every page.'),
      errors_remaining: count.describe('Errors after this page.'),
      next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
      limit_note: limitNote,
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
      ...sessionClosedOutput,
    },
    handler: async (args) => {
      const { runtime, closed } = recordedRuntime(sessions, args.session_id);
      const { errors, categories } = collectConsoleErrors(runtime.consoleMessages, {
        sinceTs: args.since_ts,
        severity: args.severity,
      });
      const strings = stringView(args.detail, args.text_offset);
      const page = pageWithinBudget(errors, {
        cursor: args.cursor,
        limit: args.limit ?? 200,
        asked: { limit: args.limit, items: 'errors' },
        // Room for the fields around the list.
        budgetBytes: ANSWER_BUDGET_BYTES - 500,
        view: (e) => ({
          ...e,
          message: cutText(e.message, strings),
          url: e.url && cutText(e.url, strings),
          ...(e.stack !== undefined ? { stack: cutText(e.stack, strings) } : {}),
        }),
      });
      return {
        data: {
          session_id: args.session_id,
          error_count: errors.length,
          errors_remaining: page.remaining,
          next_cursor: page.next_cursor,
          ...(page.limit_note ? { limit_note: page.limit_note } : {}),
          errors: page.items,
          categories,
          ...(runtime.log.dropped.console > 0 ? { dropped_messages: runtime.log.dropped.console } : {}),
          ...closedMark(closed),
        },
      };
    },
  });
}
