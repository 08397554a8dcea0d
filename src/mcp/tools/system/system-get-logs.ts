/** system_get_logs: the server's and the courses' logs merged in time order, paged within the answer budget. */
import { z } from 'zod';
import { LOG_LEVELS, MAX_TAIL_ENTRIES, type LogEntry, type Logger } from '../../../core/logger.js';
import { ANSWER_BUDGET_BYTES, pageWithinBudget, viewPayload } from '../../../output/answer-budget.js';
import type { BrowserConsoleLog } from '../../../app/browser-console.js';
import { LOG_SOURCES, mergedLogs } from '../../logging/merged-logs.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { count, epochMs, openObject } from '../output-schemas.js';

/** Room left in the budget for the answer's fields around its list. */
const ENVELOPE_BYTES = 200;

export function getLogsTool(logger: Logger, browserConsole?: BrowserConsoleLog): ToolDefinition {
  return defineTool({
    name: 'system_get_logs',
    group: 'system',
    title: 'Get logs',
    annotations: READ_ONLY,
    description:
      "Recent log entries, oldest first: the server's (every request with its id) and the courses' browser console, merged in time order; filter by level, time, source, session.",
    input: {
      tail: z
        .number()
        .int()
        .positive()
        .max(MAX_TAIL_ENTRIES)
        .optional()
        .describe('Newest entries (default 200).'),
      levels: z.array(z.enum(LOG_LEVELS)).optional(),
      since_ts: z.number().optional().describe('Epoch ms.'),
      sources: z.array(z.enum(LOG_SOURCES)).optional(),
      session_id: sessionId.optional(),
    },
    output: {
      entries: z
        .array(openObject({ ts: epochMs, level: z.enum(LOG_LEVELS), msg: z.string() }))
        .describe('Log entries, oldest first, each with its own fields (id, tool, session, ...).'),
      count,
      omitted_older: count
        .optional()
        .describe(
          'Older entries of the tail left out to keep the answer within its size budget; narrow with since_ts, levels, sources or session_id.',
        ),
      log_dir: z.string(),
    },
    handler: async (args) => {
      const all = mergedLogs(logger, browserConsole, args.tail ?? 200, {
        levels: args.levels,
        sinceTs: args.since_ts,
        sources: args.sources,
        sessionId: args.session_id,
      });
      // The newest entries that fit the budget; course text in them (console lines, API arguments) is previewed.
      const page = pageWithinBudget([...all].reverse(), {
        limit: all.length,
        budgetBytes: ANSWER_BUDGET_BYTES - ENVELOPE_BYTES - logger.dir.length,
        view: (e) => logEntryView(e),
      });
      const entries = page.items.reverse();
      return {
        data: {
          entries,
          count: entries.length,
          ...(page.remaining > 0 ? { omitted_older: page.remaining } : {}),
          log_dir: logger.dir,
        },
      };
    },
  });
}

/** A log entry with its strings previewed; `msg` stays a string (cut, with an ellipsis). */
function logEntryView(entry: LogEntry): LogEntry {
  const { ts, level, msg, ...rest } = entry;
  const shown = viewPayload(msg);
  const text = typeof shown === 'string' ? shown : (shown as { text: string }).text;
  return { ts, level, msg: text, ...(viewPayload(rest) as Record<string, unknown>) } as LogEntry;
}
