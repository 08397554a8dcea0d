import type { Logger } from '../core/logger.js';
import type { Inspector } from '../inspector/server/inspector.js';
import type { SessionManager } from '../session/session-manager.js';
import type { ToolRegistry } from './tool.js';

/** What tool groups get from the server: shared services, created once per server process. */
export interface ServerContext {
  logger: Logger;
  sessions: SessionManager;
  /** Set by buildTools once every tool exists; read at call time by tools that run other tools. */
  tools?: ToolRegistry;
  /** The web inspector of this process, started by scorm_interactive_develop on first use. */
  inspector?: Promise<Inspector>;
}
