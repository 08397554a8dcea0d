#!/usr/bin/env node
/**
 * `scorm-tester <command>`: validate, run, batch, merge-reports, conformance, inspect, mcp.
 * Exit codes: 0 ok, 1 problems found, 2 could not run, 130 interrupted.
 */
import { VERSION } from '../core/version.js';
import { isScormTesterError } from '../core/errors.js';
import type { CourseTexts } from '../core/course-text.js';
import { courseTextLines } from '../report/course-text-lines.js';
import { CliUsageError, EXIT_CANNOT_RUN, EXIT_INTERRUPTED } from './exit.js';

const USAGE = `scorm-tester ${VERSION}: validate and run SCORM 1.2 / 2004 courses

Usage:
  scorm-tester validate <path> [--format text|json|sarif|junit] [--level basic|strict|pedantic]
                               [--report report.html] [--output file] [--force] [--quiet]
  scorm-tester run <path> [--item <identifier>] [--viewport desktop|tablet|mobile|WxH]
                          [--screenshot out.png] [--json] [--settle-ms N] [--timeout-ms N]
                          [--allow-network] [--allow-loopback] [--memory-budget-mb N] [--force] [--quiet]
                          [--nav STEP,STEP,...] [--a11y [--a11y-level A|AA|AAA]] [--browser-ws URL ...]
                          --browser-ws: run in a Playwright browser server on this machine (ws:// or wss://,
                          repeatable) instead of launching Chromium; see docs/batch.md
                          --memory-budget-mb: JavaScript heap the course may hold (default 1024, 64-3072,
                          0 = none); past it its script is stopped and the run reports memory_budget_exceeded
                          --nav: after the course starts, send these navigation requests in order and
                          print each delivery: next|continue, previous, choice:ID, jump:ID, exit, exitAll,
                          abandon, abandonAll, suspendAll, resumeAll, retry, retryAll (exit 1 if one is denied)
                          --a11y: audit accessibility with axe-core (WCAG level, default AA) before the SCO
                          unloads; a serious or critical violation makes the run exit 1
  scorm-tester batch <path>... [--list file] [--jobs N] [--shard i/n] [--resume state.json] [--json]
                          [--junit out.xml] [--html dir] [--level basic|strict|pedantic]
                          [--package-timeout-ms N] [--force] [--quiet] and the run flags [--viewport ...]
                          [--settle-ms N] [--timeout-ms N] [--allow-network] [--allow-loopback]
                          [--memory-budget-mb N] [--nav ...] [--a11y] [--a11y-level ...] [--browser-ws URL ...]
                          validate each package and run its SCOs; <path> is a package, a folder of
                          packages or @list.txt (see docs/batch.md); exit 1 if any package fails or errors
  scorm-tester merge-reports <report.json>... [--json] [--junit out.xml] [--html dir] [--force] [--quiet]
                          join the --json reports of batch shards into one
  scorm-tester conformance --cts-dir <dir> [--case ID|FAMILY ...] [--json] [--browser] [--compare] [--quiet]
                          replay ADL's SCORM 2004 LMS conformance scripts (exit 0 all passed, 1 some failed)
  scorm-tester inspect <path> [--open] [--port N] [--mode content_edit|debug_api|validate_live|sequence_test]
                              [--no-runtime] [--auto-validate]
                          serve the inspector (a local web UI on the running course) on 127.0.0.1 and
                          print its URL; runs until Ctrl+C
  scorm-tester mcp            serve MCP over stdio (same as npm run mcp)
  scorm-tester --version | --help

<path> is a course folder, its imsmanifest.xml, or a .zip package.
On a terminal, a progress line on stderr shows how far the command got (--quiet or machine output
on stdout turns it off; SCORM_TESTER_PROGRESS=on|off overrides). Ctrl-C stops between steps (exit 130).
--output takes the format's extension (.txt/.log, .json, .sarif, .xml), --report .html, --screenshot .png.
An existing file is replaced only when scorm-tester wrote it; --force replaces any regular file.
Exit codes: 0 no errors, 1 errors found (validate) or the course ran with problems (run),
2 could not run (e.g. the path does not exist, no browser).`;

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  // Each command is loaded on use: `validate` must not pay for the browser runtime, nor `run` for the reports.
  validate: async (args) => (await import('./commands/validate.js')).validateCommand(args),
  run: async (args) => (await import('./commands/run.js')).runCommand(args),
  batch: async (args) => (await import('./commands/batch.js')).batchCommand(args),
  'merge-reports': async (args) => (await import('./commands/merge-reports.js')).mergeReportsCommand(args),
  conformance: async (args) => (await import('./commands/conformance.js')).conformanceCommand(args),
  inspect: async (args) => (await import('./commands/inspect.js')).inspectCommand(args),
  mcp: async (args) => {
    if (args.length > 0) throw new CliUsageError(`"mcp" takes no arguments (got ${args[0]})`);
    const { runMcpServer } = await import('../mcp/run-server.js');
    await runMcpServer();
    return new Promise<number>(() => undefined); // serves until stdin closes
  },
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE + '\n');
    return command ? 0 : EXIT_CANNOT_RUN;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(VERSION + '\n');
    return 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    throw new CliUsageError(
      command.startsWith('-') ? `unknown option ${command}` : `unknown command "${command}"`,
    );
  }
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (options.includes('--help') || options.includes('-h')) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  return run(rest);
}

// Output piped into `head` and the like: a closed pipe ends the command quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof CliUsageError) {
    process.stderr.write(`scorm-tester: ${error.message}. Run "scorm-tester --help" for usage.\n`);
  } else if (isScormTesterError(error) && error.code === 'CANCELLED') {
    process.stderr.write('scorm-tester: interrupted (Ctrl-C).\n');
    process.exitCode = EXIT_INTERRUPTED;
  } else if (isScormTesterError(error)) {
    const texts = error.details?.course_text as CourseTexts | undefined;
    const lines = [`scorm-tester: ${error.code}: ${error.message}`, ...courseTextLines(texts, '  ')];
    process.stderr.write(`${lines.join('\n')}\n`);
  } else {
    process.stderr.write(
      `scorm-tester: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exitCode ??= EXIT_CANNOT_RUN;
}
