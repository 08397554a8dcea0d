/**
 * The inspector's web UI (issue 10), on `scorm-tester inspect` of the inspector-stamps fixture in real
 * Chromium: first paint after the URL is served (target at most 500 ms; also when the shell rendered and
 * when the first snapshot arrived), and the delay from a SCO's API call to its row in the API log (target
 * at most 100 ms; the SCO stamps Date.now() into the value, the page notes Date.now() when the row
 * appears).
 */
import { join } from 'node:path';
import { BrowserPool } from '../src/runtime/browser-pool.js';
import {
  ensureRuntimeOpen,
  openInspectorPage,
  stampDelays,
  startTimings,
  watchStampRows,
} from '../test/helpers/inspector-browser.js';
import { startInspect } from '../test/helpers/inspector.js';
import { FIXTURES_DIR } from '../test/helpers/paths.js';
import { median, type BenchRow } from './stats.js';

const PAGE_LOADS = 9;
const STAMPS = 40;

export async function benchInspector(): Promise<BenchRow[]> {
  // --no-runtime: the SCO starts stamping when the page opens the runtime, after the watch is installed.
  const inspect = await startInspect(join(FIXTURES_DIR, 'courses', 'inspector-stamps'), '--no-runtime');
  const pool = new BrowserPool();
  try {
    const paint: number[] = [];
    const shell: number[] = [];
    const live: number[] = [];
    for (let i = 0; i < PAGE_LOADS; i++) {
      const { page, close } = await openInspectorPage(pool, inspect.url);
      const t = await startTimings(page);
      if (t.firstPaintMs !== null) paint.push(t.firstPaintMs);
      if (t.shellMs !== null) shell.push(t.shellMs);
      if (t.liveMs !== null) live.push(t.liveMs);
      await close();
    }
    const { page, close } = await openInspectorPage(pool, inspect.url);
    await startTimings(page);
    await watchStampRows(page);
    await ensureRuntimeOpen(page);
    await page.waitForFunction(
      (count) => Object.keys((window as unknown as { stampDelays: object }).stampDelays).length >= count,
      STAMPS,
      { timeout: 60_000 },
    );
    const delays = await stampDelays(page);
    await close();
    return [
      { name: 'first contentful paint', median_ms: median(paint), runs: paint.length, target: '≤ 500 ms' },
      { name: 'shell rendered by the UI', median_ms: median(shell), runs: shell.length },
      { name: 'first snapshot received', median_ms: median(live), runs: live.length },
      {
        name: "SCO's API call -> row in the log",
        median_ms: median(delays),
        runs: delays.length,
        target: '≤ 100 ms',
        note: `max ${Math.max(...delays)} ms`,
      },
    ];
  } finally {
    await pool.shutdown();
    await inspect.stop();
  }
}
