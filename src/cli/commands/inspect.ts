/**
 * `scorm-tester inspect <path>`: validates the package, opens it in a session (and the course, when
 * validation passed), serves the inspector on loopback and prints its URL as one line on stdout
 * (`Inspector: http://127.0.0.1:PORT/TOKEN/`). Runs until SIGINT or SIGTERM, then closes the session
 * cleanly. Learner state lives in a temporary store: each inspect starts fresh and leaves the learner's
 * saved state alone.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '../../core/logger.js';
import type { ServerContext } from '../../app/context.js';
import { ALL_GROUPS } from '../../app/tool-registry.js';
import { buildTools } from '../../mcp/toolsets.js';
import { SavedStateStore } from '../../session/saved-state.js';
import { SessionManager } from '../../session/session-manager.js';
import { shutdownRuntimeIfLoaded } from '../../session/lazy-runtime.js';
import { startDevelopment } from '../../inspector/server/develop.js';
import { Inspector } from '../../inspector/server/inspector.js';
import type { DevelopmentMode } from '../../inspector/protocol.js';
import { parseCommandArgs } from '../args.js';
import { CliUsageError, EXIT_OK } from '../exit.js';

const MODES: readonly DevelopmentMode[] = ['content_edit', 'debug_api', 'validate_live', 'sequence_test'];

export async function inspectCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('inspect', args, {
    open: { type: 'boolean', default: false },
    port: { type: 'string' },
    mode: { type: 'string', default: 'debug_api' },
    'no-runtime': { type: 'boolean', default: false },
    'auto-validate': { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new CliUsageError('inspect takes exactly one <path>');
  const mode = values.mode as DevelopmentMode;
  if (!MODES.includes(mode)) throw new CliUsageError(`--mode must be one of ${MODES.join(', ')}`);
  const port = parsePort(values.port);

  const tmp = await mkdtemp(join(tmpdir(), 'scorm-tester-inspect-'));
  const logger = new Logger({ dir: join(tmp, 'logs') });
  const sessions = new SessionManager(logger, { store: new SavedStateStore(join(tmp, 'state')) });
  const ctx: ServerContext = { logger, sessions };
  buildTools(ctx, new Set(ALL_GROUPS));
  const tools = ctx.tools;
  if (!tools) throw new Error('buildTools did not register the tools');
  const shutdown = async (): Promise<void> => {
    await inspector?.close().catch(() => undefined);
    await sessions.closeAll();
    await shutdownRuntimeIfLoaded();
    logger.close();
    await rm(tmp, { recursive: true, force: true });
  };
  let inspector: Inspector | null = null;
  try {
    inspector = await Inspector.start({ sessions, tools, logger, port, origin: 'cli' });
    const dev = await startDevelopment(inspector, sessions, {
      packagePath: positionals[0]!,
      mode,
      origin: 'cli',
      startRuntime: values['no-runtime'] !== true,
      noRuntimeReason: 'Started with --no-runtime: open the runtime to run the course.',
      autoValidate: values['auto-validate'] === true,
      showUnopened: true,
      session: { idleTimeoutMs: Number.POSITIVE_INFINITY, newAttempt: true },
    });
    process.stdout.write(`Inspector: ${inspector.url}\n`);
    const f = dev.findings;
    if (f)
      process.stderr.write(
        `Validation: ${f.valid ? 'passed' : 'failed'}, score ${f.score}, ${f.findings.length} finding(s)\n`,
      );
    if (dev.disabledReason) process.stderr.write(`Course not running: ${dev.disabledReason}\n`);
    if (dev.session)
      process.stderr.write(`Session ${dev.session.id}, artifacts in ${dev.session.workspace}\n`);
    process.stderr.write('Press Ctrl+C to stop.\n');
    if (values.open === true) openInBrowser(inspector.url);
  } catch (error) {
    await shutdown();
    throw error;
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  process.stderr.write(`${signal}: closing the session\n`);
  await shutdown();
  return EXIT_OK;
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > 65_535)
    throw new CliUsageError(`--port must be a whole number from 1 to 65535 (got "${text}")`);
  return n;
}

/** The system's way to open a URL in the default browser; failing to is reported, never fatal. */
function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error) =>
      process.stderr.write(`Could not open a browser (${error.message}); open the URL yourself.\n`),
    );
    child.unref();
  } catch (error) {
    process.stderr.write(`Could not open a browser (${(error as Error).message}); open the URL yourself.\n`);
  }
}
