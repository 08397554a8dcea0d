/**
 * No browser keeps burning CPU after the sessions that used it closed (issue 19): when the last lease of
 * a browser closes, a browser still busy is shut down, one at rest is kept. Real Chromium; the busy
 * process is a page the pool's sessions left behind, outside any lease (as a GPU process or renderer a
 * course kept busy). Processes are measured from /proc. Own pool per test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { BrowserPool } from '../../src/runtime/browser-pool.js';
import { CHROMIUM_SKIP } from '../helpers/chromium.js';
import { descendantsOf } from '../helpers/processes.js';
import { until } from '../helpers/until.js';

/** CPU ticks (user + system) a process has used so far, from /proc/<pid>/stat; 0 once it is gone. */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

test(
  'the last lease closing shuts down a browser still burning CPU; the next lease gets a new one',
  { skip: CHROMIUM_SKIP },
  async () => {
    const pool = new BrowserPool();
    try {
      const lease = await pool.newContext();
      const browser = await pool.getBrowser();
      const pid = await pool.browserPid();
      assert.ok(pid);
      const stray = await browser.newContext();
      const page = await stray.newPage();
      await page.evaluate('setTimeout(() => { for (;;) {} }, 0)');
      const children = descendantsOf(pid).map((p) => p.pid);
      const ticksBefore = children.reduce((sum, child) => sum + cpuTicks(child), 0);
      await until(
        async () =>
          children.reduce((sum, child) => sum + cpuTicks(child), 0) > ticksBefore ? true : undefined,
        'the stray page to burn CPU',
      );

      await lease.close();
      const check = await pool.idleChecked();
      assert.equal(check?.outcome, 'recycled', JSON.stringify(check));
      assert.equal(check?.cpu?.runnable?.type, 'renderer', 'the spinning renderer was found');
      assert.equal(browser.isConnected(), false);
      await until(
        async () => (existsSync(`/proc/${pid}`) ? undefined : true),
        'the old browser process to exit',
      );
      for (const child of children) {
        await until(async () => (cpuTicks(child) === 0 ? true : undefined), `child ${child} to exit`);
      }

      const next = await pool.newContext();
      assert.equal(pool.generation, 2, 'a new browser was launched');
      await next.close();
    } finally {
      await pool.shutdown();
    }
  },
);

test('a browser at rest is kept when its last lease closes', { skip: CHROMIUM_SKIP }, async () => {
  const pool = new BrowserPool();
  try {
    const lease = await pool.newContext();
    const page = await lease.context.newPage();
    await page.setContent('<p>at rest</p>');
    const browser = await pool.getBrowser();
    await lease.close();
    const check = await pool.idleChecked();
    assert.equal(check?.outcome, 'idle', JSON.stringify(check));
    assert.equal(browser.isConnected(), true);
    assert.equal(pool.generation, 1);
  } finally {
    await pool.shutdown();
  }
});
