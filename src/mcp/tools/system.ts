import { z } from 'zod';
import { LOG_LEVELS, MAX_TAIL_ENTRIES, type Logger } from '../../core/logger.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { count, epochMs, openObject } from './output-schemas.js';

export function systemTools(logger: Logger): ToolDefinition[] {
  return [
    defineTool({
      name: 'system_get_logs',
      group: 'system',
      description:
        'Recent server log entries (NDJSON objects, oldest first), filterable by level and time. Use it to see what a failing call did.',
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
      },
      output: {
        entries: z
          .array(openObject({ ts: epochMs, level: z.enum(LOG_LEVELS), msg: z.string() }))
          .describe('Log entries, oldest first, each with its own fields (id, tool, session, ...).'),
        count,
        log_dir: z.string(),
      },
      handler: async (args) => {
        const entries = logger.tail({ tail: args.tail ?? 200, levels: args.levels, sinceTs: args.since_ts });
        return { data: { entries, count: entries.length, log_dir: logger.dir } };
      },
    }),
    defineTool({
      name: 'system_set_log_level',
      group: 'system',
      description: 'Set the server log level (debug|info|warn|error). Returns the previous and new level.',
      input: { level: z.enum(LOG_LEVELS) },
      output: { success: z.boolean(), previous: z.enum(LOG_LEVELS), level: z.enum(LOG_LEVELS) },
      handler: async (args) => {
        const previous = logger.getLevel();
        logger.setLevel(args.level);
        logger.info('LOG_LEVEL_CHANGED', { previous, level: args.level });
        return { data: { success: true, previous, level: args.level } };
      },
    }),
  ];
}
