/**
 * Whether the SCO's page is still running its own scripts: a course that parses and starts a
 * multi-megabyte player (Storyline, Captivate) on a loaded machine is silent for seconds before its
 * first API call while its main thread is busy, in long tasks with short idle gaps between them
 * (timers, the next script). A chain of zero-delay timers in the page over half a second is held up by
 * any such task; one that waits at a start screen lets the chain run. A course that breaks its own timers
 * is taken for busy: its run then waits its maximum, no more.
 */
import { TIMEOUT, within } from '../core/within.js';
import type { CourseRuntime } from './course-runtime.js';

const WATCH_MS = 500;
/** The longest wait between two timers of the chain that still counts as idle (a loaded machine's is tens of ms). */
const IDLE_GAP_MS = 150;

const LONGEST_GAP = `new Promise((done) => {
  const end = performance.now() + ${WATCH_MS};
  let last = performance.now();
  let longest = 0;
  const hop = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (now < end) setTimeout(hop, 0);
    else done(longest);
  };
  setTimeout(hop, 0);
})`;

export async function scoBusy(runtime: CourseRuntime): Promise<boolean> {
  const started = Date.now();
  try {
    const frame = await runtime.scoFrame();
    const longest = await within(frame.evaluate(LONGEST_GAP) as Promise<unknown>, WATCH_MS + 2_000);
    if (longest === TIMEOUT || typeof longest !== 'number') return true;
    // The evaluation itself waited for a task that was running when it arrived.
    return longest > IDLE_GAP_MS || Date.now() - started - WATCH_MS > IDLE_GAP_MS + 100;
  } catch {
    return false; // gone or navigating: the settle loop sees that for itself
  }
}
