/**
 * Lectora's Next as a sighted learner sees it, through MCP in real Chromium (fixture lectora-arrow-next,
 * our own): an image button with an empty aria-label whose only text is a stray ">" its SVG markup left
 * behind (lectora-1). Its name and text both say ">": it is the page's next control, and clicking it
 * opens the next page.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { eventually } from '../helpers/until.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('an arrow image button named only by a stray ">" is the next control, and goes on', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'lectora-arrow-next'),
  );
  const found = await callTool<{ navigation: string[]; interactive_elements: ListedElement[] }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id },
  );
  const arrow = found.interactive_elements.find((e) => e.selector.includes('button12btn'));
  assert.ok(arrow, JSON.stringify(found.interactive_elements));
  assert.equal(arrow.name, '>');
  assert.equal(arrow.purpose, 'next');
  assert.ok(found.navigation.includes(String(arrow.ref)));
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: arrow.ref });
  await eventually(async () => {
    const page = await callTool<{ title: string }>(server.client, 'scorm_get_page_state', {
      session_id,
      include_snapshot: false,
    });
    assert.equal(page.title, 'Storing documents');
  });
});
