/**
 * Whether a browser is still there, asked instead of guessed: a browser whose process was killed (or
 * whose grid node died) can leave its connection open for a while, so `isConnected()` alone says "alive"
 * for a moment after the pages are gone. A round trip through the browser process (the context's cookie
 * store: it is the browser's, not a renderer's, so a course stuck in a loop does not hold it up) tells
 * for sure; one that fails, or is not answered within the bound, means the browser is gone.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { TIMEOUT, within } from '../core/within.js';

/** How long a live browser may take to answer, on a loaded machine, before it counts as gone. */
export const ANSWER_MS = 5_000;

function disconnection(browser: Browser): { happened: Promise<false>; stop: () => void } {
  let stop = (): void => undefined;
  const happened = new Promise<false>((resolve) => {
    const on = (): void => resolve(false);
    browser.once('disconnected', on);
    stop = () => browser.off('disconnected', on);
  });
  return { happened, stop };
}

/** True when the browser answers a round trip on `context` within `ms`. */
export async function browserAnswers(
  browser: Browser,
  context: BrowserContext,
  ms = ANSWER_MS,
): Promise<boolean> {
  if (!browser.isConnected()) return false;
  const gone = disconnection(browser);
  try {
    const roundTrip = context.cookies().then(
      () => true,
      () => false,
    );
    const out = await within(Promise.race([roundTrip, gone.happened]), ms);
    return out === true;
  } finally {
    gone.stop();
  }
}

/** True when the browser disconnects within `ms` (at once if it already has). */
export async function disconnectsWithin(browser: Browser, ms: number): Promise<boolean> {
  if (!browser.isConnected()) return true;
  const gone = disconnection(browser);
  try {
    return (await within(gone.happened, ms)) !== TIMEOUT;
  } finally {
    gone.stop();
  }
}
