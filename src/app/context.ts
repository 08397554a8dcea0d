import type { Logger } from '../core/logger.js';
import type { SessionManager } from '../session/session-manager.js';
import type { BrowserConsoleLog } from './browser-console.js';
import type { ToolRegistry } from './tool.js';

/** Where the server lists files written outside a session (the MCP resource catalog lists reports). */
export interface ReportListing {
  addReport(path: string, root: string): Promise<void>;
}

/** The process's web inspector as the server sees it: started on first use, closed with the server. */
export interface ProcessInspector {
  close(): Promise<void>;
}

/** What tool groups get from the server: shared services, created once per server process. */
export interface ServerContext {
  logger: Logger;
  sessions: SessionManager;
  /** The courses' console, for system_get_logs (absent: server entries only). */
  browserConsole?: BrowserConsoleLog;
  /** MCP resources; tools announce files written outside a session here (reports). */
  resources?: ReportListing;
  /** Set by buildTools once every tool exists; read at call time by tools that run other tools. */
  tools?: ToolRegistry;
  /** The web inspector of this process, started by scorm_interactive_develop on first use. */
  inspector?: Promise<ProcessInspector>;
}
