/**
 * The browser killed mid-session: the runtime reports BROWSER_CRASHED, can still be closed, and the
 * next runtime starts a fresh browser. Own pool, so killing it affects no other test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import { buildRteInit } from '../../src/rte/adapter/index.js';
import { BrowserPool } from '../../src/runtime/browser-pool.js';
import { findChromium } from '../../src/runtime/chromium.js';
import type { OpenCourseSpec } from '../../src/runtime/course-runtime.js';
import { openCourseRuntime } from '../../src/runtime/open-course-runtime.js';
import type { RuntimeCrash } from '../../src/runtime/records.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const SKIP = (() => {
  try {
    findChromium();
    return false;
  } catch (err) {
    return (err as Error).message;
  }
})();

test(
  'browser killed mid-session -> BROWSER_CRASHED, then a fresh runtime works',
  { skip: SKIP },
  async () => {
    const pool = new BrowserPool();
    const spec: OpenCourseSpec = {
      packageRoot: resolve(FIXTURES_DIR, 'courses/scorm12-single'),
      launchPath: 'index.html',
      scormVersion: '1.2',
      scoId: 'item1',
      rte: buildRteInit({ version: '1.2', scoId: 'item1' }),
      pool,
      timeoutMs: 5_000,
    };
    try {
      const rt = await openCourseRuntime(spec);
      await rt.waitForCall('Initialize', 5_000);
      const crashed = new Promise<RuntimeCrash>((r) => rt.on('crashed', r));
      const pending = rt.waitForCall('LMSFinish', 10_000);
      const pid = await pool.browserPid();
      assert.ok(pid);
      process.kill(pid, 'SIGKILL');

      const event = await crashed;
      assert.match(event.reason, /Chromium/);
      await assert.rejects(
        pending,
        (err: unknown) => err instanceof ScormTesterError && err.code === 'BROWSER_CRASHED',
      );
      await assert.rejects(
        rt.callApi('LMSGetValue', ['cmi.core.lesson_status']),
        (err: unknown) =>
          err instanceof ScormTesterError &&
          err.code === 'BROWSER_CRASHED' &&
          /open the course again/.test(err.message),
      );
      await assert.rejects(
        rt.screenshot(),
        (err: unknown) => err instanceof ScormTesterError && err.code === 'BROWSER_CRASHED',
      );
      assert.equal(rt.status().crashed, true);
      // What was recorded before the crash is still there.
      assert.equal(rt.calls[0]?.method, 'LMSInitialize');
      await rt.close();

      const fresh = await openCourseRuntime(spec);
      try {
        assert.equal(pool.generation, 2);
        const init = await fresh.waitForCall('Initialize', 5_000);
        assert.equal(init.result, 'true');
        assert.equal((await fresh.callApi('LMSGetValue', ['cmi.core.lesson_location'])).result, 'page1');
      } finally {
        await fresh.close();
      }
    } finally {
      await pool.shutdown();
    }
  },
);
