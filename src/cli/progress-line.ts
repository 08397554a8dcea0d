/**
 * The CLI's progress: one line on stderr, rewritten in place (`[3/12] scanning content/p3.html`), shown
 * only on a terminal and never when the command is quiet or prints machine output to stdout. stdout is
 * never touched. SCORM_TESTER_PROGRESS=on|off overrides the terminal check (on: draw it even when stderr
 * is not a terminal, as the tests do; off: never).
 */
import type { Progress, ProgressUpdate } from '../core/progress.js';

/** Control characters (C0, DEL, C1): a file name from a course must not drive the user's terminal. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;
const CLEAR_TO_END = '\u001b[K';
const MIN_INTERVAL_MS = 100;

/** `[done/total] message` (or `[done] message` when the total is not known), within `width` columns. */
export function formatProgress(update: ProgressUpdate, width = 80): string {
  const count = update.total === undefined ? `[${update.done}]` : `[${update.done}/${update.total}]`;
  const message = (update.message ?? '').replace(CONTROL_CHARS, '?');
  const line = message ? `${count} ${message}` : count;
  const room = Math.max(count.length, width - 1);
  return line.length > room ? `${line.slice(0, room - 1)}…` : line;
}

export interface ProgressSwitch {
  /** --quiet, or machine output (--json, --format json|sarif|junit) going to stdout. */
  quiet: boolean;
  isTTY: boolean;
  /** SCORM_TESTER_PROGRESS. */
  env?: string | undefined;
}

export function progressEnabled({ quiet, isTTY, env }: ProgressSwitch): boolean {
  if (quiet || env === 'off') return false;
  return env === 'on' || isTTY;
}

interface Terminal {
  write(text: string): unknown;
  columns?: number | undefined;
}

/** The updating line. `update` is throttled (the final step always shows); `clear` removes the line. */
export class ProgressLine {
  private shown = false;
  private lastAt = 0;

  constructor(private readonly out: Terminal) {}

  readonly update: Progress = (update) => {
    const now = Date.now();
    const final = update.total !== undefined && update.done >= update.total;
    if (!final && now - this.lastAt < MIN_INTERVAL_MS) return;
    this.lastAt = now;
    this.out.write(`\r${formatProgress(update, this.out.columns ?? 80)}${CLEAR_TO_END}`);
    this.shown = true;
  };

  /** Prints a line that stays (e.g. a case verdict) above the progress line. */
  log(line: string): void {
    this.clear();
    this.out.write(`${line}\n`);
  }

  clear(): void {
    if (!this.shown) return;
    this.out.write(`\r${CLEAR_TO_END}`);
    this.shown = false;
  }
}

/** The progress line of a CLI command on stderr, or null when it is not to be shown. */
export function stderrProgress(quiet: boolean): ProgressLine | null {
  const enabled = progressEnabled({
    quiet,
    isTTY: process.stderr.isTTY === true,
    env: process.env.SCORM_TESTER_PROGRESS,
  });
  return enabled ? new ProgressLine(process.stderr) : null;
}

/**
 * An AbortSignal that fires on Ctrl-C (SIGINT) while `run` works, so long commands stop between steps
 * and report what they did; a second Ctrl-C ends the process at once.
 */
export async function withInterrupt<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error('interrupted (SIGINT)'));
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await run(controller.signal);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}
