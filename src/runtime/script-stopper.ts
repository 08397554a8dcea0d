/**
 * Stops a course's running script through DevTools (Runtime.terminateExecution answers even when the
 * page is stuck) and tells a stuck script from a slow renderer (see main-thread-probe).
 */
import type { Frame, Page } from 'playwright-core';
import { TIMEOUT, within } from '../core/within.js';
import { probeMainThread, type MainThreadProbe } from './main-thread-probe.js';
import type { PlayerChannel } from './player-channel.js';
import type { ScriptTerminated } from './records.js';
import type { RuntimeLifecycle } from './runtime-lifecycle.js';
import type { RuntimeLog } from './runtime-log.js';

/** How long opening a DevTools session, or the terminate through it, may take. */
const SESSION_WAIT_MS = 2_000;

export class ScriptStopper {
  constructor(
    private readonly lifecycle: RuntimeLifecycle,
    private readonly channel: PlayerChannel,
    private readonly log: RuntimeLog,
    private readonly playerPage: () => Page,
  ) {}

  /** Whether the page's main thread answers, runs a script without returning, or is busy otherwise. */
  async probe(): Promise<MainThreadProbe> {
    if (this.lifecycle.state !== 'open') return { state: 'busy' };
    return probeMainThread(this.channel.cdp);
  }

  /**
   * Stops the script running in each frame of the player page, out-of-process frames (the SCO's, from
   * another origin) through their own DevTools session: a frame stuck in a loop keeps its renderer busy
   * even after its context is closed. Not recorded: the run is being given up.
   */
  async stopEveryFrame(): Promise<void> {
    if (this.lifecycle.state !== 'open') return;
    const page = this.playerPage();
    await Promise.all(
      // A frame in its parent's process has no session of its own: the page's stop covers it.
      page.frames().map((frame) => this.terminate(frame === page.mainFrame() ? null : frame)),
    );
  }

  /** Stops the script running in the player page (or in `page`, a window the SCO opened); recorded as script_terminated. */
  async stop(operation: string, reason: ScriptTerminated['reason'], page?: Page): Promise<void> {
    if (this.lifecycle.state !== 'open') return;
    if (!(await this.terminate(page && page !== this.playerPage() ? page : null))) return;
    this.log.emit('script_terminated', { reason, operation, timestamp: Date.now() });
    // Records queued by the stopped task never reached their microtask flush; fetch them now.
    await within(
      this.channel.control<number>('flush').then(
        (seq) => this.log.waitForSeq(seq),
        () => undefined,
      ),
      1_000,
    );
  }

  /**
   * Runtime.terminateExecution through the runtime's own session, or (for `target`, a frame in another
   * process or a window the SCO opened) through a session of its own; false when none could be opened.
   */
  private async terminate(target: Page | Frame | null): Promise<boolean> {
    const own = this.channel.cdp;
    const session = target
      ? await within(
          this.playerPage()
            .context()
            .newCDPSession(target)
            .catch(() => null),
          SESSION_WAIT_MS,
        )
      : own;
    if (!session || session === TIMEOUT) return false;
    await within(
      session.send('Runtime.terminateExecution').catch(() => undefined),
      SESSION_WAIT_MS,
    );
    if (session !== own) void session.detach().catch(() => undefined);
    return true;
  }
}
