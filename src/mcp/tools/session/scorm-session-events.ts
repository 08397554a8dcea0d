/** scorm_session_events: a session's events, paged. */
import { z } from 'zod';
import {
  ANSWER_BUDGET_BYTES,
  jsonBytes,
  pageWithinBudget,
  stringView,
  viewPayload,
} from '../../../output/answer-budget.js';
import { listingInput } from '../listing-schemas.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, limitNote, sessionEvent } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { closedMark, sessionClosedOutput } from './closed-record.js';

/** A default page's events: a first look at about 1,500 tokens in all. */
const DEFAULT_PAGE_BYTES = 2_400;

export function sessionEventsTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_session_events',
    group: 'session',
    title: 'Poll session events',
    annotations: READ_ONLY,
    description:
      "A session's events (API calls, navigation, screenshots, errors), even closed, after since_event_id; continue from latest_event_id.",
    input: {
      session_id: sessionId,
      since_event_id: z.number().int().min(0).optional(),
      max_events: z.number().int().min(1).max(5000).optional(),
      detail: listingInput.detail,
      text_offset: listingInput.text_offset,
    },
    output: {
      events: z.array(sessionEvent),
      latest_event_id: count.describe(
        'Pass as since_event_id to continue (the last event listed when more remain).',
      ),
      events_remaining: count.describe(
        'Events after this page: call again with since_event_id = latest_event_id (without max_events a page is a short first look; max_events asks for fuller ones).',
      ),
      limit_note: limitNote,
      counts_by_type: z
        .record(z.string(), count)
        .describe('Every event after since_event_id by type, this page and the rest.'),
      dropped_before: count.describe('Events dropped from the front of the log (it keeps 5000).'),
      ...sessionClosedOutput,
    },
    handler: async (args) => {
      const { session, closed } = sessions.recorded(args.session_id);
      const log = session.events;
      const all = log.since(args.since_event_id ?? 0, Number.MAX_SAFE_INTEGER);
      const strings = stringView(args.detail, args.text_offset);
      const byType: Record<string, number> = {};
      for (const e of all.events) byType[e.type] = (byType[e.type] ?? 0) + 1;
      const page = pageWithinBudget(all.events, {
        limit: args.max_events ?? 200,
        asked: {
          limit: args.max_events,
          items: 'events',
          rest: 'since_event_id set to latest_event_id gives the rest',
        },
        // Room for the fields around the list; without max_events a first look is kept short.
        budgetBytes:
          args.max_events === undefined ? DEFAULT_PAGE_BYTES : ANSWER_BUDGET_BYTES - 200 - jsonBytes(byType),
        view: (e) => (e.payload ? { ...e, payload: viewPayload(e.payload, strings) } : e),
      });
      const last = page.items.at(-1)?.id;
      return {
        data: {
          events: page.items,
          latest_event_id: page.remaining > 0 && last !== undefined ? last : all.latest_event_id,
          events_remaining: page.remaining,
          ...(page.limit_note ? { limit_note: page.limit_note } : {}),
          counts_by_type: byType,
          dropped_before: all.dropped_before,
          ...closedMark(closed),
        },
      };
    },
  });
}
