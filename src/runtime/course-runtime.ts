/**
 * One running course: an isolated browser context showing our player page, which owns the SCORM API
 * and loads the SCO in an iframe. Everything the SCO does through the API, the console, the network
 * and dialogs is recorded (see RuntimeLog). Every page interaction is bounded: a course too slow to
 * answer gives COURSE_TIMEOUT (and when its script is stuck, the script is stopped so the session stays
 * usable; a slow or starved renderer is left running), a dead browser BROWSER_CRASHED.
 *
 * This class is the façade the rest of the project uses; each job is done by one collaborator: the
 * context's state and crashes (RuntimeLifecycle), the player's DevTools channel (PlayerChannel), the
 * time limit (PageTimeLimit) and script stops (ScriptStopper, MemoryBudgetStop), SCORM calls
 * (ScormCalls) and SCO launches (ScoAttempts), the network record (NetworkRecorder), console, errors
 * and dialogs (PageEvents), popups (PopupWindows), and rendering (Rendering).
 */
import { randomBytes } from 'node:crypto';
import type { Frame, Page } from 'playwright-core';
import { fail, isScormTesterError, ScormTesterError } from '../core/errors.js';
import { cancelledError } from '../core/progress.js';
import { CANCELLED, TIMEOUT, within } from '../core/within.js';
import {
  unknownNavigationOracle,
  type NavigationOracle,
  type NavValiditySnapshot,
} from '../rte/adapter/navigation-oracle.js';
import type { LeasedContext } from './browser-pool.js';
import type { Mount } from './content-server.js';
import {
  DEFAULT_TIMEOUT_MS,
  OPEN_STEPS,
  type LaunchAttemptSpec,
  type OpenCourseSpec,
  type RuntimeStatus,
} from './course-runtime-spec.js';
import type { EgressProxy } from './egress-proxy.js';
import type { MainThreadProbe } from './main-thread-probe.js';
import { MemoryBudgetStop } from './memory-budget-stop.js';
import type { NetworkAccess } from './network-policy.js';
import { NetworkRecorder } from './network-recorder.js';
import { PageEvents } from './page-events.js';
import { PageTimeLimit } from './page-time-limit.js';
import { ParseErrorLocations } from './parse-error-locations.js';
import { PlayerChannel } from './player-channel.js';
import { PopupWindows } from './popup-windows.js';
import type { ApiCallRecord, InitializeState, RuntimeEvents } from './records.js';
import type { RecordedState } from './data-model/recorded-state.js';
import {
  Rendering,
  type CaptureRegion,
  type Screenshot,
  type ScreenshotOptions,
  type ScreenshotView,
  type ViewFormat,
} from './rendering.js';
import { RuntimeLifecycle } from './runtime-lifecycle.js';
import { RuntimeLog } from './runtime-log.js';
import { ScoAttempts } from './sco-attempts.js';
import { ScormCalls } from './scorm-calls.js';
import { ScriptStopper } from './script-stopper.js';
import type { Viewport, ViewportSpec } from './viewport.js';

export * from './course-runtime-spec.js';
export {
  MAX_FULL_PAGE_HEIGHT,
  MAX_SCREENSHOT_EDGE,
  MAX_SHOWN_TILES,
  type Screenshot,
  type ScreenshotOptions,
  type ScreenshotView,
} from './rendering.js';

export class CourseRuntime {
  readonly id = `rt_${randomBytes(6).toString('hex')}`;
  readonly log = new RuntimeLog();
  private page!: Page;
  private readonly unsubscribe: Array<() => void> = [];
  private readonly lifecycle: RuntimeLifecycle;
  private readonly channel: PlayerChannel;
  private readonly stopper: ScriptStopper;
  private readonly limit: PageTimeLimit;
  private readonly memory: MemoryBudgetStop;
  private readonly network: NetworkRecorder;
  private readonly pageEvents: PageEvents;
  private readonly popups: PopupWindows;
  private readonly calls_: ScormCalls;
  private readonly attempts: ScoAttempts;
  private readonly rendering: Rendering;

  constructor(
    private readonly spec: OpenCourseSpec,
    private readonly lease: LeasedContext,
    private readonly mount: Mount,
    viewport: Viewport,
    egress: EgressProxy,
  ) {
    this.log.nextScormAttempt = spec.scormAttempt ?? null;
    const log = this.log;
    const playerPage = (): Page => this.page;
    const parseErrors = new ParseErrorLocations();
    this.lifecycle = new RuntimeLifecycle(log, lease, spec.scoId);
    this.channel = new PlayerChannel(lease, log, this.lifecycle, parseErrors);
    this.stopper = new ScriptStopper(this.lifecycle, this.channel, log, playerPage);
    this.limit = new PageTimeLimit(this.lifecycle, this.stopper, spec.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.memory = new MemoryBudgetStop(this.lifecycle, this.channel, this.stopper, log, spec.scoId);
    this.network = new NetworkRecorder(log, mount, egress, this.networkAccess);
    this.channel.onAutomationBinding = (payload) => this.network.noticeAutomationBinding(payload);
    this.pageEvents = new PageEvents(
      log,
      this.network,
      this.stopper,
      parseErrors,
      spec.dialogs ?? {},
      playerPage,
    );
    this.popups = new PopupWindows(log, this.stopper, playerPage);
    this.calls_ = new ScormCalls(
      spec.scormVersion,
      spec.scoId,
      spec.rte.values,
      spec.navigationOracle ?? unknownNavigationOracle,
      this.channel,
      this.limit,
      log,
      this.lifecycle,
    );
    this.attempts = new ScoAttempts(
      spec,
      mount,
      this.channel,
      this.limit,
      log,
      this.lifecycle,
      this.calls_,
      this.memory,
      this.popups,
    );
    this.rendering = new Rendering(
      viewport,
      this.lifecycle,
      this.channel,
      this.limit,
      () => this.actingFrame(),
      () => {
        const popup = this.popups.newest;
        return popup ? this.popups.sessionOf(popup) : null;
      },
    );
  }

  // ---- read-only views -----------------------------------------------------------------------

  get calls(): readonly ApiCallRecord[] {
    return this.log.calls;
  }
  get consoleMessages(): RuntimeLog['consoleMessages'] {
    return this.log.consoleMessages;
  }
  get networkRequests(): RuntimeLog['networkRequests'] {
    return this.log.networkRequests;
  }
  get initializeState(): InitializeState {
    return this.log.initializeState;
  }
  get viewport(): Viewport {
    return this.rendering.viewport;
  }
  get isOpen(): boolean {
    return this.lifecycle.state === 'open';
  }
  /**
   * True while a file we serve (the player's or the package's) has no answer yet, or a popup the course
   * opened has not loaded: the course is still starting, however quiet its API is.
   */
  get isLoading(): boolean {
    return this.popups.anyLoading || this.network.servedFileLoading;
  }
  /** How many windows the course has opened (window.open, a link to _blank) since the runtime started. */
  get windowsOpened(): number {
    return this.popups.opened;
  }
  /** How many windows the course has asked the browser for (known while the call that opens one runs). */
  get windowsRequested(): number {
    return this.popups.requested;
  }
  /** Waits until `count` windows have reached the browser context, at most `ms`. */
  windowsArrived(count: number, ms: number): Promise<void> {
    return this.popups.arrived(count, ms);
  }
  /** Why the runtime stopped as a crash (null while it runs). */
  get crashedBecause(): string | null {
    return this.lifecycle.crashReason;
  }

  get isCrashed(): boolean {
    return this.lifecycle.state === 'crashed';
  }
  get version(): '1.2' | '2004' {
    return this.spec.scormVersion;
  }
  get allowNetwork(): boolean {
    return this.spec.allowNetwork === true;
  }
  get allowLoopback(): boolean {
    return this.spec.allowLoopback === true;
  }
  get networkAccess(): NetworkAccess {
    return { allowNetwork: this.allowNetwork, allowLoopback: this.allowLoopback };
  }
  /** The folder the course is served from (its imsmanifest.xml's folder). */
  get packageRoot(): string {
    return this.mount.root;
  }

  /** Origin + token prefix the content is served under (for display and URL filtering). */
  get baseUrl(): string {
    return this.mount.baseUrl;
  }
  /** The Playwright page, for DOM tools layered on top (click, fill, query). */
  get playerPage(): Page {
    this.lifecycle.ensureUsable();
    return this.page;
  }

  status(): RuntimeStatus {
    const last = this.log.lastCall;
    return {
      open: this.lifecycle.state === 'open',
      crashed: this.lifecycle.state === 'crashed',
      runtimeId: this.id,
      url: this.log.currentUrl,
      scoId: this.log.currentScoId,
      attempt: this.log.currentAttempt,
      initializeState: this.log.initializeState,
      lastApiMethod: last?.method ?? null,
      lastApiTs: last?.timestamp ?? null,
      callCount: this.log.calls.length,
      viewport: this.rendering.viewport,
      allowNetwork: this.allowNetwork,
      allowLoopback: this.allowLoopback,
    };
  }

  /** Subscribes to a runtime event (see RuntimeEvents); returns the unsubscribe function. */
  on<K extends keyof RuntimeEvents>(event: K, listener: (payload: RuntimeEvents[K]) => void): () => void {
    return this.log.on(event, listener);
  }

  /** The EventEmitter behind on(), for once/off. Payload types: RuntimeEvents. */
  get events(): RuntimeLog['events'] {
    return this.log.events;
  }

  // ---- start-up ------------------------------------------------------------------------------

  /** @internal called by openCourseRuntime */
  async start(openTimeoutMs: number): Promise<void> {
    const { context } = this.lease;
    this.unsubscribe.push(
      this.lease.onCrash((reason) => this.lifecycle.markCrashed(`Chromium died (${reason})`)),
    );
    // A browser that died while the context was being made has no crash event left to send.
    if (context.browser()?.isConnected() === false)
      this.lifecycle.markCrashed(`Chromium died (${this.lease.lostReason})`);
    this.unsubscribe.push(this.network.watchContentServer());
    const setup: Array<Promise<unknown>> = [this.pageEvents.guard(context), ...this.network.guard(context)];
    this.network.record(context);
    this.pageEvents.listen(context);
    // Interception is in place before the first navigation either way; a new page starts at about:blank.
    let page: Page;
    try {
      // Raced with the crash: the set-up calls of a browser that died may never answer. Bounded too: a
      // browser that hangs (a grid node stopped) neither answers nor disconnects.
      const made = await within(
        Promise.race([Promise.all([this.lease.page ?? context.newPage(), ...setup]), this.lifecycle.crashed]),
        openTimeoutMs,
        this.spec.control?.signal,
      );
      if (made === TIMEOUT || made === CANCELLED) {
        await this.lifecycle.checkBrowser();
        this.lifecycle.ensureUsable();
        if (made === CANCELLED) throw cancelledError('open the course');
        fail('INTERNAL_ERROR', `The browser did not open the player's page within ${openTimeoutMs} ms.`);
      }
      [page] = made;
    } catch (err) {
      throw await this.lifecycle.translate(err, 'open the course', 'INTERNAL_ERROR');
    }
    this.lifecycle.ensureUsable();
    this.page = page;
    this.popups.watch(context, page);
    this.lifecycle.watchPlayerPage(page, this.mount.playerUrl);
    // Ready before the player's first line runs (awaited before the navigation, within the open's budget).
    let claimed!: () => void;
    const controlReady = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const bindingReady = this.channel.connect(page, claimed).then(() => {
      const unwatch = this.memory.watch(this.spec.memoryBudgetMb);
      if (unwatch) this.unsubscribe.push(unwatch);
    });
    bindingReady.catch(() => undefined);

    this.lifecycle.state = 'open';
    const scoLoaded = this.log.waitForFrameLoad((url) => url !== 'about:blank' && url !== '');
    const progress = this.spec.control?.progress;
    try {
      await this.limit.run(
        'open the course',
        async () => {
          await bindingReady;
          progress?.({ done: 1, total: OPEN_STEPS, message: 'loading the player page' });
          await this.page.goto(this.mount.playerUrl, { waitUntil: 'commit', timeout: openTimeoutMs });
          this.lifecycle.playerLoaded = true;
          await controlReady;
          progress?.({ done: 2, total: OPEN_STEPS, message: `loading the SCO ${this.spec.launchPath}` });
          await scoLoaded;
        },
        openTimeoutMs,
        'INTERNAL_ERROR',
        this.spec.control?.signal,
      );
      progress?.({ done: OPEN_STEPS, total: OPEN_STEPS, message: 'the SCO has loaded' });
    } catch (err) {
      if (isScormTesterError(err) && err.code === 'COURSE_TIMEOUT' && this.log.launches === 0) {
        const errors = this.log.consoleMessages.filter((m) => m.type === 'error').map((m) => m.text);
        fail(
          'INTERNAL_ERROR',
          `The player page did not start within ${openTimeoutMs} ms${errors.length ? `: ${errors.join('; ')}` : ''}.`,
        );
      }
      if (isScormTesterError(err) && err.code === 'COURSE_TIMEOUT') {
        fail(
          'COURSE_TIMEOUT',
          `The SCO did not finish loading within ${openTimeoutMs} ms: its script appears to run forever ` +
            `(endless loop) or a resource never finished loading. ${this.log.calls.length} API call(s) were ` +
            'recorded before it stopped responding. Fix the loop or raise the open timeout.',
          { calls: this.log.calls.slice(0, 50), callCount: this.log.calls.length },
        );
      }
      throw err;
    }
  }

  // ---- API -----------------------------------------------------------------------------------

  /**
   * Calls the SCORM API as a tool would (recorded with source "tool"). Accepts either version's
   * method names ("GetValue" works on a 1.2 course). Returns the recorded call.
   */
  callApi(method: string, args: unknown[] = []): Promise<ApiCallRecord> {
    return this.calls_.callApi(method, args);
  }

  /** Resolves with the first call to `method` at or after call index `fromIndex` (default: any so far). */
  waitForCall(
    method: string,
    timeoutMs = 10_000,
    fromIndex = 0,
    signal?: AbortSignal,
  ): Promise<ApiCallRecord> {
    return this.calls_.waitForCall(method, timeoutMs, fromIndex, signal);
  }

  /** Every data model element (collections expanded, `_count` included) as the engine holds it now. */
  getDataModel(): Promise<Record<string, string>> {
    return this.calls_.getDataModel();
  }

  /**
   * The current attempt's data model rebuilt from the record alone (launch values plus recorded changes):
   * readable whatever state the page is in, even after the runtime closed or its browser died.
   */
  recordedState(): RecordedState {
    return this.calls_.recordedState();
  }

  /** Replaces the navigation oracle (a sequencer taking over) and gives the SCO its answers. */
  setNavigationOracle(oracle: NavigationOracle): Promise<NavValiditySnapshot | null> {
    return this.calls_.setNavigationOracle(oracle);
  }

  /** Resolves once every call the page has made so far is in the record (initializeState, navRequests, calls). */
  settle(): Promise<void> {
    return this.calls_.settle();
  }

  /**
   * The adl.data buckets of the current SCO as they are now, by target id: the values it was launched
   * with plus what it wrote (for saving them per learner). Readable after Terminate and unload too,
   * until the next launchAttempt.
   */
  readSharedData(): Promise<Record<string, string>> {
    return this.calls_.readSharedData();
  }

  /** The elements the current SCO set itself (SCORM 2004), for the sequencing report; readable until the next launchAttempt. */
  readSetByContent(): Promise<Set<string>> {
    return this.calls_.readSetByContent();
  }

  /** Re-reads the navigation oracle and gives the SCO the new adl.nav.request_valid answers. */
  refreshNavigation(): Promise<NavValiditySnapshot> {
    return this.calls_.refreshNavigation();
  }

  /**
   * Leaves the SCO as a learner closing the window would (see ScoAttempts.unload): its unload handlers,
   * and those of the windows it opened, run and their calls are recorded before this resolves.
   */
  unload(
    options: { closeWindow?: boolean } = {},
  ): Promise<{ initializeState: InitializeState; callCount: number }> {
    return this.attempts.unload(options);
  }

  /** Starts a new attempt (new engine instance) in the same page, e.g. the next SCO or a relaunch. */
  launchAttempt(next: LaunchAttemptSpec): Promise<void> {
    return this.attempts.launchAttempt(next);
  }

  // ---- rendering -----------------------------------------------------------------------------

  screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    return this.rendering.screenshot(options);
  }

  /** A region of the player page (CSS px) as an image, as it is drawn now. */
  captureRegion(region: CaptureRegion, scale: number, format: ViewFormat): Promise<ScreenshotView> {
    return this.rendering.captureRegion(region, scale, format);
  }

  setViewport(spec: ViewportSpec): Promise<Viewport> {
    return this.rendering.setViewport(spec);
  }

  /**
   * The page a learner looks at: the window the course opened last that is still open (a launch page such
   * as Storyline's launcher.html shows the course there), else the player page. The DOM tools act here.
   */
  get actingPage(): Page {
    this.lifecycle.ensureUsable();
    return this.popups.newest ?? this.page;
  }

  /** The URL of the window the course opened that the DOM tools act in, or null when they act in the SCO's frame. */
  get actingWindow(): string | null {
    const popup = this.popups.newest;
    return popup ? popup.url() : null;
  }

  /** The document the DOM tools act in: the main frame of the window the course opened last, else the SCO's frame. */
  async actingFrame(): Promise<Frame> {
    const popup = this.actingPage === this.page ? null : this.actingPage;
    return popup ? popup.mainFrame() : this.scoFrame();
  }

  /** The SCO's frame in the player page. */
  async scoFrame(): Promise<Frame> {
    this.lifecycle.ensureUsable();
    const child = this.page.mainFrame().childFrames()[0];
    if (child) return child;
    const handle = await this.page.$('#sco');
    const frame = handle ? await handle.contentFrame() : null;
    if (!frame) fail('RUNTIME_NOT_OPEN', 'The SCO frame is not loaded.');
    return frame;
  }

  /** Whether the page's main thread answers, runs a script without returning, or is busy otherwise (see main-thread-probe). */
  probeMainThread(): Promise<MainThreadProbe> {
    return this.stopper.probe();
  }

  /**
   * Stops whatever script the page is running now (Runtime.terminateExecution on the runtime's own DevTools
   * session, which answers even when the page is stuck), for DOM tools that bound their own page calls.
   * Recorded as a script_terminated event; the runtime stays usable.
   */
  async stopRunningScript(operation: string): Promise<void> {
    await this.stopper.stop(operation, 'timeout', this.popups.newest);
  }

  // ---- shutdown ------------------------------------------------------------------------------

  /** Closes the context and frees the content mount. Safe to call in any state, more than once. */
  /** Stops the script running in each frame now (a frame stuck in a loop keeps its renderer busy past a close). */
  async stopScripts(): Promise<void> {
    await this.stopper.stopEveryFrame().catch(() => undefined);
  }

  /** Ends a run its caller gave up on: its scripts stopped first, so closing frees its renderer. */
  async abandon(): Promise<void> {
    await this.stopScripts();
    await this.close();
  }

  async close(): Promise<void> {
    if (this.lifecycle.state === 'closed') return;
    const wasCrashed = this.lifecycle.state === 'crashed';
    this.lifecycle.state = 'closed';
    this.log.abortWaits(new ScormTesterError('RUNTIME_NOT_OPEN', 'The runtime was closed.'));
    for (const u of this.unsubscribe.splice(0)) u();
    this.mount.unmount();
    if (!wasCrashed) await within(this.lease.close(), 5_000);
    else void this.lease.close();
  }

  /** Budget for each page interaction. */
  get timeoutMs(): number {
    return this.limit.defaultMs;
  }
}
