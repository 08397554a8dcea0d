/** Whether the course is still loading a file we serve, read from the recent end of the network record. */
import type { NetworkEntry } from './records.js';

/** How long one unanswered request for a file we serve counts as the course still loading. */
export const LOADING_HOLD_MS = 10_000;

/**
 * True when a request for a file we serve (the player's or the package's) made within LOADING_HOLD_MS of
 * `now` has no answer yet. Older ones do not count: a request the browser dropped without a word (its
 * page closed) must not hold a wait for ever. `requests` is in time order.
 */
export function servedFileLoading(requests: readonly NetworkEntry[], now: number): boolean {
  const since = now - LOADING_HOLD_MS;
  for (let i = requests.length - 1; i >= 0 && requests[i]!.timestamp >= since; i--) {
    const r = requests[i]!;
    if (r.scope !== 'external' && r.statusCode === undefined && r.error === undefined) return true;
  }
  return false;
}
