// Screenshots of the inspector for the README and docs/inspector.md: `npm run build && node scripts/inspector-screenshots.mjs`.
// Opens `scorm-tester inspect samples/automation-course` in headless Chromium, goes through two slides in
// the live player view, and writes docs/images/inspector-*.png; then the multi-SCO fixture in the
// sequencing layout. Uses the compiled test helpers (dist/test/helpers/inspector*.js).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { openInspectorPage, ensureRuntimeOpen } = await import(
  join(root, 'dist/test/helpers/inspector-browser.js')
);
const { startInspect } = await import(join(root, 'dist/test/helpers/inspector.js'));
const { BrowserPool } = await import(join(root, 'dist/src/runtime/browser-pool.js'));

const OUT = join(root, 'docs/images');
mkdirSync(OUT, { recursive: true });
const pool = new BrowserPool();
try {
  await inspecting('samples/automation-course', async (page) => {
    const course = page.frameLocator('[data-testid=player-mirror]');
    await course.locator('#next').click();
    await page.locator('.data-model .vrow', { hasText: 'cycle' }).waitFor();
    await course.locator('#next').click();
    await page.locator('.data-model .vrow', { hasText: 'cmi.location' }).first().click();
    await page.locator('.api-log .vrow', { hasText: 'cmi.location' }).last().click();
    await shoot(page, 'inspector-debug-api.png');

    await page.getByLabel('Layout').selectOption('validate_live');
    await page.locator('.findings .toolbar', { hasText: 'score' }).waitFor();
    await shoot(page, 'inspector-validate-live.png');

    await page.getByLabel('Layout').selectOption('content_edit');
    await shoot(page, 'inspector-content-edit.png');
  });
  await inspecting('test/fixtures/courses/scorm2004-multi', async (page) => {
    await page.getByLabel('Layout').selectOption('sequence_test');
    await page.locator('.sequencing').getByRole('button', { name: 'Continue', exact: true }).click();
    await page.locator('.sequencing strong', { hasText: 'lesson' }).waitFor();
    await shoot(page, 'inspector-sequence-test.png');
  });
} finally {
  await pool.shutdown();
}

async function inspecting(path, drive) {
  const inspect = await startInspect(join(root, path));
  try {
    const { page, close } = await openInspectorPage(pool, inspect.url);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await ensureRuntimeOpen(page);
    await page.locator('.api-log .vrow', { hasText: 'Initialize' }).first().waitFor({ state: 'attached' });
    await drive(page);
    await close();
  } finally {
    await inspect.stop();
  }
}

async function shoot(page, name) {
  // Let the last feed messages and the mirror render.
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(OUT, name) });
  console.log(`wrote docs/images/${name}`);
}
