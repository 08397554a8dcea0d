/**
 * `scorm-tester run <path>`: launches one SCO in headless Chromium, waits until its API calls settle,
 * optionally takes a screenshot, closes it as a learner closing the window would (its unload handlers
 * run), then prints the API calls, anomalies, console errors and final data model. With --nav, sequencing
 * starts the course and the given navigation requests run in order first (see run-nav.ts).
 * Exit 0: the course initialized (or waits at a start control for the learner's click), no error-severity anomaly, no denied --nav step and (with --a11y) no serious or
 * critical accessibility violation; 1: it ran with problems; 2: it could not run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isScormTesterError } from '../../core/errors.js';
import { Logger } from '../../core/logger.js';
import {
  callMetrics,
  courseConsoleErrors,
  DEFAULT_SETTLE_MS,
  MAX_SETTLE_WAIT_MS,
  probeRuntime,
  type Anomaly,
  type ProbeReport,
} from '../../runtime/anomalies/index.js';
import { callText } from '../../runtime/anomalies/recorded.js';
import { courseText } from '../../core/course-text.js';
import { courseTextLine, courseTextLines } from '../../report/course-text-lines.js';
import { sharedRemotePool, shutdownSharedPools } from '../../runtime/shared-context-pool.js';
import { sharedContentServer } from '../../runtime/content-server.js';
import type { Screenshot } from '../../runtime/course-runtime.js';
import type { ViewportSpec } from '../../runtime/viewport.js';
import { SavedStateStore } from '../../session/saved-state.js';
import { confirmPredictions } from '../../session/confirm-predictions.js';
import { SessionManager } from '../../session/session-manager.js';
import type { Session } from '../../session/session.js';
import { parseCommandArgs } from '../args.js';
import { BROWSER_WS_FLAG, useBrowserWsFlag } from '../browser-ws-flag.js';
import { CliUsageError, EXIT_OK, EXIT_PROBLEMS } from '../exit.js';
import { CliOutput } from '../outputs.js';
import { cutText, viewNamedElement, viewRecorded } from '../../output/answer-budget.js';
import { stderrProgress, withInterrupt } from '../progress-line.js';
import type { WorkControl } from '../../core/progress.js';
import { navJson, navText, parseNavFlag, runNavigation, type NavRun } from './run-nav.js';
import { a11yFails, a11yJson, a11yText, parseA11yFlags, runA11y, type A11yOutcome } from './run-a11y.js';
import type { A11yLevel } from '../../dom/a11y/levels.js';
import type { NavStep } from '../../session/navigation/nav-steps.js';
import { memoryBudgetProblem } from '../../runtime/memory-budget.js';

const LISTED_CALLS = 60;

export interface RunOptions {
  target: string;
  itemId?: string;
  viewport: ViewportSpec;
  screenshot?: CliOutput;
  json: boolean;
  settleMs: number;
  timeoutMs: number;
  allowNetwork: boolean;
  allowLoopback: boolean;
  /** --memory-budget-mb: the course's JavaScript heap budget (undefined: the default). */
  memoryBudgetMb?: number;
  /** --nav: navigation requests to send after the course starts. */
  nav?: NavStep[];
  /** --a11y: audit at this WCAG level before the SCO unloads. */
  a11y?: A11yLevel;
  /** --quiet: no progress line on stderr. */
  quiet: boolean;
}

function integer(name: string, text: string | undefined, dflt: number, min: number, max: number): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new CliUsageError(`--${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  return n;
}

export function parseViewport(text: string | undefined): ViewportSpec {
  if (text === undefined) return { device: 'desktop' };
  if (text === 'desktop' || text === 'tablet' || text === 'mobile') return { device: text };
  const m = /^(\d{3,4})x(\d{3,4})$/.exec(text);
  const width = Number(m?.[1]);
  const height = Number(m?.[2]);
  if (!m || width < 200 || height < 200 || width > 4096 || height > 4096) {
    throw new CliUsageError(
      `--viewport must be desktop, tablet, mobile or WIDTHxHEIGHT with sides 200-4096 (got "${text}")`,
    );
  }
  return { width, height };
}

function parseMemoryBudget(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  const problem = memoryBudgetProblem(n);
  if (problem)
    throw new CliUsageError(`--memory-budget-mb: ${problem.replace(`(got ${n})`, `(got "${text}")`)}`);
  return n;
}

/** The flags `run` shares with `batch`: how each SCO is run. */
export const RUN_FLAGS = {
  viewport: { type: 'string' },
  'settle-ms': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'allow-network': { type: 'boolean', default: false },
  'allow-loopback': { type: 'boolean', default: false },
  'memory-budget-mb': { type: 'string' },
  nav: { type: 'string' },
  a11y: { type: 'boolean', default: false },
  'a11y-level': { type: 'string' },
  ...BROWSER_WS_FLAG,
} as const;

type RunFlagValues = { [K in keyof typeof RUN_FLAGS]?: string | boolean | string[] | undefined };

/** The shared run options, from the values of RUN_FLAGS (usage errors name the flag). */
export function runSettings(
  values: RunFlagValues,
): Omit<RunOptions, 'target' | 'itemId' | 'screenshot' | 'json' | 'quiet'> {
  const text = (v: string | boolean | string[] | undefined): string | undefined =>
    typeof v === 'string' ? v : undefined;
  const nav = text(values.nav) !== undefined ? parseNavFlag(text(values.nav)!) : undefined;
  const memoryBudgetMb = parseMemoryBudget(text(values['memory-budget-mb']));
  const a11y = parseA11yFlags(values.a11y === true, text(values['a11y-level']));
  return {
    viewport: parseViewport(text(values.viewport)),
    settleMs: integer('settle-ms', text(values['settle-ms']), DEFAULT_SETTLE_MS, 0, MAX_SETTLE_WAIT_MS),
    timeoutMs: integer('timeout-ms', text(values['timeout-ms']), MAX_SETTLE_WAIT_MS, 100, MAX_SETTLE_WAIT_MS),
    allowNetwork: values['allow-network'] === true,
    allowLoopback: values['allow-loopback'] === true,
    ...(memoryBudgetMb === undefined ? {} : { memoryBudgetMb }),
    ...(nav ? { nav } : {}),
    ...(a11y ? { a11y } : {}),
  };
}

async function parseRunArgs(args: string[]): Promise<RunOptions> {
  const { values, positionals } = parseCommandArgs('run', args, {
    ...RUN_FLAGS,
    item: { type: 'string' },
    screenshot: { type: 'string' },
    force: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new CliUsageError('run takes exactly one <path>');
  if (values.nav !== undefined && values.item !== undefined)
    throw new CliUsageError('--nav and --item do not go together: sequencing decides which SCO is delivered');
  const settings = runSettings(values);
  useBrowserWsFlag(values['browser-ws']);
  const screenshot =
    values.screenshot !== undefined
      ? await new CliOutput('--screenshot', values.screenshot, 'png', values.force === true).check()
      : undefined;
  return {
    target: positionals[0]!,
    ...(values.item !== undefined ? { itemId: values.item } : {}),
    ...settings,
    ...(screenshot ? { screenshot } : {}),
    json: values.json === true,
    quiet: values.quiet === true,
  };
}

export interface RunOutcome {
  report: ProbeReport;
  launchUrl: string | null;
  scoId: string | null;
  /** The launched resource is an asset (adlcp:scormType "asset"): it need not call the API. */
  asset: boolean;
  shot: Screenshot | null;
  /** Where the screenshot was written. */
  shotPath: string | null;
  nav: NavRun | null;
  a11y: A11yOutcome | null;
}

export async function runCourse(
  options: RunOptions,
  sessions: SessionManager,
  control: WorkControl,
): Promise<RunOutcome> {
  const { signal, progress } = control;
  const session = await sessions.open({
    packagePath: options.target,
    newAttempt: true,
    allowNetwork: options.allowNetwork,
    allowLoopback: options.allowLoopback,
    ...(options.memoryBudgetMb === undefined ? {} : { memoryBudgetMb: options.memoryBudgetMb }),
  });
  // With --nav, sequencing's start picks the first SCO before the runtime opens: it is launched once.
  const open = options.nav ? session.openSequencedStart.bind(session) : session.openRuntime.bind(session);
  const runtime = await open({
    viewport: options.viewport,
    ...(options.itemId ? { itemId: options.itemId } : {}),
    control,
  });
  // A run its caller gave up on (Ctrl-C, the batch's per-package limit) ends now: closing the runtime
  // closes its page (its looping scripts stopped first), so a course stuck in a loop stops using the CPU
  // instead of waiting out each bound.
  const stop = (): void => void runtime.abandon();
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  // The open reported steps 0-3 of 3; what follows has no count of its own.
  const step = (message: string): void => progress?.({ done: 3, total: 3, message });
  let shot: Screenshot | null = null;
  let shotPath: string | null = null;
  let a11y: A11yOutcome | null = null;
  try {
    const timing = { settleMs: options.settleMs, maxWaitMs: options.timeoutMs, signal };
    if (options.nav) step('sending the navigation requests');
    const nav = options.nav ? await runNavigation(session, runtime, options.nav, timing) : null;
    step('waiting until the course stops calling the API');
    const probed = await probeRuntime(runtime, {
      settleMs: options.settleMs,
      maxWaitMs: options.timeoutMs,
      signal,
      resource: launchedResource(session),
      beforeUnload:
        options.screenshot || options.a11y
          ? async (rt) => {
              if (options.screenshot) {
                step('taking the screenshot');
                shot = await rt.screenshot();
                shotPath = await options.screenshot.write(shot.png);
              }
              if (options.a11y) {
                step('auditing accessibility');
                a11y = await runA11y(rt, options.a11y);
              }
            }
          : undefined,
    });
    const report = { ...probed, anomalies: await confirmPredictions(session.packageRoot, probed.anomalies) };
    return {
      report,
      launchUrl: session.launch?.launchUrl ?? null,
      scoId: session.launch?.item.identifier ?? null,
      asset: (session.launch?.scormType ?? '').trim().toLowerCase() === 'asset',
      shot,
      shotPath,
      nav,
      a11y,
    };
  } finally {
    signal?.removeEventListener('abort', stop);
    // Close without saving learner state: a run leaves nothing behind.
    await runtime.close();
    await session.closeRuntime();
  }
}

/**
 * " (attempt 2, call #7)": what the anomaly is about, as far as it names it; its SCO's id is the course's
 * word, on a labelled line below.
 */
function anomalyWhere(a: Anomaly): string {
  const parts = [
    ...(a.attempt !== undefined ? [`attempt ${a.attempt}`] : []),
    ...(a.call_index !== undefined ? [`call #${a.call_index}`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function launchedResource(session: Session): { scormType: string | null; href: string | null } | undefined {
  const launch = session.launch;
  return launch ? { scormType: launch.scormType, href: launch.launchUrl } : undefined;
}

export function outcomeJson(o: RunOutcome): Record<string, unknown> {
  const r = o.report;
  return {
    scorm_version: r.version,
    sco_id: o.scoId,
    launch_url: o.launchUrl,
    initialized: r.initialized,
    final_state: r.finalState,
    settled: r.settle.settled,
    api_calls: r.calls.map((c) => ({
      index: c.index,
      method: c.method,
      // Previews: a course can make thousands of calls with 64 K arguments; the data model keeps values whole.
      args: c.args.map((a) => viewRecorded(a)),
      result: viewRecorded(c.result),
      error_code: c.errorCode,
      timestamp: c.timestamp,
      source: c.source,
      ...(c.caller !== undefined ? { caller: c.caller } : {}),
      sco_id: c.scoId,
      attempt: c.attempt,
    })),
    metrics: callMetrics(r.calls),
    anomalies: r.anomalies.map(viewNamedElement),
    console_errors: courseConsoleErrors(r.console).map((e) => ({
      ...e,
      text: cutText(e.text),
      url: e.url && cutText(e.url),
    })),
    data_model: r.dataModel,
    screenshot:
      o.shot && o.shotPath ? { path: o.shotPath, width: o.shot.width, height: o.shot.height } : null,
    ...(o.nav ? { navigation: navJson(o.nav) } : {}),
    ...(o.a11y ? { accessibility: a11yJson(o.a11y) } : {}),
  };
}

/** The SCO made no call because it waits at a start control: a warning, not a failed run. */
function awaitsLearner(report: ProbeReport): boolean {
  return report.anomalies.some((a) => a.type === 'initialize_awaits_learner');
}

/**
 * The run's verdict: the course initialized (or waits at a start control, or is an asset that need not
 * call the API), no error-severity anomaly, no denied --nav step, no serious or critical a11y violation.
 */
export function runPassed(outcome: RunOutcome): boolean {
  return (
    (outcome.report.initialized ||
      awaitsLearner(outcome.report) ||
      (outcome.asset && outcome.report.calls.length === 0)) &&
    !outcome.report.anomalies.some((a) => a.severity === 'error') &&
    (outcome.nav?.denied ?? 0) === 0 &&
    !(outcome.a11y && a11yFails(outcome.a11y))
  );
}

function outcomeText(o: RunOutcome): string {
  const r = o.report;
  const lines: string[] = [];
  const waiting = awaitsLearner(r) ? ' (the SCO waits for a learner click before it initializes)' : '';
  // The SCO's id and launch file are the course's words: on labelled lines, not in ours.
  lines.push(`SCORM ${r.version} · SCO and launch file:`);
  lines.push(courseTextLine('sco_id', courseText(o.scoId ?? '?'), '  '));
  lines.push(courseTextLine('launch', courseText(o.launchUrl ?? '?'), '  '));
  lines.push(
    `Initialized: ${r.initialized ? 'yes' : `no${waiting}`}; state after closing: ${r.finalState}${r.settle.settled ? '' : ' (API calls were still coming, or its files loading, when the wait ended)'}`,
  );
  if (o.nav) lines.push(navText(o.nav).trimEnd());
  const metrics = callMetrics(r.calls);
  const byMethod = Object.entries(metrics.by_method)
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  lines.push(`API calls: ${metrics.total_calls}${byMethod ? ` (${byMethod})` : ''}`);
  for (const c of r.calls.slice(0, LISTED_CALLS)) {
    const code = c.errorCode !== '0' ? ` [error ${c.errorCode}]` : '';
    lines.push(
      `  #${c.index} ${callText(c.method, c.args)} -> ${JSON.stringify(c.result)}${code}${c.source === 'tool' ? ' (tester)' : ''}`,
    );
  }
  if (r.calls.length > LISTED_CALLS)
    lines.push(`  … ${r.calls.length - LISTED_CALLS} more (use --json for all)`);
  const errors = courseConsoleErrors(r.console);
  lines.push(`Console errors: ${errors.length === 0 ? 'none' : errors.length}`);
  for (const e of errors.slice(0, 20)) {
    const at = e.url ? `${e.url}${e.line !== null ? `:${e.line + 1}` : ''}` : null;
    lines.push(`  ${e.source === 'pageerror' ? 'uncaught error' : 'console error'}:`);
    lines.push(courseTextLine('text', courseText(e.text), '    '));
    if (at) lines.push(courseTextLine('at', courseText(at), '    '));
  }
  const count = (s: Anomaly['severity']): number => r.anomalies.filter((a) => a.severity === s).length;
  lines.push(`Anomalies: ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info`);
  for (const a of r.anomalies) {
    lines.push(`  ${a.severity.padEnd(7)} ${a.type}${anomalyWhere(a)}: ${a.message}`);
    lines.push(`          fix: ${a.fix}`);
    if (a.sco_id !== undefined) lines.push(courseTextLine('sco_id', courseText(a.sco_id), '          '));
    lines.push(...courseTextLines(a.course_text, '          '));
  }
  if (o.shot && o.shotPath) lines.push(`Screenshot: ${o.shotPath} (${o.shot.width}x${o.shot.height})`);
  if (o.a11y) lines.push(a11yText(o.a11y));
  return lines.join('\n') + '\n';
}

/**
 * A SessionManager on a throwaway folder for a CLI command; afterwards the sessions, the shared browser
 * and the content server are closed and the folder removed (a run leaves nothing behind).
 */
export async function withCliSessions<T>(work: (sessions: SessionManager) => Promise<T>): Promise<T> {
  const tmp = await mkdtemp(join(tmpdir(), 'scorm-tester-run-'));
  const logger = new Logger({ dir: join(tmp, 'logs') });
  const sessions = new SessionManager(logger, {
    store: new SavedStateStore(join(tmp, 'state')),
    sessionsRoot: join(tmp, 'sessions'),
  });
  try {
    // Remote browsers are connected to and checked first: a bad grid stops the command before any course;
    // an endpoint that cannot be reached while others can is passed over (and said so).
    for (const down of (await sharedRemotePool()?.connectAll()) ?? []) {
      process.stderr.write(
        `scorm-tester: warning: the remote browser at ${down.endpoint} is passed over for now (${down.reason}); ` +
          'courses run on the other --browser-ws endpoints, and it is tried again later.\n',
      );
    }
    return await work(sessions);
  } finally {
    await sessions.closeAll();
    await shutdownSharedPools();
    // Keep-alive sockets from the closed browser would hold the process open for seconds.
    await (await sharedContentServer()).close();
    logger.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

export async function runCommand(args: string[]): Promise<number> {
  const options = await parseRunArgs(args);
  return withCliSessions(async (sessions) => {
    let outcome: RunOutcome;
    // Machine output on stdout (--json) means a script reads it: no progress line then either.
    const progress = stderrProgress(options.quiet || options.json);
    try {
      outcome = await withInterrupt((signal) =>
        runCourse(options, sessions, { signal, progress: progress?.update }),
      );
    } catch (error) {
      // A course that hangs did run: that is a problem with the course, not with running it.
      if (isScormTesterError(error) && error.code === 'COURSE_TIMEOUT') {
        process.stderr.write(`scorm-tester: ${error.code}: ${error.message}\n`);
        return EXIT_PROBLEMS;
      }
      throw error;
    } finally {
      progress?.clear();
    }
    process.stdout.write(
      options.json ? JSON.stringify(outcomeJson(outcome), null, 2) + '\n' : outcomeText(outcome),
    );
    return runPassed(outcome) ? EXIT_OK : EXIT_PROBLEMS;
  });
}
