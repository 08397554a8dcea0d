import { z } from 'zod';
import { LOG_LEVELS, MAX_TAIL_ENTRIES, type Logger } from '../../core/logger.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../tool.js';

export function systemTools(logger: Logger): ToolDefinition[] {
  return [
    defineTool({
      name: 'system_get_logs',
      group: 'system',
      title: 'Get server logs',
      annotations: READ_ONLY,
      description:
        'Recent server log entries (NDJSON objects, oldest first), filtered by level and time: what a failing call did.',
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
      },
      handler: async (args) => {
        const entries = logger.tail({ tail: args.tail ?? 200, levels: args.levels, sinceTs: args.since_ts });
        return { data: { entries, count: entries.length, log_dir: logger.dir } };
      },
    }),
    defineTool({
      name: 'system_set_log_level',
      group: 'system',
      title: 'Set log level',
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      description: 'Set the server log level; returns the previous and the new one.',
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
