/**
 * The runtime's DevTools session on the player page: the binding the player streams its record through,
 * Node's handle on the player's control object, and the calls made through that handle.
 */
import type { CDPSession, Page } from 'playwright-core';
import { fail } from '../core/errors.js';
import type { LeasedContext } from './browser-pool.js';
import { controlAnswer, type CallFunctionOnResult } from './control-answer.js';
import type { ExceptionDetails, ParseErrorLocations } from './parse-error-locations.js';
import { PLAYWRIGHT_BINDING } from './websocket-binding-calls.js';
import { CONTROL_MARKER, EMIT_BINDING, STOP_MARKER, type ControlMethod } from './player/wire.js';
import { expandFlatBatch, type WireBatch } from './records.js';
import type { RuntimeLifecycle } from './runtime-lifecycle.js';
import type { RuntimeLog } from './runtime-log.js';
import { guardTopNavigation } from './top-navigation-guard.js';

export class PlayerChannel {
  private session!: CDPSession;
  /** The player's main-world context: the only one whose binding calls are the record. */
  private playerContextId: number | null = null;
  /** Node's handle on the player's control object (handed over by a console event; no global reaches it). */
  private controlId: string | null = null;

  constructor(
    private readonly lease: LeasedContext,
    private readonly log: RuntimeLog,
    private readonly lifecycle: RuntimeLifecycle,
    private readonly parseErrors: ParseErrorLocations,
  ) {}

  /** The session itself, for the runtime's own DevTools commands (screenshots, emulation, script stops). */
  /** Told of each call of Playwright's CDP binding on the player page (set by the runtime). */
  onAutomationBinding: (payload: string) => void = () => undefined;

  get cdp(): CDPSession {
    return this.session;
  }

  /**
   * Opens the CDP session the player streams its record through: the binding (added before the player
   * loads; the player takes the function off its window at once), the control object the player hands
   * over at boot through console.debug, before any course code runs (its context becomes the only one
   * whose batches are the record: CDP installs the binding in every frame, the SCO's included), and the
   * watch on the player's document. `claimed` runs once the control object is in hand.
   */
  async connect(page: Page, claimed: () => void): Promise<void> {
    this.session = await this.lease.context.newCDPSession(page);
    this.session.on(
      'Runtime.consoleAPICalled',
      (e: {
        type: string;
        args: Array<{ value?: unknown; objectId?: string }>;
        executionContextId: number;
      }) => {
        const handle = e.args[1]?.objectId;
        if (this.controlId !== null || e.type !== 'debug' || e.args[0]?.value !== CONTROL_MARKER || !handle)
          return;
        this.controlId = handle;
        this.playerContextId = e.executionContextId;
        claimed();
      },
    );
    this.session.on(
      'Runtime.bindingCalled',
      (e: { name: string; payload: string; executionContextId: number }) => {
        if (e.name === PLAYWRIGHT_BINDING) {
          this.onAutomationBinding(e.payload);
          return;
        }
        if (e.name !== EMIT_BINDING || e.executionContextId !== this.playerContextId) return;
        if (e.payload.startsWith(STOP_MARKER)) {
          this.lifecycle.stopTampered(e.payload.slice(STOP_MARKER.length));
          return;
        }
        let batch: WireBatch;
        try {
          batch = expandFlatBatch(e.payload);
        } catch {
          return;
        }
        this.log.ingest(batch);
      },
    );
    this.session.on('Runtime.exceptionThrown', (e: { exceptionDetails: ExceptionDetails }) =>
      this.parseErrors.exception(page, e.exceptionDetails),
    );
    this.session.on('Runtime.executionContextDestroyed', (e: { executionContextId: number }) => {
      if (e.executionContextId !== this.playerContextId) return;
      this.lifecycle.playerDocumentReplaced();
    });
    await Promise.all([
      this.session.send('Runtime.enable'),
      this.session.send('Runtime.addBinding', { name: EMIT_BINDING }),
      // Playwright's own binding, added again for this session: every call of it is heard here too.
      this.session.send('Runtime.addBinding', { name: PLAYWRIGHT_BINDING }),
      // Enabled now: a page that stops answering may not take the command later (see main-thread-probe).
      this.session.send('Performance.enable'),
      guardTopNavigation(this.session, this.log, () => this.lifecycle.playerLoaded),
    ]);
  }

  /**
   * Calls a function of the player's control object through Node's handle: its one argument goes as
   * JSON text, passed positionally, and its answer comes back as JSON text (see player/wire.ts). No
   * spread, iteration or lookup on the course's realm lies on the way: a course can replace
   * Array.prototype[Symbol.iterator] there.
   */
  async control<T = unknown>(method: ControlMethod, arg?: unknown): Promise<T> {
    if (this.controlId === null) fail('RUNTIME_NOT_OPEN', 'The player page has not started.');
    const res = (await this.session.send('Runtime.callFunctionOn', {
      objectId: this.controlId,
      functionDeclaration: `function (text) { return this.${method}(text); }`,
      arguments: arg === undefined ? [] : [{ value: JSON.stringify(arg) }],
      returnByValue: true,
    })) as CallFunctionOnResult;
    return controlAnswer<T>(res);
  }
}
