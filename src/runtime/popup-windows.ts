/** The windows a SCO opened: known from their first moment, loading until they fire load, closed when the SCO leaves. */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { fail } from '../core/errors.js';
import { TIMEOUT, within } from '../core/within.js';
import type { RuntimeLog } from './runtime-log.js';
import type { ScriptStopper } from './script-stopper.js';

/** How long the windows a SCO opened may take to close (their unload handlers run). */
const POPUP_CLOSE_MS = 5_000;

export class PopupWindows {
  /** In the order they opened: the last is the window a learner looks at. */
  private readonly open = new Set<Page>();
  /** The DevTools session of each open window, for the runtime's own commands there (screenshots, emulation). */
  private readonly sessions = new Map<Page, Promise<CDPSession>>();
  /** Popups the course opened whose document has not fired load. */
  private readonly loading = new Set<Page>();
  /** Windows the course opened since the runtime started, closed or not. */
  private openedTotal = 0;
  /**
   * Windows the course asked the browser for (Page.windowOpen, sent while window.open runs, so before the
   * click that called it returns); each reaches the context as a page a moment later.
   */
  private requestedTotal = 0;
  private readonly arrivals = new Set<() => void>();

  constructor(
    private readonly log: RuntimeLog,
    private readonly stopper: ScriptStopper,
    private readonly playerPage: () => Page | undefined,
  ) {}

  /** Starts tracking the pages the context opens besides the player. */
  watch(context: BrowserContext, player: Page): void {
    context.on('page', (p) => this.onPopup(p));
    void this.hearOpens(context.newCDPSession(player));
  }

  /** How many windows the course has asked the browser to open so far. */
  get requested(): number {
    return this.requestedTotal;
  }

  /**
   * Resolves once `count` windows have reached the context (at once when they have), or after `ms`: a
   * window asked for is known as a page only after the browser has set it up.
   */
  async arrived(count: number, ms: number): Promise<void> {
    if (this.openedTotal >= count) return;
    let done!: () => void;
    const check = (): void => {
      if (this.openedTotal >= count) done();
    };
    const reached = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.arrivals.add(check);
    try {
      await within(reached, ms);
    } finally {
      this.arrivals.delete(check);
    }
  }

  private async hearOpens(session: Promise<CDPSession>): Promise<void> {
    try {
      const s = await session;
      s.on('Page.windowOpen', () => void this.requestedTotal++);
      await s.send('Page.enable');
    } catch {
      // A window closed at once, or the browser is going: its opens are counted when they reach the context.
    }
  }

  /** How many windows the course has opened so far (an action compares it before and after). */
  get opened(): number {
    return this.openedTotal;
  }

  /** The window the course opened last that is still open: where a learner goes on; undefined when none is. */
  get newest(): Page | undefined {
    let last: Page | undefined;
    for (const p of this.open) if (!p.isClosed()) last = p;
    return last;
  }

  /** A DevTools session of one of the windows the course opened (made once per window). */
  sessionOf(page: Page): Promise<CDPSession> {
    let session = this.sessions.get(page);
    if (!session) {
      session = page.context().newCDPSession(page);
      session.catch(() => this.sessions.delete(page));
      this.sessions.set(page, session);
    }
    return session;
  }

  /** True while a popup the course opened has not loaded. */
  get anyLoading(): boolean {
    return this.loading.size > 0;
  }

  /** Closes the windows the SCO opened (their unload handlers run), within POPUP_CLOSE_MS. */
  async closeAll(): Promise<void> {
    const open = [...this.open].reverse();
    if (open.length === 0) return;
    const closed = await within(
      Promise.all(open.map((p) => p.close().catch(() => undefined))),
      POPUP_CLOSE_MS,
    );
    if (closed !== TIMEOUT) return;
    const stuck = open.filter((p) => !p.isClosed());
    for (const p of stuck) await this.stopper.stop("closing the SCO's window", 'timeout', p);
    fail(
      'COURSE_TIMEOUT',
      `The window the SCO opened (${stuck.map((p) => p.url().slice(0, 200)).join(', ')}) did not close within ${POPUP_CLOSE_MS} ms: ` +
        'its unload handler appears to be stuck. Its script was stopped.',
      { operation: "closing the SCO's window", timeoutMs: POPUP_CLOSE_MS },
    );
  }

  private onPopup(page: Page): void {
    if (page === this.playerPage() || this.open.has(page)) return;
    this.open.add(page);
    this.openedTotal++;
    for (const check of [...this.arrivals]) check();
    void this.hearOpens(this.sessionOf(page));
    this.loading.add(page);
    const loaded = (): void => void this.loading.delete(page);
    page.waitForLoadState('load').then(loaded, loaded);
    page.on('close', () => {
      this.open.delete(page);
      this.sessions.delete(page);
      loaded();
    });
    this.log.emit('popup', { url: page.url(), timestamp: Date.now() });
  }
}
