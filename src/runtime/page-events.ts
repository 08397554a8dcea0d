/**
 * What the course's pages say outside the API: console messages, uncaught errors (with the file of a
 * script that does not parse), blocked navigations and dialogs (answered by the session's policy).
 * Listened to context-wide, so nothing a popup does early is missed before its page is known.
 */
import type { BrowserContext, ConsoleMessage, Dialog, Page } from 'playwright-core';
import { blockedNavigation, isSandboxNote } from './chromium-console-text.js';
import type { DialogPolicy } from './course-runtime-spec.js';
import type { NetworkRecorder } from './network-recorder.js';
import type { ParseErrorLocations } from './parse-error-locations.js';
import { DIALOG_LOOP_MARKER, dialogGuardScript } from './player/dialog-guard.js';
import { CONTROL_MARKER } from './player/wire.js';
import type { ConsoleEntry } from './records.js';
import type { RuntimeLog } from './runtime-log.js';
import type { ScriptStopper } from './script-stopper.js';

export class PageEvents {
  constructor(
    private readonly log: RuntimeLog,
    private readonly network: NetworkRecorder,
    private readonly stopper: ScriptStopper,
    private readonly parseErrors: ParseErrorLocations,
    private readonly dialogs: DialogPolicy,
    private readonly playerPage: () => Page | undefined,
  ) {}

  /** The dialog guard (stops a dialog loop); resolves once it is in place. */
  guard(context: BrowserContext): Promise<unknown> {
    return context.addInitScript({ content: dialogGuardScript() });
  }

  /** Starts listening to the context's console, errors and dialogs. */
  listen(context: BrowserContext): void {
    context.on('console', (msg) => this.onConsole(msg));
    context.on('weberror', (e) => this.onPageError(e.error(), e.page(), e.location()));
    context.on(
      'dialog',
      (dialog) => void this.onDialog(dialog, dialog.page() === this.playerPage() ? 'sco' : 'popup'),
    );
  }

  private onConsole(msg: ConsoleMessage): void {
    const text = msg.text();
    // Chromium's note about our own sandbox attribute, and the player's hand-over (see PlayerChannel):
    // not something the course did.
    if (isSandboxNote(text)) return;
    if (text.startsWith(CONTROL_MARKER) && msg.page() === this.playerPage()) return;
    const page = msg.page();
    if (this.network.noticeWebRtc(text)) return;
    if (text.startsWith(DIALOG_LOOP_MARKER)) {
      // Dialogs are now suppressed, so the loop is a plain busy loop that can be stopped.
      void this.stopper.stop('a dialog loop', 'dialog_loop', page ?? undefined);
      return;
    }
    const loc = msg.location();
    const url = loc.url || null;
    const origin = this.originOf(page, url);
    this.log.addConsole({
      type: msg.type(),
      text,
      source: 'console',
      url,
      line: loc.lineNumber ?? null,
      column: loc.columnNumber ?? null,
      origin,
      timestamp: Date.now(),
    });
    this.noticeBlockedNavigation(text);
    this.network.noticeRefusedLoad(text, url);
  }

  /** Who a console message or page error came from: a popup, our player page, or the SCO. */
  private originOf(page: Page | null, url: string | null): ConsoleEntry['origin'] {
    if (page && page !== this.playerPage()) return 'popup';
    return url && this.network.isPlayerUrl(url) ? 'player' : 'sco';
  }

  private onPageError(
    error: Error,
    page: Page | null,
    at: { url: string; line: number; column: number },
  ): void {
    const url = at.url || null;
    const entry: ConsoleEntry = {
      type: 'error',
      text: error.message,
      source: 'pageerror',
      url,
      line: url ? at.line : null,
      column: url ? at.column : null,
      origin: this.originOf(page, url),
      timestamp: Date.now(),
      ...(error.stack ? { stack: error.stack } : {}),
      ...(error.name ? { name: error.name } : {}),
    };
    // A script that does not parse has no stack: its file comes from our CDP session (see PlayerChannel).
    const player = this.playerPage();
    if (!url && player && page === player) this.parseErrors.entry(player, entry);
    this.log.addConsole(entry);
    this.noticeBlockedNavigation(error.message);
  }

  private noticeBlockedNavigation(text: string): void {
    const blocked = blockedNavigation(text);
    if (blocked?.kind === 'top_window') {
      this.log.addNavigationBlocked({
        url: null,
        message:
          'The SCO tried to navigate the top-level window (e.g. top.location = ...); the browser blocked it.',
        timestamp: Date.now(),
      });
      return;
    }
    const last = this.log.navigationBlocked[this.log.navigationBlocked.length - 1];
    if (blocked?.kind === 'target' && last && last.url === null && Date.now() - last.timestamp < 2_000)
      last.url = blocked.url;
  }

  private async onDialog(dialog: Dialog, origin: 'sco' | 'popup'): Promise<void> {
    const type = dialog.type() as 'alert' | 'confirm' | 'prompt' | 'beforeunload';
    const policy = this.dialogs;
    const accept = type === 'confirm' ? policy.confirm !== false : true;
    const promptText = type === 'prompt' ? (policy.prompt ?? dialog.defaultValue()) : undefined;
    this.log.addDialog({
      type,
      message: dialog.message(),
      defaultValue: dialog.defaultValue(),
      accepted: accept,
      ...(promptText !== undefined ? { promptText } : {}),
      origin,
      timestamp: Date.now(),
    });
    try {
      if (accept) await dialog.accept(promptText);
      else await dialog.dismiss();
    } catch {
      // Already handled or the page is gone.
    }
  }
}
