import type { Logger } from '../core/logger.js';
import type { SessionManager } from '../session/session-manager.js';

/** What tool groups get from the server: shared services, created once per server process. */
export interface ServerContext {
  logger: Logger;
  sessions: SessionManager;
}
