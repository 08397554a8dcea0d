/**
 * A player that draws the next slide a moment after its Next was clicked (Storyline loads the slide's data
 * first; storyline-1), through the real MCP server and Chromium (issue 23): the click answers once the
 * page has settled the way a learner sees it, so its `changes` hold what the new slide did (its
 * lesson_location) and the page read right after shows the new slide; so does a click by coordinates. A click that starts nothing still
 * says that nothing changed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface Acted {
  changed?: boolean;
  changes: { data_model_changes: Array<{ element: string; to: string }>; waited_ms: number };
}
interface Found {
  interactive_elements: Array<{ ref: string; name: string }>;
}
interface PageState {
  headings?: Array<{ text: string }>;
}

let server: StartedServer;
let session_id: string;

before(async () => {
  server = await startServer();
  session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/slide-swap-late'));
});
after(async () => {
  await server.close();
});

const call = <T>(tool: string, args: Record<string, unknown> = {}): Promise<T> =>
  callTool<T>(server.client, tool, { session_id, ...args });
const refOf = (found: Found, name: RegExp): string => {
  const el = found.interactive_elements.find((e) => name.test(e.name));
  assert.ok(el, `${String(name)} in ${JSON.stringify(found.interactive_elements)}`);
  return el.ref;
};
const location = (acted: Acted): string | undefined =>
  acted.changes.data_model_changes.find((c) => c.element === 'cmi.core.lesson_location')?.to;

test('a click that starts nothing says so', async () => {
  const found = await call<Found>('scorm_dom_find_interactive_elements');
  const clicked = await call<Acted>('scorm_dom_click', { ref: refOf(found, /^Help$/) });
  assert.equal(clicked.changed, false);
});

test('Next reports the slide the player draws 700 ms later (by ref), then 400 ms later (by coordinates)', async () => {
  const found = await call<Found>('scorm_dom_find_interactive_elements');
  const clicked = await call<Acted>('scorm_dom_click', { ref: refOf(found, /^Next$/) });
  assert.equal(clicked.changed, undefined, JSON.stringify(clicked));
  assert.equal(location(clicked), 'slide-2', JSON.stringify(clicked.changes));
  const page = await call<PageState>('scorm_get_page_state', { include_snapshot: false });
  assert.equal(page.headings?.[0]?.text, 'Slide 2: Airway', JSON.stringify(page));

  // The Next band is drawn at x 0-200, y 420-480 of the viewport.
  const pointed = await call<Acted>('scorm_pointer_click', { x: 100, y: 450 });
  assert.equal(location(pointed), 'slide-3', JSON.stringify(pointed.changes));
  const last = await call<PageState>('scorm_get_page_state', { include_snapshot: false });
  assert.equal(last.headings?.[0]?.text, 'Slide 3: Breathing', JSON.stringify(last));
});
