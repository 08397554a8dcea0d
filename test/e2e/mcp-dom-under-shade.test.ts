/**
 * Drawn clickables under a pop-up's shade, through MCP in real Chromium (storyline-2's "מכנסיים" slide:
 * the course's top bar drawn again under a grey shape as large as the slide): a learner's click there meets
 * the shade and nothing happens, so they are neither listed nor an answer to the pop-up; what the shade
 * leaves uncovered is listed still.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface Found {
  interactive_elements: Array<{ ref?: string; name?: string }>;
  assessments: Array<{ options: string[] }>;
}
interface Clicked {
  hit: { tagName: string } | null;
  changed?: boolean;
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;
let session_id: string;

before(async () => {
  server = await startServer();
  session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses', 'drawn-under-shade'));
});
after(async () => {
  await server.close();
});

test("drawn menu items under a pop-up slide's shade are not listed, nor options of its question; the pop-up's own control and what lies beside the shade are", async () => {
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const names = found.interactive_elements.map((e) => e.name);
  assert.ok(names.includes('Back'), JSON.stringify(names));
  assert.ok(names.includes('Legend'), JSON.stringify(names));
  assert.equal(names.includes('Opening'), false, JSON.stringify(names));
  assert.equal(names.includes('Sorting'), false, JSON.stringify(names));
  // Before, the two shaded items were one question's answer options (storyline-2: "slide: מכנסיים").
  assert.deepEqual(found.assessments, []);
});

test("a learner's click at a shaded item's centre meets the shade, and nothing happens", async () => {
  // Opening is drawn at 860..980 × 20..70.
  const res = await callTool<Clicked>(server.client, 'scorm_pointer_click', { session_id, x: 920, y: 45 });
  assert.equal(res.hit?.tagName, 'path');
  assert.deepEqual(res.changes.data_model_changes, []);
  assert.equal(res.changed, false);
});
