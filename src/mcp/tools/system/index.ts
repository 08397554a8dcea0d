/** The system tool group: the server's own logs and log level. */
import type { Logger } from '../../../core/logger.js';
import type { BrowserConsoleLog } from '../../../app/browser-console.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { getLogsTool } from './system-get-logs.js';
import { setLogLevelTool } from './system-set-log-level.js';

export function systemTools(logger: Logger, browserConsole?: BrowserConsoleLog): ToolDefinition[] {
  return [getLogsTool(logger, browserConsole), setLogLevelTool(logger)];
}
