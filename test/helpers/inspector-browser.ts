/**
 * For the inspector's browser tests: pages on its URL (`scorm-tester inspect` itself is started by
 * inspector.ts's startInspect), and what they measure.
 */
import type { Page } from 'playwright-core';
import type { BrowserPool } from '../../src/runtime/browser-pool.js';

/** A page of its own context in the pool's browser, with page errors collected. */
export async function openInspectorPage(
  pool: BrowserPool,
  url: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const lease = await pool.newContext({ viewport: { width: 1400, height: 900 } });
  const page = lease.page ?? (await lease.context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url);
  return { page, errors, close: () => lease.close() };
}

/** Opens the runtime from the header when it is not open yet. */
export async function ensureRuntimeOpen(page: Page): Promise<void> {
  const runtime = page.getByTestId('runtime-state');
  await runtime.filter({ hasNotText: '…' }).waitFor();
  if ((await runtime.textContent())?.startsWith('open')) return;
  await page.getByRole('button', { name: 'Open runtime' }).click();
  await runtime.filter({ hasText: /^open/ }).waitFor();
}

/** The API log's row count text, e.g. "42 calls" or "3 of 42 calls". */
export function apiLogCount(page: Page): Promise<string | null> {
  return page.locator('.api-log .count').textContent();
}

/**
 * Starts watching the API log of the inspector page for rows of the inspector-stamps fixture's calls
 * (SetValue cmi.location "stamp-N-<Date.now() in the SCO>"), noting for each N how many ms after the SCO's
 * call its row appeared. Read with stampDelays.
 */
export async function watchStampRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const delays: Record<string, number> = {};
    (window as unknown as { stampDelays: Record<string, number> }).stampDelays = delays;
    const look = (node: Node): void => {
      const now = Date.now();
      const element = node instanceof Element ? node : node.parentElement;
      if (!element?.closest('.api-log')) return;
      for (const match of (node.textContent ?? '').matchAll(/stamp-(\d+)-(\d+)/g)) {
        const [, n, at] = match;
        if (n !== undefined && at !== undefined && delays[n] === undefined) delays[n] = now - Number(at);
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') look(record.target);
        for (const node of record.addedNodes) look(node);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** The delays watchStampRows noted so far, in stamp order. */
export async function stampDelays(page: Page): Promise<number[]> {
  const delays = await page.evaluate(
    () => (window as unknown as { stampDelays: Record<string, number> }).stampDelays,
  );
  return Object.entries(delays)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, ms]) => ms);
}

/** What the page measured of its own start: first contentful paint, shell rendered, first snapshot. */
export async function startTimings(
  page: Page,
): Promise<{ firstPaintMs: number | null; shellMs: number | null; liveMs: number | null }> {
  await page.waitForFunction(() => performance.getEntriesByName('inspector-live').length > 0);
  return page.evaluate(() => {
    const at = (name: string): number | null => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {
      firstPaintMs: at('first-contentful-paint'),
      shellMs: at('inspector-shell'),
      liveMs: at('inspector-live'),
    };
  });
}
