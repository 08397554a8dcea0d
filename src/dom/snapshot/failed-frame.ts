/**
 * A frame that failed to load shows the browser's own error page (an external video with the network
 * off, a site that refuses to be framed, an address that does not answer). That page is not the course's
 * and cannot be read; what the course asked for is the src of the frame's element.
 */
import type { Frame } from 'playwright-core';
import { within } from '../../core/within.js';

const ERROR_PAGE = 'chrome-error://';
/** A busy parent page delays the read of the attribute: past this the address is not named. */
const SRC_READ_MS = 1_000;
/** The address is the course's text: long enough to recognise, never the whole of a data: URL. */
const MAX_SRC = 300;

/** The src of `frame`'s element when the frame shows the browser's error page ('' when it has none); null when it loaded. */
export async function failedFrameSrc(frame: Frame): Promise<string | null> {
  if (!frame.url().startsWith(ERROR_PAGE)) return null;
  const element = await within(
    frame.frameElement().catch(() => null),
    SRC_READ_MS,
  );
  if (!element || typeof element === 'symbol') return '';
  try {
    // Read in Playwright's isolated world: the course's scripts cannot change what is answered.
    const src = await within(
      element.getAttribute('src').catch(() => null),
      SRC_READ_MS,
    );
    if (typeof src !== 'string') return '';
    return src.length > MAX_SRC ? `${src.slice(0, MAX_SRC - 1)}…` : src;
  } finally {
    await element.dispose().catch(() => undefined);
  }
}
