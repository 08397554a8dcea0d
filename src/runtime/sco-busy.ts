/**
 * Whether the SCO's page is still running its own scripts: a trivial script evaluated in its frame
 * waits for the page's main thread. A course that parses and starts a multi-megabyte player (Storyline,
 * Captivate) on a loaded machine is silent for seconds before its first API call while that thread is
 * busy; a course waiting at a start screen answers at once. A course that breaks its own timers is
 * taken for busy: its run then waits its maximum, no more.
 */
import { TIMEOUT, within } from '../core/within.js';
import type { CourseRuntime } from './course-runtime.js';

/**
 * Three tasks in a row: a start-up that runs in chunks with short idle gaps between them (timers, loaded
 * scripts) holds at least one of them up for a whole chunk, where a single evaluation could land in a gap.
 */
const THREE_TASKS =
  'new Promise((done) => { let hops = 0; const hop = () => (++hops < 3 ? setTimeout(hop, 0) : done(hops)); setTimeout(hop, 0); })';
/** Answered later than this, the page was busy. An idle page answers in a few ms, a loaded machine's in tens. */
const BUSY_ANSWER_MS = 250;
/** The wait for the answer; a page busier than this is busy. */
const ANSWER_WAIT_MS = 2_000;

export async function scoBusy(runtime: CourseRuntime): Promise<boolean> {
  const started = Date.now();
  try {
    const frame = await runtime.scoFrame();
    const answer = await within(frame.evaluate(THREE_TASKS), ANSWER_WAIT_MS);
    return answer === TIMEOUT || Date.now() - started > BUSY_ANSWER_MS;
  } catch {
    return false; // gone or navigating: the settle loop sees that for itself
  }
}
