/** system_set_log_level: change the server's log level. */
import { z } from 'zod';
import { LOG_LEVELS, type Logger } from '../../../core/logger.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';

export function setLogLevelTool(logger: Logger): ToolDefinition {
  return defineTool({
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
    output: { success: z.boolean(), previous: z.enum(LOG_LEVELS), level: z.enum(LOG_LEVELS) },
    handler: async (args) => {
      const previous = logger.getLevel();
      logger.setLevel(args.level);
      logger.info('LOG_LEVEL_CHANGED', { previous, level: args.level });
      return { data: { success: true, previous, level: args.level } };
    },
  });
}
