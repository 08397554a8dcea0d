/**
 * The MCP server over stdio. Stdout carries JSON-RPC only; diagnostics go to stderr and the logs.
 */
import { Logger } from '../core/logger.js';
import { VERSION } from '../core/version.js';
import { createMcpServer } from './server.js';
import { JsonRpcStdioTransport } from './stdio-transport.js';
import type { ServerContext } from '../app/context.js';
import { SessionManager } from '../session/session-manager.js';
import { shutdownRuntimeIfLoaded } from '../session/lazy-runtime.js';
import { parseToolsets } from '../app/tool-registry.js';
import { buildTools } from './toolsets.js';
import { BrowserConsoleLog } from '../app/browser-console.js';
import { LoggedTransport } from './logging/logged-transport.js';
import { ResourceCatalog } from './resources/catalog.js';
import { toolErrorFormFromEnv } from './tool-error-result.js';
import { maskEndpoint, parseBrowserEndpoints, useRemoteBrowsers } from '../runtime/browser-endpoint.js';

export async function runMcpServer(): Promise<void> {
  // Anything that tries to print to stdout would corrupt the protocol stream.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  const logger = Logger.fromEnv();
  let enabled;
  let toolErrors;
  let browsers: string[] = [];
  try {
    enabled = parseToolsets(process.env.SCORM_TESTER_TOOLSETS);
    toolErrors = toolErrorFormFromEnv();
    browsers = parseBrowserEndpoints([process.env.SCORM_TESTER_BROWSER_WS ?? ''], 'SCORM_TESTER_BROWSER_WS');
  } catch (error) {
    process.stderr.write(`scorm-tester: ${(error as Error).message}\n`);
    process.exit(2);
  }
  useRemoteBrowsers(browsers);
  const browserConsole = new BrowserConsoleLog();
  const resources = new ResourceCatalog(logger, browserConsole);
  const sessions = new SessionManager(logger, {
    observer: { ...resources.observer, console: (session, entry) => browserConsole.add(session.id, entry) },
  });
  const ctx: ServerContext = { logger, sessions, browserConsole, resources };
  const { tools, disabled } = buildTools(ctx, enabled);
  const server = createMcpServer({ tools, disabledTools: disabled, logger, resources, toolErrors });

  process.on('uncaughtException', (error) => logger.error('UNCAUGHT_EXCEPTION', { error }));
  process.on('unhandledRejection', (reason) => logger.error('UNHANDLED_REJECTION', { reason }));

  const shutdown = async (why: string): Promise<void> => {
    logger.info('MCP_SHUTDOWN', { why });
    await closeInspectorIfStarted(ctx);
    await sessions.closeAll().catch(() => undefined);
    await shutdownRuntimeIfLoaded();
    await server.close().catch(() => undefined);
    logger.close();
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.connect(
    new LoggedTransport(
      new JsonRpcStdioTransport(process.stdin, process.stdout, (rejected) =>
        logger.warn('MCP_PROTOCOL_ERROR', { ...rejected }),
      ),
      logger,
    ),
  );
  logger.info('MCP_STARTED', {
    version: VERSION,
    pid: process.pid,
    tools: tools.length,
    groups: [...enabled],
    tool_errors: toolErrors,
    remote_browsers: browsers.map(maskEndpoint),
  });
}

/** The inspector (scorm_interactive_develop) ends with the server: its port and its feeds close. */
async function closeInspectorIfStarted(ctx: ServerContext): Promise<void> {
  const inspector = await ctx.inspector?.catch(() => null);
  await inspector?.close().catch(() => undefined);
}
