/**
 * Lectora's page count through MCP in real Chromium (fixture lectora-page-tracking, our own): a page file in
 * Lectora's content frame gives scripts no page number, but its page tracking counts the course's pages
 * (trivPageTracking.numPages, as in lectora-1). That count is the course's total_slides where the page shows
 * no position of its own; a "Page 1 of 3" the page shows wins, and the note says what Lectora counted.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { withCourseText } from '../helpers/course-text.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

interface Context extends Record<string, unknown> {
  slide_number: number | null;
  total_slides: number | null;
  page_title: string | null;
  player: { name: string };
  frame: string;
  sources: Record<string, string>;
  unknown_fields: string[];
  notes: string[];
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const context = (session_id: string) =>
  callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
/** The page context once the content frame shows the page titled `title`. */
const contextOn = (session_id: string, title: string) =>
  until(async () => {
    const ctx = await context(session_id);
    return ctx.page_title === title ? ctx : undefined;
  }, `the page "${title}"`);

test("Lectora's page tracking gives the course's page count where the page shows none; the page's own position wins", async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'lectora-page-tracking'),
  );
  const first = await contextOn(session_id, 'Why records matter');
  assert.equal(first.player.name, 'lectora');
  assert.deepEqual([first.slide_number, first.total_slides], [null, 12]);
  assert.equal(first.sources.total_slides, 'lectora: trivPageTracking.numPages');
  assert.ok(first.unknown_fields.includes('slide_number'), JSON.stringify(first.unknown_fields));
  assert.match(
    first.notes.join(' '),
    /lectora player's count of the course's pages \(trivPageTracking\.numPages\)/,
  );
  // The count alone is no place in the course: the slide map still lists nothing to jump to.
  const map = await callTool<{ not_applicable?: unknown }>(server.client, 'scorm_get_slide_map', {
    session_id,
  });
  assert.ok(map.not_applicable, JSON.stringify(map));

  await callTool(server.client, 'scorm_dom_click', { session_id, selector: '#nextBtn' });
  const second = await contextOn(session_id, 'Numbering the pages of a record');
  assert.deepEqual([second.slide_number, second.total_slides], [1, 3]);
  assert.equal(withCourseText(second, second.sources.total_slides ?? ''), 'dom: indicator text Page 1 of 3');
  const said = withCourseText(second, second.notes.join(' '));
  assert.match(said, /total_slides is what the page shows .*; the lectora player counts 12 pages/);
});
