/** The windows a SCO opened: known from their first moment, loading until they fire load, closed when the SCO leaves. */
import type { BrowserContext, Page } from 'playwright-core';
import { fail } from '../core/errors.js';
import { TIMEOUT, within } from '../core/within.js';
import type { RuntimeLog } from './runtime-log.js';
import type { ScriptStopper } from './script-stopper.js';

/** How long the windows a SCO opened may take to close (their unload handlers run). */
const POPUP_CLOSE_MS = 5_000;

export class PopupWindows {
  private readonly open = new Set<Page>();
  /** Popups the course opened whose document has not fired load. */
  private readonly loading = new Set<Page>();
  /** Windows the course opened since the runtime started, closed or not. */
  private openedTotal = 0;

  constructor(
    private readonly log: RuntimeLog,
    private readonly stopper: ScriptStopper,
    private readonly playerPage: () => Page | undefined,
  ) {}

  /** Starts tracking the pages the context opens besides the player. */
  watch(context: BrowserContext): void {
    context.on('page', (p) => this.onPopup(p));
  }

  /** How many windows the course has opened so far (an action compares it before and after). */
  get opened(): number {
    return this.openedTotal;
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
    this.loading.add(page);
    const loaded = (): void => void this.loading.delete(page);
    page.waitForLoadState('load').then(loaded, loaded);
    page.on('close', () => {
      this.open.delete(page);
      loaded();
    });
    this.log.emit('popup', { url: page.url(), timestamp: Date.now() });
  }
}
