/**
 * scorm_take_screenshot's layout analysis measures the page where the course cannot fake it, over stdio
 * against real Chromium: a page that replaces, in its own world, getBoundingClientRect, the scrollWidth,
 * scrollHeight and clientWidth getters, getComputedStyle and CSSStyleDeclaration.getPropertyValue still has
 * its 3000 px banner, its 6 px text and its 8 px button reported, and a full-page capture of its whole
 * height.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface Issue {
  type: string;
  selector: string;
  measured: Record<string, unknown>;
}
interface Layout {
  responsive_issues: Issue[];
  document: { scrollWidth: number; scrollHeight: number };
  frame: { width: number };
  touch: boolean;
}

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses', 'layout-faked'));
  await callTool(server.client, 'scorm_dom_wait_for', {
    session_id: session,
    condition: { expression: 'window.fakesInstalled === true' },
  });
});
after(async () => {
  await server.close();
});

async function layout(viewport?: Record<string, unknown>): Promise<Layout> {
  const shot = await callTool<{ layout_analysis: Layout }>(server.client, 'scorm_take_screenshot', {
    session_id: session,
    ...(viewport ? { viewport } : {}),
  });
  return shot.layout_analysis;
}

test('layout analysis: boxes, widths and font sizes the page fakes are measured as they are', async () => {
  const report = await layout();
  const byType = (type: string): string[] =>
    report.responsive_issues.filter((i) => i.type === type).map((i) => i.selector);
  assert.ok(report.document.scrollWidth >= 3000, `document width ${report.document.scrollWidth}`);
  assert.deepEqual(byType('content_wider_than_frame'), ['#wide']);
  assert.deepEqual(byType('fixed_size_too_large'), ['#wide']);
  assert.ok(byType('text_too_small').includes('#small-text'), JSON.stringify(report.responsive_issues));
  const wide = report.responsive_issues.find((i) => i.type === 'content_wider_than_frame')!;
  assert.equal((wide.measured.rect as { width: number }).width, 3000);
  const small = report.responsive_issues.find((i) => i.selector === '#small-text')!;
  assert.equal(small.measured.fontSize, 6);
});

test('layout analysis on a touch viewport: the 8 px button the page calls 50 px is too small', async () => {
  const report = await layout({ device: 'mobile' });
  assert.equal(report.touch, true);
  const tap = report.responsive_issues.find((i) => i.type === 'tap_target_too_small');
  assert.equal(tap?.selector, '#tiny-btn');
  assert.equal(tap?.measured.width, 8);
});

test('a full-page screenshot is as tall as the document the page says is 10 px high', async () => {
  const shot = await callTool<{
    full_page: boolean;
    full_resolution: { width: number; height: number };
    tiles: Array<{ top: number; height: number }>;
  }>(server.client, 'scorm_capture_screenshot', {
    session_id: session,
    capture_options: { full_page: true },
  });
  assert.equal(shot.full_page, true);
  const { width, height } = shot.full_resolution;
  assert.ok(height > width, `a ${width}x${height} capture of a 2000 px tall page`);
  const last = shot.tiles.at(-1)!;
  assert.ok(last.top + last.height >= 2000, JSON.stringify(shot.tiles));
});
