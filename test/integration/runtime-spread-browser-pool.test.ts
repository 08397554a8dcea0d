/** Sessions spread over several remote browsers: each new context goes to the least busy one. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SpreadBrowserPool } from '../../src/runtime/spread-browser-pool.js';
import { startBrowserServer, type BrowserServer } from '../helpers/browser-server.js';
import { CHROMIUM_SKIP } from '../helpers/chromium.js';

let servers: BrowserServer[] = [];
before(async () => {
  if (!CHROMIUM_SKIP) servers = await Promise.all([startBrowserServer(), startBrowserServer()]);
});
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

test(
  'contexts go to the browser with the fewest open sessions, the first listed on a tie',
  { skip: CHROMIUM_SKIP },
  async () => {
    const pool = new SpreadBrowserPool(servers.map((s) => s.wsEndpoint));
    try {
      await pool.connectAll();
      const [a, b] = pool.pools;
      const first = await pool.newContext();
      const second = await pool.newContext();
      assert.notEqual(first.context.browser(), second.context.browser(), 'two sessions, two browsers');
      assert.deepEqual([a!.openLeases, b!.openLeases], [1, 1]);
      await first.close();
      const third = await pool.newContext();
      assert.equal(third.context.browser(), first.context.browser(), 'the freed browser takes the next one');
      const fourth = await pool.newContext();
      assert.deepEqual([a!.openLeases, b!.openLeases], [2, 1], 'a tie goes to the first listed');
      await Promise.all([second.close(), third.close(), fourth.close()]);
    } finally {
      await pool.shutdown();
    }
  },
);
