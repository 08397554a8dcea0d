/**
 * Whether a SCO frame is still starting: its document not yet complete, its load event under a moment ago
 * (a player such as Adapt builds its pages from data it fetches after load), or a file we serve still on its
 * way. adapt-2, asked for its slides right after scorm_open_course, showed no player; 300 ms later it did.
 */
import type { Frame } from 'playwright-core';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { boundedPageCall } from '../bounded.js';

/** How long after its load event a frame counts as still starting (measured: adapt-2 drew its menu within 300 ms). */
export const AFTER_LOAD_MS = 1_500;
/** The most a reader waits for a starting course before answering what it sees. */
export const START_WAIT_MS = 6_000;

export async function stillStarting(runtime: CourseRuntime, frame: Frame): Promise<boolean> {
  if (runtime.isLoading) return true;
  const sinceLoad = await boundedPageCall(runtime, frame, 'reading the load state', 1_000, () =>
    frame.evaluate(() => {
      if (document.readyState !== 'complete') return -1;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return nav && nav.loadEventEnd > 0 ? performance.now() - nav.loadEventEnd : Infinity;
    }),
  ).catch(() => Infinity);
  return typeof sinceLoad !== 'number' || sinceLoad < AFTER_LOAD_MS;
}
