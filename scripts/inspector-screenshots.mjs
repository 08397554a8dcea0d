// Screenshots of the inspector for the README: `npm run build && node scripts/inspector-screenshots.mjs`.
// Opens `scorm-tester inspect samples/automation-course` in headless Chromium, drives it a little and
// writes docs/images/inspector-*.png. Uses the compiled test helpers (dist/test/helpers/inspector-browser.js).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { startInspect, openInspectorPage, ensureRuntimeOpen } = await import(
  join(root, 'dist/test/helpers/inspector-browser.js')
);
const { BrowserPool } = await import(join(root, 'dist/src/runtime/browser-pool.js'));

const OUT = join(root, 'docs/images');
mkdirSync(OUT, { recursive: true });

const inspect = await startInspect([join(root, 'samples/automation-course')]);
const pool = new BrowserPool();
try {
  const { page, close } = await openInspectorPage(pool, inspect.url);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await ensureRuntimeOpen(page);
  await page.locator('.api-log .vrow', { hasText: 'cmi.location' }).first().waitFor();
  await page.locator('.data-model .vrow', { hasText: 'cmi.location' }).first().click();
  await page.locator('.api-log .vrow', { hasText: 'Initialize' }).first().click();
  await shoot(page, 'inspector-debug-api.png');

  await page.getByLabel('Layout').selectOption('validate_live');
  await page.locator('.findings .toolbar', { hasText: 'score' }).waitFor();
  await shoot(page, 'inspector-validate-live.png');

  await page.getByLabel('Layout').selectOption('content_edit');
  await shoot(page, 'inspector-content-edit.png');
  await close();
} finally {
  await pool.shutdown();
  await inspect.stop();
}

async function shoot(page, name) {
  // Let the last feed messages render.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, name) });
  console.log(`wrote docs/images/${name}`);
}
