/**
 * Which browser sessions a piece of work (one package of a batch) opened, however deep in the run they
 * were asked for: when the work is cut by its time limit, its own browsers are the ones asked whether they
 * still answer (a grid node that hung), so the cut is classified as the browser's loss or the course's hang.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** A session on a browser, or a session being opened on it. */
export interface BrowserUse {
  /** What its browser going away is reported as (a remote one names its endpoint, masked). */
  lostReason: string;
  /** True once its browser was found gone while in use. */
  isLost(): boolean;
  /** True while the session is open (or being opened). */
  isOpen(): boolean;
  /** Asks the browser a round trip (bounded); true when it is gone. */
  browserGone(): Promise<boolean>;
}

const tracked = new AsyncLocalStorage<Set<BrowserUse>>();

/** Runs `work`, adding to `uses` every session opened (or being opened) within it. */
export function trackLeases<T>(uses: Set<BrowserUse>, work: () => T): T {
  return tracked.run(uses, work);
}

/** Called by the pool for each session it opens. */
export function noteLease(use: BrowserUse): void {
  tracked.getStore()?.add(use);
}
