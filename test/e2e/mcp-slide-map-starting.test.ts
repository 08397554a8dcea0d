/**
 * scorm_get_slide_map asked at once after scorm_open_course, while the player is still drawing its pages
 * from data it reads after the load event (fixture adapt-late-menu, our own; adapt-2 said NO_SLIDES "no
 * player API was recognised" and gave its map 300 ms later, review N4): the map waits for the course to
 * start, and lists the menu's pages.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface SlideMap {
  slides: Array<{ id?: string; title?: string }>;
  source: string | null;
  not_applicable?: { code: string; message: string };
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('the slide map called right after open waits for the player to draw its menu', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: join(FIXTURES_DIR, 'courses', 'adapt-late-menu'),
  });
  const map = await callTool<SlideMap>(server.client, 'scorm_get_slide_map', { session_id });
  assert.equal(map.not_applicable, undefined, JSON.stringify(map));
  assert.equal(map.source, 'adapt');
  assert.deepEqual(
    map.slides.map((s) => [s.id, s.title]),
    [
      ['co-1', 'What is data?'],
      ['co-2', 'Open data'],
    ],
  );
  await callTool(server.client, 'scorm_close_course', { session_id });
});
