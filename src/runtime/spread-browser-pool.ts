/**
 * Sessions spread over several remote browsers (one BrowserPool per endpoint): each new context goes to
 * the browser with the fewest open sessions, the first one listed on a tie, among those not marked down.
 *
 * An endpoint that cannot be reached (connection refused or timed out, or it failed its checks), or whose
 * browser stopped answering a session, is marked down: the context is asked of the next endpoint instead, and later sessions avoid it until DOWN_MS has
 * passed, when it gets one more chance (a node that restarted is reconnected). Only when no endpoint can
 * be reached does opening fail, with BROWSER_UNREACHABLE giving each endpoint's reason.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { fail, isScormTesterError } from '../core/errors.js';
import { BrowserPool, type BrowserPoolOptions, type LeasedContext } from './browser-pool.js';
import { maskEndpoint } from './browser-endpoint.js';

/** What opening a course needs from a pool: one local browser, or several remote ones. */
export interface ContextPool {
  newContext(options?: BrowserContextOptions): Promise<LeasedContext>;
  warmSpare(options?: BrowserContextOptions): void;
  shutdown(): Promise<void>;
}

/** How long an endpoint that could not be reached is passed over before it is tried again. */
const DOWN_MS = 30_000;

/** Errors that say the endpoint (not the course or the options) is what failed. */
const ENDPOINT_FAILURES = new Set(['BROWSER_UNREACHABLE', 'BROWSER_UNSUITABLE', 'BROWSER_CRASHED']);

/** An endpoint found down: which one (masked) and why. */
export interface DownEndpoint {
  endpoint: string;
  reason: string;
}

interface Node {
  pool: BrowserPool;
  shown: string;
  /** Passed over until this time (Date.now()); 0 while up. */
  downUntil: number;
  reason: string;
}

export class SpreadBrowserPool implements ContextPool {
  private readonly nodes: Node[];

  constructor(endpoints: readonly string[], options: Omit<BrowserPoolOptions, 'wsEndpoint'> = {}) {
    this.nodes = endpoints.map((wsEndpoint) => ({
      pool: new BrowserPool({ ...options, wsEndpoint }),
      shown: maskEndpoint(wsEndpoint),
      downUntil: 0,
      reason: '',
    }));
  }

  get pools(): readonly BrowserPool[] {
    return this.nodes.map((node) => node.pool);
  }

  /**
   * Connects to every endpoint now (and checks each), so that a bad grid fails before any course runs.
   * A browser that would break the network policy (BROWSER_UNSUITABLE) stops everything; endpoints that
   * cannot be reached are marked down and returned, unless none can be, which throws.
   */
  async connectAll(): Promise<DownEndpoint[]> {
    const outcomes = await Promise.allSettled(this.nodes.map((node) => node.pool.getBrowser()));
    const down: DownEndpoint[] = [];
    const errors: unknown[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') continue;
      const err: unknown = outcome.reason;
      if (isScormTesterError(err) && err.code === 'BROWSER_UNSUITABLE') throw err;
      errors.push(err);
      down.push(this.markDown(this.nodes[i]!, err));
    }
    if (down.length === this.nodes.length) this.failAll(errors);
    return down;
  }

  /** A context on the least busy endpoint that answers; endpoints that do not are marked down on the way. */
  async newContext(options: BrowserContextOptions = {}): Promise<LeasedContext> {
    const errors: unknown[] = [];
    for (const node of this.candidates()) {
      try {
        const lease = await node.pool.newContext(options);
        node.downUntil = 0;
        return lease;
      } catch (err) {
        if (!isScormTesterError(err) || !ENDPOINT_FAILURES.has(err.code)) throw err;
        errors.push(err);
        this.markDown(node, err);
      }
    }
    this.failAll(errors);
  }

  /** The spare goes where the next session will: the browser that is least busy now. */
  warmSpare(options: BrowserContextOptions = {}): void {
    this.candidates()[0]?.pool.warmSpare(options);
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.pool.shutdown()));
  }

  /** Every endpoint, each once: those up (or due another try), least busy first, then those still down. */
  private candidates(): Node[] {
    const now = Date.now();
    // A browser that stopped answering a session's round trip is down too: connecting to it again would
    // wait out the connection's and the checks' bounds before the next endpoint is tried.
    const until = (node: Node): number => Math.max(node.downUntil, node.pool.unansweredAt + DOWN_MS);
    const byLoad = (a: Node, b: Node): number => a.pool.openLeases - b.pool.openLeases;
    const up = this.nodes.filter((node) => until(node) <= now).sort(byLoad);
    const down = this.nodes.filter((node) => until(node) > now).sort((a, b) => until(a) - until(b));
    return [...up, ...down];
  }

  private markDown(node: Node, err: unknown): DownEndpoint {
    node.downUntil = Date.now() + DOWN_MS;
    node.reason = err instanceof Error ? err.message : String(err);
    return { endpoint: node.shown, reason: node.reason };
  }

  /** One endpoint: its own error as it was. Several: BROWSER_UNREACHABLE with each one's reason. */
  private failAll(errors: unknown[]): never {
    if (this.nodes.length === 1 && errors.length === 1) throw errors[0];
    const reasons = this.nodes.map((node) => ({ endpoint: node.shown, reason: node.reason }));
    fail(
      'BROWSER_UNREACHABLE',
      `None of the ${this.nodes.length} remote browsers can be used: ` +
        reasons.map((r) => `${r.endpoint}: ${r.reason}`).join(' | '),
      { endpoints: reasons },
    );
  }
}
