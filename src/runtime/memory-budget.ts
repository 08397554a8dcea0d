/**
 * A JavaScript heap budget per course. The SCO runs in the player's renderer (same origin, one V8 heap),
 * and nothing else bounds what it keeps: a hostile or broken course held about 3 GB without a word. So
 * the heap is read through the runtime's own DevTools session, and past the budget the course's script is
 * stopped and the run says why (the runtime turns it into a memory_budget_exceeded anomaly).
 *
 * The heap is read with Performance.getMetrics (JSHeapUsedSize): one of the few commands Chromium
 * delivers by interrupting running JavaScript (see main-thread-probe), so a loop that allocates without
 * ever returning is seen too. Runtime.getHeapUsage waits for the script to end, which such a loop never
 * does.
 */
import type { CDPSession } from 'playwright-core';
import { TIMEOUT, within } from '../core/within.js';

/** Default budget: far above what real courses use (a large Storyline export: about 100-200 MB). */
export const DEFAULT_MEMORY_BUDGET_MB = 1024;
export const MIN_MEMORY_BUDGET_MB = 64;
/** V8's own heap limit in a renderer is about 4 GB; a budget at or past it could never be reached. */
export const MAX_MEMORY_BUDGET_MB = 3072;
/** How often the heap is read. A course allocating faster than the heap limit per interval still crashes its page first. */
export const MEMORY_POLL_MS = 250;
/** How long one reading may take (a renderer starved of CPU answers late); a late reading is skipped. */
const READ_WAIT_MS = 2_000;

/** Why a budget in MB cannot be used, or null when it can (0 switches the budget off). */
export function memoryBudgetProblem(mb: number): string | null {
  if (Number.isInteger(mb) && (mb === 0 || (mb >= MIN_MEMORY_BUDGET_MB && mb <= MAX_MEMORY_BUDGET_MB)))
    return null;
  return `the memory budget must be 0 (none) or a whole number of MB from ${MIN_MEMORY_BUDGET_MB} to ${MAX_MEMORY_BUDGET_MB} (got ${mb})`;
}

/** The budget in bytes; null switches the watch off (0 MB). */
export function memoryBudgetBytes(mb: number | undefined): number | null {
  const value = mb ?? DEFAULT_MEMORY_BUDGET_MB;
  return value === 0 ? null : value * 1024 * 1024;
}

/** The page's used JavaScript heap in bytes, or null when the page did not answer in time. */
export async function readHeapUsed(cdp: CDPSession): Promise<number | null> {
  const read = cdp.send('Performance.getMetrics').then(
    (r: { metrics: Array<{ name: string; value: number }> }) =>
      r.metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? null,
    () => null,
  );
  const value = await within(read, READ_WAIT_MS);
  return value === TIMEOUT ? null : value;
}

/**
 * Reads the heap every MEMORY_POLL_MS and calls `exceeded` (awaited, one at a time) with the reading
 * each time it is over the budget. Returns the function that stops the watch.
 */
export function watchMemory(
  cdp: CDPSession,
  budgetBytes: number,
  exceeded: (usedBytes: number) => Promise<void>,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    try {
      const used = await readHeapUsed(cdp);
      if (!stopped && used !== null && used > budgetBytes) await exceeded(used);
    } catch {
      // a page going away mid-reading: the next tick (or stop) decides
    }
    if (!stopped) schedule();
  };
  const schedule = (): void => {
    timer = setTimeout(() => void tick(), MEMORY_POLL_MS);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
