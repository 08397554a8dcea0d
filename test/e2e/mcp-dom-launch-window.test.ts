/**
 * A launch page that opens the course in a window of its own (Storyline's launcher.html, storyline-2),
 * through the real MCP server and Chromium: the click that opens it is not "nothing changed"; the result
 * counts the window and says that a learner goes on there, where the DOM tools cannot follow (issue 23).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface Clicked {
  changed?: boolean;
  windows_opened?: number;
  note?: string;
}
interface Found {
  interactive_elements: Array<{ ref: string; name: string }>;
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('a click that opens the course in a new window says so, and is not reported as changing nothing', async () => {
  const session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/launcher-window'));
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const launch = found.interactive_elements.find((e) => e.name === 'Launch course');
  assert.ok(launch, JSON.stringify(found.interactive_elements));
  const clicked = await callTool<Clicked>(server.client, 'scorm_dom_click', {
    session_id,
    ref: launch.ref,
    options: { wait_timeout_ms: 20_000 },
  });
  assert.equal(clicked.windows_opened, 1);
  assert.equal(clicked.changed, undefined, 'a new window is a change');
  assert.match(clicked.note ?? '', /opened a new window/);
  await callTool(server.client, 'scorm_session_close', { session_id });
});
