/**
 * One lazily launched Chromium shared by every session; one isolated context per session.
 * When the browser dies, every lease made from it is told, and the next request launches a new one.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { fail, isScormTesterError } from '../core/errors.js';
import { chromiumArgs, findChromium } from './chromium.js';

export interface BrowserPoolOptions {
  /** Explicit executable; otherwise findChromium(env). */
  executablePath?: string;
  env?: NodeJS.ProcessEnv;
  launchTimeoutMs?: number;
}

/** A context handed to one session, with a way to hear that its browser went away. */
export interface LeasedContext {
  context: BrowserContext;
  /** A blank page already open in the context (from a pre-warmed spare), if any. */
  page: Page | null;
  /** Which browser launch this context belongs to (1, 2, ... after relaunches). */
  generation: number;
  /** Called once if the browser disconnects while the lease is open; returns an unsubscribe function. */
  onCrash(listener: (reason: string) => void): () => void;
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
  private readonly crashListeners = new Set<(reason: string) => void>();
  /** A context + blank page prepared while idle, so the next open skips their start-up. */
  private spare: { key: string; ready: Promise<Spare | null> } | null = null;

  constructor(private readonly options: BrowserPoolOptions = {}) {}

  get generation(): number {
    return this.generationCounter;
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
    this.generationCounter += 1;
    this.browser = browser;
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = null;
      this.spare = null;
      const reason = this.closed
        ? 'the browser pool was shut down'
        : 'the Chromium process exited or was killed';
      for (const l of [...this.crashListeners]) l(reason);
    });
    return browser;
  }

  /** A fresh isolated context on the shared browser. */
  async newContext(options: BrowserContextOptions = {}): Promise<LeasedContext> {
    const browser = await this.getBrowser();
    const generation = this.generationCounter;
    const taken = await this.takeSpare(options, browser);
    let context: BrowserContext;
    let page: Page | null = null;
    if (taken) {
      ({ context, page } = taken);
    } else {
      try {
        context = await browser.newContext(options);
      } catch (err) {
        if (!browser.isConnected()) {
          fail(
            'BROWSER_CRASHED',
            `The browser died while a new session was being opened (${firstLine(err)}). Retry.`,
          );
        }
        throw err;
      }
    }
    const listeners = new Set<(reason: string) => void>();
    let done = false;
    const relay = (reason: string): void => {
      if (done) return;
      done = true;
      this.crashListeners.delete(relay);
      for (const l of [...listeners]) l(reason);
    };
    this.crashListeners.add(relay);
    return {
      context,
      page,
      generation,
      onCrash: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: async () => {
        done = true;
        this.crashListeners.delete(relay);
        if (!browser.isConnected()) return;
        await context.close().catch(() => undefined);
      },
    };
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

  private async takeSpare(options: BrowserContextOptions, browser: Browser): Promise<Spare | null> {
    const spare = this.spare;
    if (!spare || spare.key !== JSON.stringify(options)) return null;
    this.spare = null;
    const got = await spare.ready;
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
    if (!this.browser || !this.browser.isConnected()) return null;
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
async function answers(page: Page): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 1_000);
  });
  try {
    return await Promise.race([
      page.evaluate('1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
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
