/**
 * A carousel that is the whole course (H5P's Course Presentation is a region described as a carousel)
 * is no in-page gallery: through MCP in real Chromium, its "Next slide" is the course's next control
 * (h5p-1: the learner bench stopped clicking it once gallery arrows became purpose other).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('a slide deck described as a carousel: its Next slide and Previous slide go through the course', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'slide-deck-carousel'),
  );
  const found = await callTool<{ interactive_elements: ListedElement[]; navigation: string[] }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id },
  );
  const next = found.interactive_elements.find((e) => e.name === 'Next slide');
  assert.equal(next?.purpose, 'next', JSON.stringify(found.interactive_elements));
  assert.ok(found.navigation.includes(String(next?.ref)));
  assert.equal(found.interactive_elements.find((e) => e.name === 'Previous slide')?.purpose, 'previous');
  await callTool(server.client, 'scorm_session_close', { session_id });
});
