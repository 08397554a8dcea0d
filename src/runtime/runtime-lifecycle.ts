/**
 * The state of one runtime's browser context: starting, open, crashed (with why) or closed. Every page
 * wait races `crashed`, so a dead browser ends it at once with BROWSER_CRASHED; anything that replaces
 * the player page or its document is a crash too, because the SCORM API and the record go with it.
 */
import type { Page } from 'playwright-core';
import { fail, isScormTesterError, ScormTesterError, type ErrorCode } from '../core/errors.js';
import type { LeasedContext } from './browser-pool.js';
import { tamperedDetail } from './control-answer.js';
import type { RuntimeLog } from './runtime-log.js';

export type RuntimeState = 'starting' | 'open' | 'crashed' | 'closed';

export class RuntimeLifecycle {
  state: RuntimeState = 'starting';
  /** Set once the player page has been navigated to: from then on leaving it is a crash. */
  playerLoaded = false;
  private reason: string | null = null;
  private crashReject!: (e: ScormTesterError) => void;
  /** Rejects with BROWSER_CRASHED when the runtime crashes; raced against every page wait. */
  readonly crashed: Promise<never>;

  constructor(
    private readonly log: RuntimeLog,
    private readonly lease: LeasedContext,
    private readonly scoId: string,
  ) {
    this.crashed = new Promise<never>((_, reject) => {
      this.crashReject = reject;
    });
    this.crashed.catch(() => undefined);
  }

  /** Why the runtime stopped as a crash (null while it runs). */
  get crashReason(): string | null {
    return this.reason;
  }

  /** Watches the player page for whatever takes it, or the SCO frame in it, away. */
  watchPlayerPage(page: Page, playerUrl: string): void {
    // The sandbox keeps the SCO from navigating the top window; if anything still replaces the
    // player, the API objects are gone with it and the runtime cannot go on.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && this.playerLoaded && !frame.url().startsWith(playerUrl)) {
        this.log.addNavigationBlocked({
          url: frame.url(),
          message: 'The player page was navigated away; the SCORM API went with it.',
          timestamp: Date.now(),
        });
        // Where it went is the course's choice: it stays in the navigation record, out of our sentence.
        this.markCrashed('the player page was navigated away (where to is in the blocked navigations)');
      }
    });
    page.on('framedetached', (frame) => {
      if (frame.parentFrame() !== page.mainFrame() || this.state !== 'open') return;
      // A frame the course added to the player page is removed by the player (code-lock.ts): the SCO
      // frame is gone only when no frame is left in the page.
      if (page.mainFrame().childFrames().length > 0) return;
      this.log.addNavigationBlocked({
        url: null,
        message: 'The SCO frame was removed from the player page (e.g. document.open/write on the player).',
        timestamp: Date.now(),
      });
      this.markCrashed('the SCO frame was removed from the player page');
    });
    // A dying browser takes its pages first: whether it is still there decides whose failure it was.
    page.on('crash', () => void this.markGoneOr('the page renderer crashed (out of memory or killed)'));
    page.on('close', () => {
      if (this.state !== 'open' && this.state !== 'starting') return;
      void this.markGoneOr('the player page was closed');
    });
  }

  /** The player's document was replaced under it (its execution context destroyed). */
  playerDocumentReplaced(): void {
    if (this.state !== 'open') return;
    this.log.addNavigationBlocked({
      url: null,
      message: 'The player document was replaced (navigated or reloaded); the SCORM API went with it.',
      timestamp: Date.now(),
    });
    this.markCrashed('the player document was replaced (navigated or reloaded)');
  }

  ensureUsable(): void {
    if (this.state === 'crashed') {
      fail(
        'BROWSER_CRASHED',
        `This runtime's browser page is gone: ${this.reason}. Close this runtime and open the course again; ` +
          'a new browser starts automatically.',
      );
    }
    if (this.state === 'closed')
      fail('RUNTIME_NOT_OPEN', 'This runtime has been closed; open the course again.');
  }

  /**
   * The player found a change to its realm it could not undo: from now on the record could be bent, so
   * the run stops here, as a crash does, with the reason (what was recorded so far stays readable).
   */
  stopTampered(payload: string): void {
    const what = tamperedDetail(payload);
    // The record's own report of it was encoded through the bent prototype: it is written here too.
    this.log.addIntegrity({
      kind: 'intrinsic_replaced',
      detail: what,
      runStopped: true,
      scoId: this.log.currentScoId ?? this.scoId,
      attempt: this.log.currentAttempt,
      timestamp: Date.now(),
    });
    this.markCrashed(
      `the course changed the player's realm in a way the player could not undo (${what}); ` +
        'its record could no longer be trusted, so the run was stopped',
    );
  }

  /**
   * Stops the run as the browser's failure when its browser is gone (killed, disconnected or not
   * answering); a browser that answers leaves the state as it is.
   */
  async checkBrowser(): Promise<void> {
    if (this.state === 'closed' || this.state === 'crashed') return;
    if (await this.lease.browserGone()) this.markCrashed(this.lease.lostReason);
  }

  /** After the page went: the browser's loss when the browser is gone, else `reason` (the page alone). */
  private async markGoneOr(reason: string): Promise<void> {
    await this.checkBrowser();
    this.markCrashed(reason);
  }

  markCrashed(reason: string): void {
    if (this.state === 'closed' || this.state === 'crashed') return;
    this.state = 'crashed';
    this.reason = reason;
    const err = new ScormTesterError(
      'BROWSER_CRASHED',
      `This runtime's browser page is gone: ${reason}. Close this runtime and open the course again; ` +
        'a new browser starts automatically.',
    );
    this.crashReject(err);
    this.log.abortWaits(err);
    this.log.emit('crashed', { reason, timestamp: Date.now() });
  }

  /** The error a failed page operation gives: a crash or close when that is what happened, else `fallback`. */
  async translate(err: unknown, what: string, fallback: ErrorCode): Promise<ScormTesterError> {
    if (isScormTesterError(err)) return err;
    const msg = err instanceof Error ? err.message : String(err);
    // The disconnect event can trail the failed call by a long moment on a loaded machine: asked, not waited for.
    if (/closed|crash|disconnected|Target/i.test(msg)) await this.checkBrowser();
    if (this.state === 'crashed') {
      return new ScormTesterError(
        'BROWSER_CRASHED',
        `This runtime's browser page is gone: ${this.reason}. Close this runtime and open the course again.`,
      );
    }
    if (this.state === 'closed')
      return new ScormTesterError('RUNTIME_NOT_OPEN', 'This runtime has been closed.');
    return new ScormTesterError(fallback, `Failed during ${what}: ${(msg.split('\n')[0] ?? msg).trim()}`);
  }
}

/** An unref'd delay: a pending race against it never keeps the process alive (e.g. the CLI after close). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
