/**
 * One lazily launched Chromium shared by every session; one isolated context per session.
 * When the browser dies, every lease made from it is told, and the next request launches a new one.
 * When the last lease of a browser closes and the browser still burns CPU (a GPU process or renderer
 * left busy by a course), it is shut down; the next request launches a new one.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { fail, isScormTesterError } from '../core/errors.js';
import { TIMEOUT, within } from '../core/within.js';
import { ANSWER_MS, browserAnswers, disconnectsWithin } from './browser-answers.js';
import { sampleBrowserCpu, type BrowserCpu } from './browser-cpu.js';
import { maskEndpoint, remoteBrowserLost } from './browser-endpoint.js';
import { chromiumArgs, findChromium } from './chromium.js';
import { noteLease } from './lease-tracking.js';
import { connectRemoteBrowser } from './remote-browser.js';

/**
 * A browser with no session left counts as busy when one of its processes had a runnable thread in at
 * least this share of the reads (see browser-cpu); where /proc cannot be read, when its processes used
 * this many cores together.
 */
const BUSY_RUNNABLE_SHARE = 0.5;
const BUSY_CORES = 0.25;
const CONTEXT_CLOSE_MS = 5_000;
/** Each of the two samples that must both find it busy (the first may catch a context shutting down). */
const IDLE_SAMPLE_MS = 1_000;

/** How long a failed newContext waits for the browser's disconnect, to tell a dead browser from a refusal. */
const LOST_GRACE_MS = 2_000;

/** How long a browser may take to open a context before it counts as not answering. */
const NEW_CONTEXT_MS = 15_000;

/**
 * How often a remote browser with sessions open is asked its round trip (bounded by ANSWER_MS): a grid node
 * that hangs neither answers nor disconnects, so this is how its sessions learn it is lost within about
 * HEARTBEAT_MS + ANSWER_MS, rather than when each of their own waits runs out.
 */
const HEARTBEAT_MS = 2_500;

/** What the check after the last lease closed found and did. */
export interface IdleCheck {
  outcome: 'idle' | 'recycled' | 'in_use' | 'gone' | 'unknown';
  /** The last sample, when one was taken. */
  cpu: BrowserCpu | null;
}

export interface BrowserPoolOptions {
  /** Explicit executable; otherwise findChromium(env). */
  executablePath?: string;
  env?: NodeJS.ProcessEnv;
  launchTimeoutMs?: number;
  /** A remote browser to connect to (Playwright's ws endpoint) instead of launching one. */
  wsEndpoint?: string;
}

/** A context handed to one session, with a way to hear that its browser went away. */
export interface LeasedContext {
  context: BrowserContext;
  /** A blank page already open in the context (from a pre-warmed spare), if any. */
  page: Page | null;
  /** Which browser launch this context belongs to (1, 2, ... after relaunches). */
  generation: number;
  /** What its browser going away would be reported as (a remote browser names its endpoint, masked). */
  lostReason: string;
  /**
   * Whether its browser is gone: disconnected, or not answering a round trip in time (browser-answers).
   * Asked when a page call fails or times out, so a dead browser is never taken for the course's doing.
   */
  browserGone(): Promise<boolean>;
  /** Called once if the browser disconnects while the lease is open; returns an unsubscribe function. */
  onCrash(listener: (reason: string) => void): () => void;
  /** True once its browser disconnected or was found not answering while the lease was open. */
  isLost(): boolean;
  /** True until close(). */
  isOpen(): boolean;
  /** Closes the context; never throws (a dead browser has nothing left to close). */
  close(): Promise<void>;
}

/** A prepared context and blank page; `alive()` turns false once its renderer crashed or was killed. */
interface Spare {
  context: BrowserContext;
  page: Page;
  alive(): boolean;
}

export class BrowserPool {
  private browser: Browser | null = null;
  private launching: Promise<Browser> | null = null;
  private generationCounter = 0;
  private closed = false;
  /** Each open lease's relay, with the browser it is on: a browser's loss is told to its own leases only. */
  private readonly crashListeners = new Map<(reason: string) => void, Browser>();
  /** The contexts of open leases, by browser: what the heartbeat asks its round trip on. */
  private readonly openContexts = new Map<BrowserContext, Browser>();
  private heartbeat: NodeJS.Timeout | null = null;
  private beating = false;
  /** A context + blank page prepared while idle, so the next open skips their start-up. */
  private spare: { key: string; ready: Promise<Spare | null> } | null = null;
  /** Leases not closed yet, counting the ones being made. */
  private leases = 0;
  private idleCheck: Promise<IdleCheck> | null = null;

  constructor(private readonly options: BrowserPoolOptions = {}) {}

  get generation(): number {
    return this.generationCounter;
  }

  /** When its remote browser was last found not answering (Date.now(); 0: never), for SpreadBrowserPool. */
  unansweredAt = 0;

  /** Leases not closed yet (how busy this pool is, for spreading sessions over several). */
  get openLeases(): number {
    return this.leases;
  }

  get isRunning(): boolean {
    return this.browser !== null && this.browser.isConnected();
  }

  /** The shared browser, launching it on first use or after it died. */
  async getBrowser(): Promise<Browser> {
    if (this.closed)
      fail('BROWSER_CRASHED', 'The browser pool has been shut down; no new runtime can start.');
    if (this.browser && this.browser.isConnected()) return this.browser;
    if (!this.launching) {
      this.launching = this.launch().finally(() => {
        this.launching = null;
      });
    }
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    if (this.options.wsEndpoint) {
      const remote = await connectRemoteBrowser(
        this.options.wsEndpoint,
        this.options.launchTimeoutMs ?? 15_000,
      );
      return this.adopt(remote, this.lostReason);
    }
    const executablePath = this.options.executablePath ?? findChromium(this.options.env ?? process.env);
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath,
        headless: true,
        args: chromiumArgs(),
        timeout: this.options.launchTimeoutMs ?? 30_000,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (err) {
      fail(
        'BROWSER_REQUIRED',
        `Chromium at ${executablePath} failed to start: ${firstLine(err)}. ` +
          'Check that it runs on this machine (e.g. `' +
          executablePath +
          ' --headless --version`) or set SCORM_TESTER_CHROMIUM to another build.',
        { executablePath },
      );
    }
    return this.adopt(browser, this.lostReason);
  }

  /** What this pool's browser going away is reported as. */
  get lostReason(): string {
    return this.options.wsEndpoint
      ? remoteBrowserLost(maskEndpoint(this.options.wsEndpoint))
      : 'the Chromium process exited or was killed';
  }

  private adopt(browser: Browser, lostReason: string): Browser {
    this.generationCounter += 1;
    this.browser = browser;
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = null;
      this.spare = null;
      const reason = this.closed ? 'the browser pool was shut down' : lostReason;
      this.tellLeases(browser, reason);
    });
    return browser;
  }

  /**
   * A remote browser found not answering is let go of (its sessions are told it is lost) so that the
   * next session connects again, or goes to another endpoint, instead of waiting on it too. A local
   * browser is left to its own crash and idle checks: it is ours, and its process is watched.
   */
  private forgetRemote(browser: Browser): void {
    if (!this.options.wsEndpoint || this.browser !== browser) return;
    this.unansweredAt = Date.now();
    this.browser = null;
    this.spare = null;
    // Its sessions are told now: closing a connection to a node that hangs may not end for a long while.
    this.tellLeases(browser, this.lostReason);
    void browser.close().catch(() => undefined);
  }

  private tellLeases(browser: Browser, reason: string): void {
    for (const [relay, on] of [...this.crashListeners]) if (on === browser) relay(reason);
  }

  /** Asks a remote browser with open sessions its round trip every HEARTBEAT_MS (see forgetRemote). */
  private startHeartbeat(): void {
    if (!this.options.wsEndpoint || this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    if (this.leases === 0 || this.closed) {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      return;
    }
    if (this.beating) return;
    this.beating = true;
    try {
      await this.browserGone();
    } finally {
      this.beating = false;
    }
  }

  /**
   * Asks the current browser a round trip (bounded by ANSWER_MS) on one of its open contexts, or on a
   * DevTools session when none is open yet; one that does not answer is let go of (forgetRemote). False
   * when there is no browser to ask (one still connecting is bounded by its own time limit).
   */
  private async browserGone(): Promise<boolean> {
    const browser = this.browser;
    if (!browser) return false;
    const asked = [...this.openContexts].find(([, on]) => on === browser)?.[0];
    const answered = asked ? await browserAnswers(browser, asked) : await sessionAnswers(browser);
    // A context closed during the round trip fails it without saying anything about the browser.
    if (answered || (asked && !this.openContexts.has(asked))) return false;
    this.forgetRemote(browser);
    return true;
  }

  /** A fresh isolated context on the shared browser. */
  async newContext(options: BrowserContextOptions = {}): Promise<LeasedContext> {
    this.leases += 1;
    // A session being opened is in use too: a node that hangs now must not pass for a course that hangs.
    const since = Date.now();
    let opening = true;
    noteLease({
      lostReason: this.lostReason,
      isLost: () => this.unansweredAt >= since,
      isOpen: () => opening,
      browserGone: () => this.browserGone(),
    });
    this.startHeartbeat();
    let lease: LeasedContext;
    try {
      lease = await this.makeLease(options);
    } catch (err) {
      this.released();
      throw err;
    } finally {
      opening = false;
    }
    return lease;
  }

  /** The check that followed the last lease closing (null before any), for diagnostics and tests. */
  idleChecked(): Promise<IdleCheck> | null {
    return this.idleCheck;
  }

  private released(): void {
    this.leases -= 1;
    // A remote browser's processes are not ours to sample or shut down.
    if (this.leases > 0 || this.closed || !this.browser || this.options.wsEndpoint) return;
    const browser = this.browser;
    this.idleCheck = this.recycleIfBusy(browser);
  }

  /** Shuts `browser` down when no lease uses it and it keeps burning CPU over two samples. */
  private async recycleIfBusy(browser: Browser): Promise<IdleCheck> {
    let cpu: BrowserCpu | null = null;
    for (let sample = 0; sample < 2; sample++) {
      if (this.leases > 0 || this.closed) return { outcome: 'in_use', cpu };
      if (this.browser !== browser || !browser.isConnected()) return { outcome: 'gone', cpu };
      cpu = await sampleBrowserCpu(browser, IDLE_SAMPLE_MS).catch(() => null);
      if (!cpu) return { outcome: 'unknown', cpu };
      if (!isBusy(cpu)) return { outcome: 'idle', cpu };
    }
    if (this.leases > 0 || this.closed) return { outcome: 'in_use', cpu };
    if (this.browser !== browser) return { outcome: 'gone', cpu };
    // From here on a new request launches a new browser: this one is no one's any more.
    this.browser = null;
    this.spare = null;
    await browser.close().catch(() => undefined);
    return { outcome: 'recycled', cpu };
  }

  private async makeLease(options: BrowserContextOptions): Promise<LeasedContext> {
    const browser = await this.getBrowser();
    const generation = this.generationCounter;
    const taken = await this.takeSpare(options, browser);
    let context: BrowserContext;
    let page: Page | null = null;
    if (taken) {
      ({ context, page } = taken);
    } else {
      try {
        const made = browser.newContext(options);
        const out = await within(made, NEW_CONTEXT_MS);
        if (out === TIMEOUT) {
          void made.then((late) => late.close()).catch(() => undefined);
          this.notOpening(browser);
        }
        context = out;
      } catch (err) {
        if (isScormTesterError(err)) throw err;
        // A browser killed a moment ago may fail the call before its connection closes.
        if (await disconnectsWithin(browser, LOST_GRACE_MS)) {
          fail(
            'BROWSER_CRASHED',
            `The browser died while a new session was being opened: ${this.lostReason} (${firstLine(err)}). Retry.`,
          );
        }
        throw err;
      }
    }
    const listeners = new Set<(reason: string) => void>();
    let done = false;
    let closed = false;
    let lost = false;
    const relay = (reason: string): void => {
      if (done) return;
      done = true;
      lost = true;
      this.crashListeners.delete(relay);
      for (const l of [...listeners]) l(reason);
    };
    this.crashListeners.set(relay, browser);
    this.openContexts.set(context, browser);
    this.startHeartbeat();
    const lease: LeasedContext = {
      context,
      page,
      generation,
      lostReason: this.lostReason,
      browserGone: async () => {
        if (await browserAnswers(browser, context)) return false;
        this.forgetRemote(browser);
        return true;
      },
      onCrash: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      isLost: () => lost,
      isOpen: () => !closed,
      close: async () => {
        if (closed) return;
        closed = true;
        done = true;
        this.crashListeners.delete(relay);
        this.openContexts.delete(context);
        // A context whose renderer does not let go in time still counts as released: the idle check
        // then finds the browser busy and shuts it down.
        if (browser.isConnected())
          await within(
            context.close().catch(() => undefined),
            CONTEXT_CLOSE_MS,
          );
        this.released();
      },
    };
    noteLease(lease);
    return lease;
  }

  /** Resolves once the spare context being prepared (if any) is ready; for benchmarks that must not overlap it. */
  async spareReady(): Promise<void> {
    await this.spare?.ready;
  }

  /** Closes the spare context (if any), so the next open starts cold. */
  async discardSpare(): Promise<void> {
    const spare = this.spare;
    this.spare = null;
    const got = await spare?.ready;
    await got?.context.close().catch(() => undefined);
  }

  /**
   * Prepares a context with these options (and a blank page) in the background, for the next
   * newContext() asking for the same options. Call it when a session has finished opening, so the
   * work happens while the machine is idle. At most one spare exists.
   */
  warmSpare(options: BrowserContextOptions = {}): void {
    if (this.closed || this.spare || !this.browser || !this.browser.isConnected()) return;
    const browser = this.browser;
    const ready = (async () => {
      const context = await browser.newContext(options);
      try {
        const page = await context.newPage();
        let crashed = false;
        page.once('crash', () => {
          crashed = true;
        });
        return { context, page, alive: () => !crashed && !page.isClosed() };
      } catch {
        await context.close().catch(() => undefined);
        return null;
      }
    })().catch(() => null);
    this.spare = { key: JSON.stringify(options), ready };
  }

  /** A browser that did not open a session in time: a remote one is let go of (see forgetRemote). */
  private notOpening(browser: Browser): never {
    this.forgetRemote(browser);
    fail(
      'BROWSER_CRASHED',
      `The browser did not open a new session within ${NEW_CONTEXT_MS / 1000} s: ${this.lostReason}. Retry.`,
    );
  }

  private async takeSpare(options: BrowserContextOptions, browser: Browser): Promise<Spare | null> {
    const spare = this.spare;
    if (!spare || spare.key !== JSON.stringify(options)) return null;
    this.spare = null;
    // The spare was being made when its browser stopped answering (a grid node that hung): it never will be.
    const got = await within(spare.ready, NEW_CONTEXT_MS);
    if (got === TIMEOUT) {
      void spare.ready.then((late) => late?.context.close()).catch(() => undefined);
      this.notOpening(browser);
    }
    if (!got) return null;
    if (
      !browser.isConnected() ||
      got.context.browser() !== browser ||
      !got.alive() ||
      !(await answers(got.page))
    ) {
      // A dead spare (its renderer was killed) would fail the open that took it: start fresh instead.
      void got.context.close().catch(() => undefined);
      return null;
    }
    return got;
  }

  /** OS process id of the running browser, if any (used to diagnose and, in tests, to kill it). */
  async browserPid(): Promise<number | null> {
    if (!this.browser || !this.browser.isConnected() || this.options.wsEndpoint) return null;
    const session = await this.browser.newBrowserCDPSession();
    try {
      const info = (await session.send('SystemInfo.getProcessInfo')) as {
        processInfo: Array<{ type: string; id: number }>;
      };
      return info.processInfo.find((p) => p.type === 'browser')?.id ?? null;
    } finally {
      await session.detach().catch(() => undefined);
    }
  }

  /** Closes the browser; the pool refuses new work afterwards. */
  async shutdown(): Promise<void> {
    this.closed = true;
    void this.discardSpare();
    const browser = this.browser ?? (this.launching ? await this.launching.catch(() => null) : null);
    this.browser = null;
    if (browser) await browser.close().catch(() => undefined);
  }
}

/**
 * Whether the page's renderer still answers: the crash event of a renderer killed a moment ago may not
 * have arrived yet. One protocol round trip, paid only when a spare is taken.
 */
/** Whether the browser answers a DevTools session's opening within ANSWER_MS (no context needed). */
async function sessionAnswers(browser: Browser): Promise<boolean> {
  if (!browser.isConnected()) return false;
  const opened = browser.newBrowserCDPSession().then(
    async (session) => {
      await session.detach().catch(() => undefined);
      return true;
    },
    () => browser.isConnected(),
  );
  return (await within(opened, ANSWER_MS)) === true;
}

async function answers(page: Page): Promise<boolean> {
  const answered = await within(
    page.evaluate('1').then(
      () => true,
      () => false,
    ),
    1_000,
  );
  return answered === true;
}

function isBusy(cpu: BrowserCpu): boolean {
  return cpu.runnable ? cpu.runnable.share >= BUSY_RUNNABLE_SHARE : cpu.cores >= BUSY_CORES;
}

function firstLine(err: unknown): string {
  if (isScormTesterError(err)) return err.message;
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? text).trim();
}

let shared: BrowserPool | null = null;

/** The process-wide pool used by the MCP server, CLI and inspector. */
export function sharedBrowserPool(): BrowserPool {
  if (!shared) shared = new BrowserPool();
  return shared;
}
