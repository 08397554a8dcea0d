/**
 * One running course: an isolated browser context showing our player page, which owns the SCORM API
 * and loads the SCO in an iframe. Everything the SCO does through the API, the console, the network
 * and dialogs is recorded (see RuntimeLog). Every page interaction is bounded: a course too slow to
 * answer gives COURSE_TIMEOUT (and when its script is stuck, the script is stopped so the session stays
 * usable; a slow or starved renderer is left running), a dead browser BROWSER_CRASHED.
 */
import { randomBytes } from 'node:crypto';
import type { CDPSession, ConsoleMessage, Dialog, Frame, Page, Request, Response } from 'playwright-core';
import { fail, isScormTesterError, ScormTesterError, type ErrorCode } from '../core/errors.js';
import { isCancelled, throwIfCancelled, untilCancelled, type WorkControl } from '../core/progress.js';
import { TIMEOUT, within } from '../core/within.js';
import {
  unknownNavigationOracle,
  type NavigationOracle,
  type NavValiditySnapshot,
} from '../rte/adapter/navigation-oracle.js';
import type { RteInit } from '../rte/adapter/rte-init.js';
import { sharedBrowserPool, type BrowserPool, type LeasedContext } from './browser-pool.js';
import { PLAYER_PREFIX, sharedContentServer, type ContentServer, type Mount } from './content-server.js';
import { contextProxy, egressProxy, type EgressProxy } from './egress-proxy.js';
import { measureLayout, type LayoutReport } from './layout/analyze-layout.js';
import { checkLaunchFile } from './launch-check.js';
import {
  checkDestination,
  hasAnyNetwork,
  refusalForUrlHost,
  type NetworkAccess,
  type NetworkBlockReason,
  webRtcRefusals,
} from './network-policy.js';
import { DIALOG_LOOP_MARKER, dialogGuardScript } from './player/dialog-guard.js';
import {
  MAX_REPORTED_URLS,
  MAX_URL_LENGTH,
  WEBRTC_MARKER,
  webRtcAttemptUrls,
  webRtcGuard,
} from './webrtc-guard.js';
import { playerHtml, type PlayerLaunchConfig } from './player/player-page.js';
import {
  CONTROL_MARKER,
  EMIT_BINDING,
  STOP_MARKER,
  type ControlMethod,
  type LaunchSharedData,
} from './player/wire.js';
import { pngSize } from './png.js';
import {
  API_METHODS,
  expandFlatBatch,
  type ApiCallRecord,
  type ConsoleEntry,
  type InitializeState,
  type NetworkEntry,
  type RuntimeEvents,
  type ScriptTerminated,
  type WireBatch,
} from './records.js';
import { ParseErrorLocations, type ExceptionDetails } from './parse-error-locations.js';
import { recordedState, type RecordedState } from './data-model/recorded-state.js';
import { unrecordedSets } from './unrecorded-sets.js';
import { PROBE_WINDOW_MS, probeMainThread, type MainThreadProbe } from './main-thread-probe.js';
import { RuntimeLog } from './runtime-log.js';
import { memoryBudgetBytes, watchMemory } from './memory-budget.js';
import { resolveViewport, type Viewport, type ViewportSpec } from './viewport.js';

export const MAX_SCREENSHOT_EDGE = 1568;
/** Full-page captures stop at this height (CSS px); Chromium cannot rasterise arbitrarily tall pages. */
export const MAX_FULL_PAGE_HEIGHT = 16_384;
const DEFAULT_TIMEOUT_MS = 15_000;

export interface DialogPolicy {
  /** Answer to confirm(): true = OK (default). */
  confirm?: boolean;
  /** Answer to prompt(); default: the prompt's default value. */
  prompt?: string;
}

export interface OpenCourseSpec {
  /** Folder holding imsmanifest.xml (an extracted package). */
  packageRoot: string;
  /** The SCO's launch href relative to the package root, with xml:base applied; may carry ?query#fragment. */
  launchPath: string;
  scormVersion: '1.2' | '2004';
  scoId: string;
  rte: RteInit;
  /** adl.data for the SCO (SCORM 2004): its item's maps and the learner's buckets. */
  sharedData?: LaunchSharedData;
  /** The SCORM attempt of the SCO this launch begins or resumes (anomalies name it); default the launch number. */
  scormAttempt?: number;
  viewport?: ViewportSpec;
  /** Let the course reach public hosts (default: blocked and recorded). Never loopback or private ranges. */
  allowNetwork?: boolean;
  /** Let the course reach this machine's loopback addresses besides our content server (default: blocked). */
  allowLoopback?: boolean;
  /** Budget for each page interaction (default 15 s). */
  timeoutMs?: number;
  /** JavaScript heap budget of the course in MB (default DEFAULT_MEMORY_BUDGET_MB; 0: no budget). */
  memoryBudgetMb?: number;
  /** Budget for the SCO to load when opening (default: timeoutMs). */
  openTimeoutMs?: number;
  navigationOracle?: NavigationOracle;
  dialogs?: DialogPolicy;
  /**
   * Record API calls (default true). Off, the SCO talks to the bare engine: no call records, data
   * changes or initialize state; only for measuring what recording costs.
   */
  recordCalls?: boolean;
  /**
   * After opening, prepare a spare browser context with the same options in the background so the
   * next open is faster (default true).
   */
  warmSpare?: boolean;
  /** Page title of the player (e.g. the course title). */
  title?: string;
  pool?: BrowserPool;
  server?: ContentServer;
  /** Stops the open (CANCELLED, nothing left running) and reports its steps: browser, player, SCO. */
  control?: WorkControl;
  /**
   * Runs when the open is cancelled while the SCO loads, before the runtime closes: the opener saves what
   * the course already set through the API (learner data is never lost to a cancel).
   */
  onCancelledWhileLoading?: (runtime: CourseRuntime) => Promise<void>;
}

/** The steps of an open, for progress: browser context, player page, SCO document. */
const OPEN_STEPS = 3;

export interface ScreenshotOptions {
  /** Capture the SCO's whole document height, scaled to fit MAX_SCREENSHOT_EDGE. */
  fullPage?: boolean;
  /** CSS selector (in the SCO document) that must be visible before capturing. */
  waitForSelector?: string;
  /** How long to wait for the selector (default 5000 ms). */
  waitTimeoutMs?: number;
  /** Pause before capturing (max 30 s). */
  delayMs?: number;
  timeoutMs?: number;
}

export interface Screenshot {
  png: Buffer;
  /** Pixel size of the PNG. */
  width: number;
  height: number;
  /** True when the capture was scaled down to fit MAX_SCREENSHOT_EDGE. */
  scaled: boolean;
  fullPage: boolean;
  /** True when a full-page capture was cut at MAX_FULL_PAGE_HEIGHT. */
  truncated: boolean;
  viewport: Viewport;
}

export interface RuntimeStatus {
  open: boolean;
  crashed: boolean;
  runtimeId: string;
  url: string | null;
  scoId: string | null;
  attempt: number;
  initializeState: InitializeState;
  lastApiMethod: string | null;
  lastApiTs: number | null;
  callCount: number;
  viewport: Viewport;
  allowNetwork: boolean;
  allowLoopback: boolean;
}

export interface LaunchAttemptSpec {
  scoId: string;
  launchPath: string;
  rte: RteInit;
  /** adl.data for the SCO (SCORM 2004): its item's maps and the learner's buckets. */
  sharedData?: LaunchSharedData;
  /** The SCORM attempt of the SCO this launch begins or resumes (anomalies name it); default the launch number. */
  scormAttempt?: number;
}

type State = 'starting' | 'open' | 'crashed' | 'closed';

/** How long the windows a SCO opened may take to close (their unload handlers run). */
const POPUP_CLOSE_MS = 5_000;
/** What Playwright's `serviceWorkers: 'block'` prints when a page tries to register one. */
const SERVICE_WORKER_BLOCKED = 'Service Worker registration blocked by Playwright';

export class CourseRuntime {
  readonly id = `rt_${randomBytes(6).toString('hex')}`;
  readonly log = new RuntimeLog();
  private state: State = 'starting';
  private crashReason: string | null = null;
  private page!: Page;
  private cdp!: CDPSession;
  private currentViewport: Viewport;
  private readonly popups = new Set<Page>();
  private readonly parseErrors = new ParseErrorLocations();
  private readonly unsubscribe: Array<() => void> = [];
  private crashReject!: (e: ScormTesterError) => void;
  private readonly crashed: Promise<never>;
  private playerLoaded = false;
  /** The player's main-world context: the only one whose binding calls are the record. */
  private playerContextId: number | null = null;
  /** Node's handle on the player's control object (handed over by a console event; no global reaches it). */
  private controlId: string | null = null;
  private requestIds = 0;
  private readonly requestEntries = new WeakMap<Request, NetworkEntry>();
  /** Popups the course opened whose document has not fired load. */
  private readonly popupsLoading = new Set<Page>();
  private oracle: NavigationOracle;
  /** The values the current attempt was launched with: the base the record's changes apply to. */
  private launchValues: Readonly<Record<string, string>>;
  /** The attempt whose script the memory budget stopped (scripts stay off until the next launch). */
  private memoryStoppedAttempt: number | null = null;
  /** Page scripts are off because of the memory budget (the player's own included). */
  private scriptsOffForBudget = false;

  constructor(
    private readonly spec: OpenCourseSpec,
    private readonly lease: LeasedContext,
    private readonly mount: Mount,
    viewport: Viewport,
    private readonly egress: EgressProxy,
  ) {
    this.currentViewport = viewport;
    this.oracle = spec.navigationOracle ?? unknownNavigationOracle;
    this.launchValues = spec.rte.values;
    this.log.nextScormAttempt = spec.scormAttempt ?? null;
    this.crashed = new Promise<never>((_, reject) => {
      this.crashReject = reject;
    });
    this.crashed.catch(() => undefined);
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
    return this.currentViewport;
  }
  get isOpen(): boolean {
    return this.state === 'open';
  }
  /**
   * True while a file we serve (the player's or the package's) has no answer yet, or a popup the course
   * opened has not loaded: the course is still starting, however quiet its API is.
   */
  get isLoading(): boolean {
    if (this.popupsLoading.size > 0) return true;
    // The recent end of the network record; a request the browser dropped without a word (its page
    // closed) must not hold a wait for ever.
    const since = Date.now() - LOADING_HOLD_MS;
    const requests = this.log.networkRequests;
    for (let i = requests.length - 1; i >= 0 && requests[i]!.timestamp >= since; i--) {
      const r = requests[i]!;
      if (r.scope !== 'external' && r.statusCode === undefined && r.error === undefined) return true;
    }
    return false;
  }
  /** Why the runtime stopped as a crash (null while it runs). */
  get crashedBecause(): string | null {
    return this.crashReason;
  }

  get isCrashed(): boolean {
    return this.state === 'crashed';
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
  /** Origin + token prefix the content is served under (for display and URL filtering). */
  /** The folder the course is served from (its imsmanifest.xml's folder). */
  get packageRoot(): string {
    return this.mount.root;
  }

  get baseUrl(): string {
    return this.mount.baseUrl;
  }
  /** The Playwright page, for DOM tools layered on top (click, fill, query). */
  get playerPage(): Page {
    this.ensureUsable();
    return this.page;
  }

  status(): RuntimeStatus {
    const last = this.log.lastCall;
    return {
      open: this.state === 'open',
      crashed: this.state === 'crashed',
      runtimeId: this.id,
      url: this.log.currentUrl,
      scoId: this.log.currentScoId,
      attempt: this.log.currentAttempt,
      initializeState: this.log.initializeState,
      lastApiMethod: last?.method ?? null,
      lastApiTs: last?.timestamp ?? null,
      callCount: this.log.calls.length,
      viewport: this.currentViewport,
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
    this.unsubscribe.push(this.lease.onCrash((reason) => this.markCrashed(`Chromium died (${reason})`)));
    this.unsubscribe.push(
      this.mount.onRequest((r) => {
        if (r.serviceWorker)
          this.recordBlocked(this.mount.baseUrl + r.path, r.method, 'serviceworker', 'service_worker');
        else if (r.status === 404 && !r.path.startsWith(PLAYER_PREFIX)) this.log.addMissingFile(r.path);
      }),
    );
    const setup: Array<Promise<unknown>> = [
      context.addInitScript({ content: dialogGuardScript() }),
      context.addInitScript(webRtcGuard, {
        marker: WEBRTC_MARKER,
        maxUrls: MAX_REPORTED_URLS,
        maxLength: MAX_URL_LENGTH,
      }),
      // WebSockets are judged here too, so a refused one is recorded; the proxy would refuse it anyway.
      context.routeWebSocket(
        () => true,
        async (ws) => {
          const reason = await this.webSocketRefusal(ws.url());
          if (!reason) {
            ws.connectToServer();
            return;
          }
          this.recordBlocked(ws.url(), 'GET', 'websocket', reason);
          void ws.close({ code: 1008, reason: `Blocked by SCORM Tester (${reason})` });
        },
      ),
    ];
    context.on('request', (r) => this.onRequest(r));
    context.on('response', (r) => this.onResponse(r));
    context.on('requestfailed', (r) => this.onRequestFailed(r));
    // Context-wide, so nothing a popup does early is missed before its page is known.
    context.on('console', (msg) => this.onConsole(msg));
    context.on('weberror', (e) => this.onPageError(e.error(), e.page(), e.location()));
    context.on(
      'dialog',
      (dialog) => void this.onDialog(dialog, dialog.page() === this.page ? 'sco' : 'popup'),
    );
    // Interception is in place before the first navigation either way; a new page starts at about:blank.
    const [page] = await Promise.all([this.lease.page ?? context.newPage(), ...setup]);
    this.page = page;
    context.on('page', (p) => this.onPopup(p));
    // The sandbox keeps the SCO from navigating the top window; if anything still replaces the
    // player, the API objects are gone with it and the runtime cannot go on.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && this.playerLoaded && !frame.url().startsWith(this.mount.playerUrl)) {
        this.log.addNavigationBlocked({
          url: frame.url(),
          message: 'The player page was navigated away; the SCORM API went with it.',
          timestamp: Date.now(),
        });
        this.markCrashed(`the player page was navigated away to ${frame.url()}`);
      }
    });
    // Ready before the player's first line runs (awaited before the navigation, within the open's budget).
    let claimed!: () => void;
    const controlReady = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const bindingReady = this.connectPlayer(claimed);
    bindingReady.catch(() => undefined);
    page.on('framedetached', (frame) => {
      if (frame.parentFrame() !== page.mainFrame() || this.state !== 'open') return;
      this.log.addNavigationBlocked({
        url: null,
        message: 'The SCO frame was removed from the player page (e.g. document.open/write on the player).',
        timestamp: Date.now(),
      });
      this.markCrashed('the SCO frame was removed from the player page');
    });
    this.page.on('crash', () => this.markCrashed('the page renderer crashed (out of memory or killed)'));
    this.page.on('close', () => {
      if (this.state !== 'open' && this.state !== 'starting') return;
      // When Chromium dies the page closes first; give the disconnect a moment to tell us why.
      setTimeout(() => {
        const browser = this.lease.context.browser();
        this.markCrashed(
          browser && browser.isConnected()
            ? 'the player page was closed'
            : 'the Chromium process exited or was killed',
        );
      }, 100);
    });

    this.state = 'open';
    const scoLoaded = this.log.waitForFrameLoad((url) => url !== 'about:blank' && url !== '');
    const progress = this.spec.control?.progress;
    try {
      await this.bounded(
        'open the course',
        async () => {
          await bindingReady;
          progress?.({ done: 1, total: OPEN_STEPS, message: 'loading the player page' });
          await this.page.goto(this.mount.playerUrl, { waitUntil: 'commit', timeout: openTimeoutMs });
          this.playerLoaded = true;
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

  /**
   * Opens the CDP session the player streams its record through: the binding (added before the player
   * loads; the player takes the function off its window at once), the control object the player hands
   * over at boot through console.debug, before any course code runs (its context becomes the only one
   * whose batches are the record: CDP installs the binding in every frame, the SCO's included), and the
   * watch on the player's document.
   */
  private async connectPlayer(claimed: () => void): Promise<void> {
    this.cdp = await this.lease.context.newCDPSession(this.page);
    this.cdp.on(
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
    this.cdp.on(
      'Runtime.bindingCalled',
      (e: { name: string; payload: string; executionContextId: number }) => {
        if (e.name !== EMIT_BINDING || e.executionContextId !== this.playerContextId) return;
        if (e.payload.startsWith(STOP_MARKER)) {
          this.stopTampered(e.payload.slice(STOP_MARKER.length));
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
    this.cdp.on('Runtime.exceptionThrown', (e: { exceptionDetails: ExceptionDetails }) =>
      this.parseErrors.exception(this.page, e.exceptionDetails),
    );
    this.cdp.on('Runtime.executionContextDestroyed', (e: { executionContextId: number }) => {
      if (e.executionContextId !== this.playerContextId || this.state !== 'open') return;
      this.log.addNavigationBlocked({
        url: null,
        message: 'The player document was replaced (navigated or reloaded); the SCORM API went with it.',
        timestamp: Date.now(),
      });
      this.markCrashed('the player document was replaced (navigated or reloaded)');
    });
    await Promise.all([
      this.cdp.send('Runtime.enable'),
      this.cdp.send('Runtime.addBinding', { name: EMIT_BINDING }),
      // Enabled now: a page that stops answering may not take the command later (see main-thread-probe).
      this.cdp.send('Performance.enable'),
    ]);
    // The heap is read with Performance.getMetrics, enabled just above.
    const budget = memoryBudgetBytes(this.spec.memoryBudgetMb);
    if (budget !== null)
      this.unsubscribe.push(watchMemory(this.cdp, budget, (used) => this.overBudget(used, budget)));
  }

  // ---- API -----------------------------------------------------------------------------------

  /**
   * Calls the SCORM API as a tool would (recorded with source "tool"). Accepts either version's
   * method names ("GetValue" works on a 1.2 course). Returns the recorded call.
   */
  async callApi(method: string, args: unknown[] = []): Promise<ApiCallRecord> {
    this.ensureUsable();
    const name = this.resolveMethod(method);
    if (!Array.isArray(args)) fail('INVALID_ARGUMENT', 'args must be an array of values.');
    const res = await this.bounded(`the ${name} call`, () =>
      this.control<{ from?: number; to?: number; threw?: string | null; error?: string }>('callApi', [
        name,
        args,
      ]),
    );
    if (res.error === 'NO_ATTEMPT') fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    if (res.error) fail('INVALID_SCORM_METHOD', `${name} is not available on this API.`);
    await this.bounded('recording the call', () => this.log.waitForSeq(res.to ?? 0));
    let rec: ApiCallRecord | undefined;
    for (let s = res.from ?? 0; s <= (res.to ?? 0); s++) rec = this.log.takeToolCall(s) ?? rec;
    if (res.threw) {
      fail('SCORM_API_ERROR', `The run-time engine threw during ${name}: ${res.threw}`, { record: rec });
    }
    if (!rec) fail('INTERNAL_ERROR', `The ${name} call ran but its record did not arrive.`);
    return rec;
  }

  /** Resolves with the first call to `method` at or after call index `fromIndex` (default: any so far). */
  waitForCall(
    method: string,
    timeoutMs = 10_000,
    fromIndex = 0,
    signal?: AbortSignal,
  ): Promise<ApiCallRecord> {
    this.ensureUsable();
    return Promise.race([this.log.waitForCall(method, timeoutMs, fromIndex, signal), this.crashed]);
  }

  /** Every data model element (collections expanded, `_count` included) as the engine holds it now. */
  async getDataModel(): Promise<Record<string, string>> {
    const dm = await this.bounded('reading the data model', () =>
      this.control<Record<string, string> | null>('dataModel'),
    );
    if (!dm) fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    return dm as Record<string, string>;
  }

  /**
   * The current attempt's data model rebuilt from the record alone (launch values plus recorded changes):
   * readable whatever state the page is in, even after the runtime closed or its browser died.
   */
  recordedState(): RecordedState {
    return recordedState(
      this.launchValues,
      this.log.dataChanges,
      { scoId: this.log.currentScoId ?? this.spec.scoId, attempt: this.log.currentAttempt },
      this.log.dropped.changes,
    );
  }

  /** Replaces the navigation oracle (a sequencer taking over) and gives the SCO its answers. */
  async setNavigationOracle(oracle: NavigationOracle): Promise<NavValiditySnapshot | null> {
    this.oracle = oracle;
    return this.log.frameLoads > 0 ? this.refreshNavigation() : null;
  }

  /** Resolves once every call the page has made so far is in the record (initializeState, navRequests, calls). */
  async settle(): Promise<void> {
    this.ensureUsable();
    await this.bounded('recording the calls', async () => {
      const seq = await this.control<number>('flush');
      await this.log.waitForSeq(seq);
    });
  }

  /**
   * The adl.data buckets of the current SCO as they are now, by target id: the values it was launched
   * with plus what it wrote (for saving them per learner). Readable after Terminate and unload too,
   * until the next launchAttempt.
   */
  async readSharedData(): Promise<Record<string, string>> {
    const buckets = await this.bounded('reading shared data', () =>
      this.control<Record<string, string> | null>('sharedData'),
    );
    if (!buckets) fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    return buckets;
  }

  /** The elements the current SCO set itself (SCORM 2004), for the sequencing report; readable until the next launchAttempt. */
  async readSetByContent(): Promise<Set<string>> {
    const names = await this.bounded('reading what the SCO set', () =>
      this.control<string[] | null>('setByContent'),
    );
    if (!names) fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    return new Set(names);
  }

  /** Re-reads the navigation oracle and gives the SCO the new adl.nav.request_valid answers. */
  async refreshNavigation(): Promise<NavValiditySnapshot> {
    const snap = this.oracle.snapshot(this.log.currentScoId ?? this.spec.scoId);
    await this.bounded('updating navigation state', () => this.control('setNav', snap));
    return snap;
  }

  /**
   * Leaves the SCO as a learner closing the window would: the SCO frame goes to about:blank so its
   * unload handlers run (and may call Terminate), then every window it opened is closed (theirs run
   * too, e.g. a popup that found the API through window.opener); all their calls are recorded before
   * this resolves. With closeWindow, the player window's own pagehide/unload handlers (those the course
   * registered on window.top) run first, as when the learner closes the LMS window.
   */
  async unload(
    options: { closeWindow?: boolean } = {},
  ): Promise<{ initializeState: InitializeState; callCount: number }> {
    this.ensureUsable();
    // The player sees the frame unload through its own script: a page the memory budget stopped runs again
    // to leave (the course's unload handlers too, as a browser would); the same attempt is not stopped twice.
    await this.scriptsBackOn();
    let stuck: unknown;
    if (options.closeWindow) {
      // A handler stuck on the window is stopped (COURSE_TIMEOUT); the SCO frame still unloads, as a browser would.
      await this.bounded('closing the player window', () => this.control('closeWindow')).catch(
        (err: unknown) => {
          if (!isScormTesterError(err) || err.code !== 'COURSE_TIMEOUT') throw err;
          stuck = err;
        },
      );
    }
    const blank = this.log.waitForFrameLoad((url) => url === 'about:blank');
    await this.bounded('unloading the SCO', async () => {
      await this.control('blankFrame');
      await blank;
    });
    await this.closePopups();
    await this.bounded('recording the unload calls', async () => {
      const seq = await this.control<number>('flush');
      await this.log.waitForSeq(seq);
    });
    await this.checkRecordComplete();
    if (stuck) throw stuck;
    return { initializeState: this.log.initializeState, callCount: this.log.calls.length };
  }

  /**
   * Once the SCO has unloaded and its calls are in: the engine's list of what the SCO set (SCORM 2004)
   * must all be in the record. What is not reached the engine unrecorded, whatever the way: the run
   * stops with the reason (an unrecorded SCO must not pass for one that did nothing).
   */
  private async checkRecordComplete(): Promise<void> {
    if (this.spec.recordCalls === false || this.spec.scormVersion !== '2004' || this.log.dropped.calls > 0)
      return;
    const names = await this.bounded('checking the record against the engine', () =>
      this.control<string[] | null>('setByContent'),
    );
    const attempt = { scoId: this.log.currentScoId ?? this.spec.scoId, attempt: this.log.currentAttempt };
    const missing = names ? unrecordedSets(names, this.log.calls, attempt) : [];
    if (missing.length === 0) return;
    const listed = `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`;
    this.log.addIntegrity({
      kind: 'unrecorded_calls',
      detail: `the engine held values the SCO set with SetValue that the record does not show (${listed})`,
      ...attempt,
      timestamp: Date.now(),
    });
    this.markCrashed(
      `the SCO ${attempt.scoId} (attempt ${attempt.attempt}) set ${listed} through the API without the calls being recorded; the run was stopped`,
    );
    this.ensureUsable();
  }

  /** Closes the windows the SCO opened (their unload handlers run), within POPUP_CLOSE_MS. */
  private async closePopups(): Promise<void> {
    const open = [...this.popups].reverse();
    if (open.length === 0) return;
    const closed = await within(
      Promise.all(open.map((p) => p.close().catch(() => undefined))),
      POPUP_CLOSE_MS,
    );
    if (closed !== TIMEOUT) return;
    const stuck = open.filter((p) => !p.isClosed());
    for (const p of stuck) await this.stopScript("closing the SCO's window", 'timeout', p);
    fail(
      'COURSE_TIMEOUT',
      `The window the SCO opened (${stuck.map((p) => p.url().slice(0, 200)).join(', ')}) did not close within ${POPUP_CLOSE_MS} ms: ` +
        'its unload handler appears to be stuck. Its script was stopped.',
      { operation: "closing the SCO's window", timeoutMs: POPUP_CLOSE_MS },
    );
  }

  /** Starts a new attempt (new engine instance) in the same page, e.g. the next SCO or a relaunch. */
  async launchAttempt(next: LaunchAttemptSpec): Promise<void> {
    this.ensureUsable();
    if (next.rte.version !== this.spec.scormVersion) {
      fail(
        'INVALID_ARGUMENT',
        `The new attempt is SCORM ${next.rte.version} but this runtime runs ${this.spec.scormVersion}.`,
      );
    }
    await checkLaunchFile(this.mount.root, next.launchPath, next.scoId);
    // A SCO still in the frame leaves first; a frame already blanked (the navigator unloaded it) is not blanked twice.
    if (this.log.frameLoads > 0 && this.log.lastFrameUrl !== 'about:blank') await this.unload();
    if (this.memoryStoppedAttempt !== null) await this.resumeAfterBudget();
    const config: PlayerLaunchConfig = {
      version: next.rte.version,
      scoId: next.scoId,
      scoUrl: this.mount.contentUrl(next.launchPath),
      settings: next.rte.settings,
      values: next.rte.values,
      nav: this.oracle.snapshot(next.scoId),
      ...(next.sharedData ? { sharedData: next.sharedData } : {}),
    };
    const loaded = this.log.waitForFrameLoad((url) => url !== 'about:blank' && url !== '');
    this.launchValues = next.rte.values;
    this.log.nextScormAttempt = next.scormAttempt ?? null;
    await this.bounded('launching the SCO', async () => {
      await this.control('launch', config);
      await loaded;
    });
  }

  // ---- rendering -----------------------------------------------------------------------------

  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    this.ensureUsable();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    if (options.waitForSelector) {
      const waitMs = options.waitTimeoutMs ?? 5_000;
      const frame = await this.scoFrame();
      try {
        await this.bounded(
          'waiting for the selector',
          () =>
            frame.waitForSelector(options.waitForSelector as string, { state: 'visible', timeout: waitMs }),
          waitMs + 2_000,
        );
      } catch (err) {
        if (isScormTesterError(err) && err.code !== 'INTERNAL_ERROR') throw err;
        fail(
          'CAPTURE_FAILED',
          `"${options.waitForSelector}" did not become visible in the SCO within ${waitMs} ms; nothing was captured. ` +
            'Check the selector or raise wait_timeout_ms.',
        );
      }
    }
    if (options.delayMs && options.delayMs > 0) await sleep(Math.min(options.delayMs, 30_000));
    return this.bounded(
      'the screenshot',
      async () => {
        const vp = this.currentViewport;
        let height = vp.height;
        let truncated = false;
        let resized = false;
        if (options.fullPage) {
          const frame = await this.scoFrame();
          const docHeight = (await frame.evaluate(
            'Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)',
          )) as number;
          if (docHeight > vp.height) {
            height = Math.min(docHeight, MAX_FULL_PAGE_HEIGHT);
            truncated = docHeight > MAX_FULL_PAGE_HEIGHT;
            // A taller viewport for the capture: the player (and so the SCO frame) grows with it.
            await this.emulate({ ...vp, height });
            resized = true;
            await frame.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
          }
        }
        try {
          // clip.scale maps CSS px to output px (the device scale factor is not applied on top).
          const longCss = Math.max(vp.width, height);
          const wanted = longCss * vp.scale;
          const scale = wanted > MAX_SCREENSHOT_EDGE ? (MAX_SCREENSHOT_EDGE - 0.5) / longCss : vp.scale;
          const res = (await this.cdp.send('Page.captureScreenshot', {
            format: 'png',
            clip: { x: 0, y: 0, width: vp.width, height, scale },
            fromSurface: true,
          })) as { data: string };
          const png = Buffer.from(res.data, 'base64');
          const size = pngSize(png);
          return {
            png,
            ...size,
            scaled: scale < vp.scale,
            fullPage: options.fullPage === true,
            truncated,
            viewport: vp,
          };
        } finally {
          if (resized) await this.emulate(vp);
        }
      },
      timeoutMs,
      'CAPTURE_FAILED',
    );
  }

  /** Layout problems measured on the rendered SCO at the current viewport. */
  async analyzeLayout(): Promise<LayoutReport & { viewport: Viewport }> {
    const report = await this.bounded(
      'the layout analysis',
      async () => measureLayout(await this.scoFrame(), { touch: this.currentViewport.touch }),
      this.timeoutMs,
      'CAPTURE_FAILED',
    );
    return { ...report, viewport: this.currentViewport };
  }

  async setViewport(spec: ViewportSpec): Promise<Viewport> {
    this.ensureUsable();
    const vp = resolveViewport(spec);
    await this.bounded('resizing the viewport', async () => {
      await this.emulate(vp);
      await this.cdp.send('Emulation.setTouchEmulationEnabled', {
        enabled: vp.touch,
        maxTouchPoints: vp.touch ? 5 : 1,
      });
    });
    this.currentViewport = vp;
    return vp;
  }

  private async emulate(vp: Viewport): Promise<void> {
    await this.cdp.send('Emulation.setDeviceMetricsOverride', {
      width: vp.width,
      height: vp.height,
      deviceScaleFactor: vp.scale,
      mobile: vp.mobile,
    });
  }

  /** The SCO's frame (for DOM tools). */
  async scoFrame(): Promise<Frame> {
    this.ensureUsable();
    const child = this.page.mainFrame().childFrames()[0];
    if (child) return child;
    const handle = await this.page.$('#sco');
    const frame = handle ? await handle.contentFrame() : null;
    if (!frame) fail('RUNTIME_NOT_OPEN', 'The SCO frame is not loaded.');
    return frame;
  }

  /** Whether the page's main thread answers, runs a script without returning, or is busy otherwise (see main-thread-probe). */
  async probeMainThread(): Promise<MainThreadProbe> {
    if (this.state !== 'open') return { state: 'busy' };
    return probeMainThread(this.cdp);
  }

  /**
   * Stops whatever script the page is running now (Runtime.terminateExecution on the runtime's own DevTools
   * session, which answers even when the page is stuck), for DOM tools that bound their own page calls.
   * Recorded as a script_terminated event; the runtime stays usable.
   */
  async stopRunningScript(operation: string): Promise<void> {
    await this.stopScript(operation, 'timeout');
  }

  // ---- shutdown ------------------------------------------------------------------------------

  /** Closes the context and frees the content mount. Safe to call in any state, more than once. */
  async close(): Promise<void> {
    if (this.state === 'closed') return;
    const wasCrashed = this.state === 'crashed';
    this.state = 'closed';
    this.log.abortWaits(new ScormTesterError('RUNTIME_NOT_OPEN', 'The runtime was closed.'));
    for (const u of this.unsubscribe.splice(0)) u();
    this.mount.unmount();
    if (!wasCrashed) await Promise.race([this.lease.close(), sleep(5_000)]);
    else void this.lease.close();
  }

  // ---- internals -----------------------------------------------------------------------------

  /** Budget for each page interaction. */
  get timeoutMs(): number {
    return this.spec.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * Calls a function of the player's control object through Node's handle: its one argument goes as
   * JSON text, passed positionally, and its answer comes back as JSON text (see player/wire.ts). No
   * spread, iteration or lookup on the course's realm lies on the way: a course can replace
   * Array.prototype[Symbol.iterator] there.
   */
  private async control<T = unknown>(method: ControlMethod, arg?: unknown): Promise<T> {
    if (this.controlId === null) fail('RUNTIME_NOT_OPEN', 'The player page has not started.');
    const res = (await this.cdp.send('Runtime.callFunctionOn', {
      objectId: this.controlId,
      functionDeclaration: `function (text) { return this.${method}(text); }`,
      arguments: arg === undefined ? [] : [{ value: JSON.stringify(arg) }],
      returnByValue: true,
    })) as {
      result: { value?: unknown };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (res.exceptionDetails) {
      throw new Error(res.exceptionDetails.exception?.description ?? res.exceptionDetails.text);
    }
    const text = res.result.value;
    return (typeof text === 'string' ? JSON.parse(text) : undefined) as T;
  }

  private resolveMethod(method: string): string {
    const list = API_METHODS[this.spec.scormVersion];
    if (typeof method === 'string' && list.includes(method)) return method;
    const canon = (m: string): string => (m === 'LMSFinish' ? 'Terminate' : m.replace(/^LMS/, ''));
    const found = typeof method === 'string' ? list.find((m) => canon(m) === canon(method)) : undefined;
    if (found) return found;
    fail(
      'INVALID_SCORM_METHOD',
      `"${String(method)}" is not a SCORM ${this.spec.scormVersion} API method. Use one of: ${list.join(', ')}.`,
    );
  }

  private ensureUsable(): void {
    if (this.state === 'crashed') {
      fail(
        'BROWSER_CRASHED',
        `This runtime's browser page is gone: ${this.crashReason}. Close this runtime and open the course again; ` +
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
  private stopTampered(payload: string): void {
    let what = 'its realm';
    try {
      const parsed = JSON.parse(payload) as unknown;
      if (typeof parsed === 'string') what = parsed.slice(0, 300);
    } catch {
      // Keep the general reason.
    }
    // The record's own report of it was encoded through the bent prototype: it is written here too.
    this.log.addIntegrity({
      kind: 'intrinsic_replaced',
      detail: what,
      runStopped: true,
      scoId: this.log.currentScoId ?? this.spec.scoId,
      attempt: this.log.currentAttempt,
      timestamp: Date.now(),
    });
    this.markCrashed(
      `the course changed the player's realm in a way the player could not undo (${what}); ` +
        'its record could no longer be trusted, so the run was stopped',
    );
  }

  private markCrashed(reason: string): void {
    if (this.state === 'closed' || this.state === 'crashed') return;
    this.state = 'crashed';
    this.crashReason = reason;
    const err = new ScormTesterError(
      'BROWSER_CRASHED',
      `This runtime's browser page is gone: ${reason}. Close this runtime and open the course again; ` +
        'a new browser starts automatically.',
    );
    this.crashReject(err);
    this.log.abortWaits(err);
    this.log.emit('crashed', { reason, timestamp: Date.now() });
  }

  /**
   * Runs a page operation with a time limit; COURSE_TIMEOUT past it. The page's script is stopped
   * (Runtime.terminateExecution) only when the probe finds it holding the main thread, so the runtime stays
   * usable; a page that is merely slow keeps running.
   */
  private async bounded<T>(
    what: string,
    op: () => Promise<T>,
    timeoutMs = this.timeoutMs,
    fallback: ErrorCode = 'INTERNAL_ERROR',
    /** Ends the wait with CANCELLED; the caller discards what it was doing (e.g. an open closes the runtime). */
    signal?: AbortSignal,
  ): Promise<T> {
    this.ensureUsable();
    let timer: NodeJS.Timeout | undefined;
    const running = op();
    running.catch(() => undefined);
    const timeout = new Promise<typeof TIMEOUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMEOUT), timeoutMs);
    });
    try {
      const out = await untilCancelled(Promise.race([running, timeout, this.crashed]), signal, what);
      if (out === TIMEOUT) {
        const probe = await this.probeMainThread();
        if (probe.state !== 'running_script') throw slowPageError(what, timeoutMs, probe);
        await this.stopScript(what, 'timeout');
        fail(
          'COURSE_TIMEOUT',
          `The course did not respond to ${what} within ${timeoutMs} ms: its script is stuck (it held the ` +
            "page's main thread without returning; an endless loop or a dialog loop). The stuck script was " +
            'stopped; the runtime can still be inspected or closed, but the course may not work until it is reopened.',
          { operation: what, timeoutMs, cause: 'script_stuck' },
        );
      }
      return out as T;
    } catch (err) {
      throw await this.translate(err, what, fallback);
    } finally {
      clearTimeout(timer);
    }
  }

  private async translate(err: unknown, what: string, fallback: ErrorCode): Promise<ScormTesterError> {
    if (isScormTesterError(err)) return err;
    const msg = err instanceof Error ? err.message : String(err);
    // The disconnect event can trail the failed call by a moment.
    if (/closed|crash|disconnected|Target/i.test(msg)) {
      await sleep(50);
      const browser = this.lease.context.browser();
      if (browser && !browser.isConnected()) this.markCrashed('the Chromium process exited or was killed');
    }
    if (this.state === 'crashed') {
      return new ScormTesterError(
        'BROWSER_CRASHED',
        `This runtime's browser page is gone: ${this.crashReason}. Close this runtime and open the course again.`,
      );
    }
    if (this.state === 'closed')
      return new ScormTesterError('RUNTIME_NOT_OPEN', 'This runtime has been closed.');
    return new ScormTesterError(fallback, `Failed during ${what}: ${(msg.split('\n')[0] ?? msg).trim()}`);
  }

  private async stopScript(
    operation: string,
    reason: ScriptTerminated['reason'],
    page?: Page,
  ): Promise<void> {
    if (this.state !== 'open') return;
    let session = this.cdp;
    if (page && page !== this.page) {
      const s = await page
        .context()
        .newCDPSession(page)
        .catch(() => null);
      if (!s) return;
      session = s;
    }
    await Promise.race([session.send('Runtime.terminateExecution').catch(() => undefined), sleep(2_000)]);
    if (session !== this.cdp) void session.detach().catch(() => undefined);
    this.log.emit('script_terminated', { reason, operation, timestamp: Date.now() });
    // Records queued by the stopped task never reached their microtask flush; fetch them now.
    await Promise.race([
      this.control<number>('flush').then(
        (seq) => this.log.waitForSeq(seq),
        () => undefined,
      ),
      sleep(1_000),
    ]);
  }

  /**
   * The course's heap went past its budget: its running script is stopped and the page runs no more
   * script (timers, handlers) until the SCO is unloaded, so the heap stops growing; our DevTools calls
   * (the engine's data model, the record, the DOM tools' worlds) still work. Reported once per attempt.
   */
  private async overBudget(usedBytes: number, budgetBytes: number): Promise<void> {
    const attempt = this.log.currentAttempt;
    if (this.state !== 'open' || this.memoryStoppedAttempt === attempt) return;
    this.memoryStoppedAttempt = attempt;
    this.log.addIntegrity({
      kind: 'memory_budget_exceeded',
      detail: `${mb(usedBytes)} MB of JavaScript heap, over the budget of ${mb(budgetBytes)} MB`,
      measuredBytes: usedBytes,
      budgetBytes,
      scoId: this.log.currentScoId ?? this.spec.scoId,
      attempt,
      timestamp: Date.now(),
    });
    // Queued first, it is the page's next task once the running script is stopped: no timer runs between.
    this.scriptsOffForBudget = true;
    const disabled = this.cdp
      .send('Emulation.setScriptExecutionDisabled', { value: true })
      .catch(() => undefined);
    await this.stopScript('the memory budget', 'memory_budget');
    await within(disabled, 2_000);
  }

  private async scriptsBackOn(): Promise<void> {
    if (!this.scriptsOffForBudget) return;
    this.scriptsOffForBudget = false;
    await within(
      this.cdp.send('Emulation.setScriptExecutionDisabled', { value: false }).catch(() => undefined),
      2_000,
    );
  }

  /** Before a new launch: the stopped SCO's heap is collected, so it is not counted against the next. */
  private async resumeAfterBudget(): Promise<void> {
    await this.scriptsBackOn();
    this.memoryStoppedAttempt = null;
    await within(
      this.cdp.send('HeapProfiler.collectGarbage').catch(() => undefined),
      5_000,
    );
  }

  private isMainFrame(request: Request): boolean {
    try {
      return request.frame() === this.page.mainFrame();
    } catch {
      return false;
    }
  }

  private onRequest(request: Request): void {
    const url = request.url();
    const scope = this.isPlayerUrl(url)
      ? 'player'
      : url.startsWith(this.mount.baseUrl)
        ? 'content'
        : 'external';
    if (scope === 'external' && url.startsWith('data:')) return;
    const entry = {
      id: ++this.requestIds,
      timestamp: Date.now(),
      method: request.method(),
      url,
      resourceType: request.resourceType(),
      scope,
    } as NetworkEntry;
    this.requestEntries.set(request, entry);
    this.log.addRequest(entry);
  }

  // Events, not request.response(): that is a protocol round trip per request.
  private onResponse(response: Response): void {
    const entry = this.requestEntries.get(response.request());
    if (!entry) return;
    entry.statusCode = response.status();
    this.log.emit('request_settled', entry);
  }

  private onRequestFailed(request: Request): void {
    const entry = this.requestEntries.get(request);
    if (!entry) return;
    entry.error = request.failure()?.errorText ?? 'failed';
    const reason = entry.scope === 'external' ? this.refusalOf(entry.url) : null;
    if (reason) {
      entry.blocked = true;
      entry.error = `blocked (${reason}): ${entry.error}`;
    }
    this.log.emit('request_settled', entry);
    // Other schemes are recorded from the browser's console message, which also covers frames.
    if (reason && reason !== 'scheme_not_allowed')
      this.recordBlocked(entry.url, entry.method, entry.resourceType, reason);
  }

  /** Why a failed request to `url` was ours to refuse, or null when it just failed. */
  private refusalOf(url: string): NetworkBlockReason | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (!/^(https?|wss?):$/.test(parsed.protocol)) return 'scheme_not_allowed';
    // The blackhole refuses everything; the forwarding proxy remembers what it refused and why.
    if (!hasAnyNetwork(this.networkAccess)) return refusalForUrlHost(parsed.hostname, this.networkAccess);
    const port = Number(parsed.port || (/^(https|wss):$/.test(parsed.protocol) ? 443 : 80));
    return this.egress.refusalOf(parsed.hostname, port);
  }

  private async webSocketRefusal(url: string): Promise<NetworkBlockReason | null> {
    if (!hasAnyNetwork(this.networkAccess))
      return refusalForUrlHost(new URL(url).hostname, this.networkAccess);
    const dest = await checkDestination(new URL(url).hostname, this.networkAccess);
    if (dest.allowed) return null;
    return dest.reason === 'unresolved' ? 'network_not_allowed' : dest.reason;
  }

  private recordBlocked(url: string, method: string, resourceType: string, reason: NetworkBlockReason): void {
    this.log.addBlocked({ url, method, resourceType, reason, timestamp: Date.now() });
  }

  /** Loads the browser refused outright (other schemes, service workers), known only from its console. */
  private noticeRefusedLoad(text: string, location: string | null): void {
    const local = /^Not allowed to load local resource: (\S+)/.exec(text);
    const scheme = /^Fetch API cannot load (\S+)\. URL scheme "[^"]*" is not supported\.$/.exec(text);
    const url = local?.[1] ?? scheme?.[1];
    if (url) this.recordBlocked(url, 'GET', 'other', 'scheme_not_allowed');
    else if (text === SERVICE_WORKER_BLOCKED)
      this.recordBlocked(location || this.log.currentUrl || '', 'GET', 'serviceworker', 'service_worker');
  }

  private onConsole(msg: ConsoleMessage): void {
    const text = msg.text();
    // Chromium's note about our own sandbox attribute, and the player's hand-over (see connectPlayer):
    // not something the course did.
    if (text.startsWith('An iframe which has both allow-scripts and allow-same-origin')) return;
    if (text.startsWith(CONTROL_MARKER) && msg.page() === this.page) return;
    const page = msg.page();
    const iceUrls = webRtcAttemptUrls(text);
    if (iceUrls) {
      for (const { url, reason } of webRtcRefusals(iceUrls, this.networkAccess))
        this.recordBlocked(url, 'GET', 'webrtc', reason);
      return;
    }
    if (text.startsWith(DIALOG_LOOP_MARKER)) {
      // Dialogs are now suppressed, so the loop is a plain busy loop that can be stopped.
      void this.stopScript('a dialog loop', 'dialog_loop', page ?? undefined);
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
    this.noticeRefusedLoad(text, url);
  }

  /** Who a console message or page error came from: a popup, our player page, or the SCO. */
  private originOf(page: Page | null, url: string | null): ConsoleEntry['origin'] {
    if (page && page !== this.page) return 'popup';
    return url && this.isPlayerUrl(url) ? 'player' : 'sco';
  }

  private isPlayerUrl(url: string): boolean {
    return url.startsWith(this.mount.baseUrl + PLAYER_PREFIX);
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
    // A script that does not parse has no stack: its file comes from our CDP session (see connectPlayer).
    if (!url && page === this.page) this.parseErrors.entry(this.page, entry);
    this.log.addConsole(entry);
    this.noticeBlockedNavigation(error.message);
  }

  private noticeBlockedNavigation(text: string): void {
    if (text.startsWith('Unsafe attempt to initiate navigation')) {
      this.log.addNavigationBlocked({
        url: null,
        message:
          'The SCO tried to navigate the top-level window (e.g. top.location = ...); the sandbox blocked it.',
        timestamp: Date.now(),
      });
      return;
    }
    const m = /permission to navigate the target frame to '([^']*)'/.exec(text);
    const last = this.log.navigationBlocked[this.log.navigationBlocked.length - 1];
    if (m && last && last.url === null && Date.now() - last.timestamp < 2_000) last.url = m[1] ?? null;
  }

  private async onDialog(dialog: Dialog, origin: 'sco' | 'popup'): Promise<void> {
    const type = dialog.type() as 'alert' | 'confirm' | 'prompt' | 'beforeunload';
    const policy = this.spec.dialogs ?? {};
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

  private onPopup(page: Page): void {
    if (page === this.page || this.popups.has(page)) return;
    this.popups.add(page);
    this.popupsLoading.add(page);
    const loaded = (): void => void this.popupsLoading.delete(page);
    page.waitForLoadState('load').then(loaded, loaded);
    page.on('close', () => {
      this.popups.delete(page);
      loaded();
    });
    this.log.emit('popup', { url: page.url(), timestamp: Date.now() });
  }
}

/** COURSE_TIMEOUT for a page that is slow but not stuck: its script keeps running. */
function slowPageError(what: string, timeoutMs: number, probe: MainThreadProbe): ScormTesterError {
  const why =
    probe.state === 'responsive'
      ? `its page is not stuck: it answered a trivial call in ${probe.answered_ms} ms, so ${what} was held up ` +
        'by the renderer or the GPU (busy, or starved of CPU)'
      : `its page's main thread answered nothing for ${PROBE_WINDOW_MS} ms while running no script: the ` +
        'renderer is busy (layout, painting) or starved of CPU';
  return new ScormTesterError(
    'COURSE_TIMEOUT',
    `The course did not finish ${what} within ${timeoutMs} ms, but ${why}. Its script was not stopped; ` +
      'try again when the machine is less loaded, or raise SCORM_TESTER_COURSE_TIMEOUT_MS.',
    { operation: what, timeoutMs, cause: 'renderer_slow', main_thread: probe.state },
  );
}

/** How long one unanswered request for a file we serve counts as the course still loading. */
const LOADING_HOLD_MS = 10_000;

/** An unref'd delay: a pending race against it never keeps the process alive (e.g. the CLI after close). */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Opens a course: mounts the package, starts (or reuses) the browser, loads the player and the SCO.
 * Resolves once the SCO document has loaded; the SCO calls Initialize itself (see waitForCall).
 */
export async function openCourseRuntime(spec: OpenCourseSpec): Promise<CourseRuntime> {
  if (spec.scormVersion !== '1.2' && spec.scormVersion !== '2004') {
    fail('INVALID_ARGUMENT', `scormVersion must be "1.2" or "2004" (got "${String(spec.scormVersion)}").`);
  }
  if (spec.rte.version !== spec.scormVersion) {
    fail(
      'INVALID_ARGUMENT',
      `The RTE data is for SCORM ${spec.rte.version} but the course is SCORM ${spec.scormVersion}.`,
    );
  }
  const viewport = resolveViewport(spec.viewport);
  const { signal, progress } = spec.control ?? {};
  await checkLaunchFile(spec.packageRoot, spec.launchPath, spec.scoId);
  throwIfCancelled(signal, 'Opening the course');
  progress?.({ done: 0, total: OPEN_STEPS, message: 'starting the browser' });
  const server = spec.server ?? (await sharedContentServer());
  const pool = spec.pool ?? sharedBrowserPool();
  const egress = await egressProxy({
    allowNetwork: spec.allowNetwork === true,
    allowLoopback: spec.allowLoopback === true,
  });
  const mount = await server.mount(spec.packageRoot);
  const oracle = spec.navigationOracle ?? unknownNavigationOracle;
  mount.setPlayerHtml(
    playerHtml(
      {
        version: spec.scormVersion,
        scoId: spec.scoId,
        scoUrl: mount.contentUrl(spec.launchPath),
        settings: spec.rte.settings,
        values: spec.rte.values,
        nav: oracle.snapshot(spec.scoId),
        ...(spec.sharedData ? { sharedData: spec.sharedData } : {}),
        record: spec.recordCalls !== false,
      },
      spec.title,
    ),
  );
  const contextOptions = {
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.scale,
    isMobile: viewport.mobile,
    hasTouch: viewport.touch,
    serviceWorkers: 'block' as const,
    proxy: contextProxy(egress.url, server.origin),
    acceptDownloads: false,
  };
  let lease: LeasedContext;
  try {
    lease = await pool.newContext(contextOptions);
  } catch (err) {
    mount.unmount();
    throw err;
  }
  if (signal?.aborted) {
    mount.unmount();
    await lease.close();
    throwIfCancelled(signal, 'Opening the course');
  }
  const runtime = new CourseRuntime(spec, lease, mount, viewport, egress);
  try {
    await runtime.start(spec.openTimeoutMs ?? spec.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (err) {
    if (isCancelled(err) && runtime.isOpen && runtime.log.launches > 0 && spec.onCancelledWhileLoading)
      await spec.onCancelledWhileLoading(runtime).catch(() => undefined);
    await runtime.close();
    throw err;
  }
  if (spec.warmSpare !== false) pool.warmSpare(contextOptions);
  return runtime;
}

const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));
