import { z } from 'zod';
import { LOG_LEVELS, MAX_TAIL_ENTRIES, type Logger } from '../../core/logger.js';
import type { BrowserConsoleLog } from '../logging/browser-console.js';
import { LOG_SOURCES, mergedLogs } from '../logging/merged-logs.js';
import { defineTool, type ToolDefinition } from '../tool.js';

export function systemTools(logger: Logger, browserConsole?: BrowserConsoleLog): ToolDefinition[] {
  return [
    defineTool({
      name: 'system_get_logs',
      group: 'system',
      description:
        "Recent log entries, oldest first: the server's (source server; every request with its id) and the courses' browser console (source browser:sco|player|popup, with session_id), merged in time order. Filter by level, time, source, session.",
      input: {
        tail: z
          .number()
          .int()
          .positive()
          .max(MAX_TAIL_ENTRIES)
          .optional()
          .describe('How many of the newest entries (default 200).'),
        levels: z.array(z.enum(LOG_LEVELS)).optional(),
        since_ts: z.number().optional().describe('Only entries at or after this epoch-ms time.'),
        sources: z
          .array(z.enum(LOG_SOURCES))
          .optional()
          .describe("Only these sources: server, or a course's console (browser:sco|player|popup)."),
        session_id: z.string().min(1).optional().describe('Only entries about this session.'),
      },
      handler: async (args) => {
        const entries = mergedLogs(logger, browserConsole, args.tail ?? 200, {
          levels: args.levels,
          sinceTs: args.since_ts,
          sources: args.sources,
          sessionId: args.session_id,
        });
        return { data: { entries, count: entries.length, log_dir: logger.dir } };
      },
    }),
    defineTool({
      name: 'system_set_log_level',
      group: 'system',
      description: 'Set the server log level (debug|info|warn|error). Returns the previous and new level.',
      input: { level: z.enum(LOG_LEVELS) },
      handler: async (args) => {
        const previous = logger.getLevel();
        logger.setLevel(args.level);
        logger.info('LOG_LEVEL_CHANGED', { previous, level: args.level });
        return { data: { success: true, previous, level: args.level } };
      },
    }),
  ];
}
