/**
 * Sessions spread over several remote browsers (one BrowserPool per endpoint): each new context goes to
 * the browser with the fewest open sessions, the first one listed on a tie.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { BrowserPool, type BrowserPoolOptions, type LeasedContext } from './browser-pool.js';

/** What opening a course needs from a pool: one local browser, or several remote ones. */
export interface ContextPool {
  newContext(options?: BrowserContextOptions): Promise<LeasedContext>;
  warmSpare(options?: BrowserContextOptions): void;
  shutdown(): Promise<void>;
}

export class SpreadBrowserPool implements ContextPool {
  readonly pools: readonly BrowserPool[];

  constructor(endpoints: readonly string[], options: Omit<BrowserPoolOptions, 'wsEndpoint'> = {}) {
    this.pools = endpoints.map((wsEndpoint) => new BrowserPool({ ...options, wsEndpoint }));
  }

  /** Connects to every endpoint now (and checks each), so a bad one fails before any course runs. */
  async connectAll(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.getBrowser()));
  }

  newContext(options: BrowserContextOptions = {}): Promise<LeasedContext> {
    return this.leastBusy().newContext(options);
  }

  /** The spare goes where the next session will: the browser that is least busy now. */
  warmSpare(options: BrowserContextOptions = {}): void {
    this.leastBusy().warmSpare(options);
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.shutdown()));
  }

  private leastBusy(): BrowserPool {
    let best = this.pools[0]!;
    for (const pool of this.pools) if (pool.openLeases < best.openLeases) best = pool;
    return best;
  }
}
