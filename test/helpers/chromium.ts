/** For test files that drive a real Chromium: why they skip, and one browser pool per file. */
import { after, before } from 'node:test';
import { BrowserPool } from '../../src/runtime/browser-pool.js';
import { findChromium } from '../../src/runtime/chromium.js';

/** false when a Chromium is found; otherwise the reason, for `{ skip: CHROMIUM_SKIP }`. */
export const CHROMIUM_SKIP: false | string = (() => {
  try {
    findChromium();
    return false;
  } catch (err) {
    return (err as Error).message;
  }
})();

/** A pool started before the file's tests and shut down after them; call at the file's top level. */
export function filePool(): () => BrowserPool {
  let pool: BrowserPool | undefined;
  before(() => {
    pool = new BrowserPool();
  });
  after(async () => {
    await pool?.shutdown();
  });
  return () => {
    if (!pool) throw new Error('the browser pool starts before the tests');
    return pool;
  };
}
