/**
 * A pointer hit on a Storyline drawn button names the control the learner hit (issue 23, P10; reviewer
 * #75 on storyline-2: `tagName:"path", name:null`): the drawing's accessibility twin, with the ref the
 * listing gives it; a drawing without a twin is reported as the shape that was hit.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Hit {
  ref: string | null;
  tagName: string;
  name: string | null;
  control: boolean;
}
interface Clicked {
  hit: Hit | null;
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('a click on the shapes of a Storyline drawn button names the button its twin stands for', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'storyline-drawn-hit'),
  );
  const found = await callTool<{ interactive_elements: ListedElement[] }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id },
  );
  const listed = found.interactive_elements.find((e) => e.name === 'Continue');
  assert.ok(listed, `Continue listed: ${JSON.stringify(found.interactive_elements)}`);

  const clicked = await callTool<Clicked>(server.client, 'scorm_pointer_click', {
    session_id,
    x: 320,
    y: 210,
  });
  assert.equal(clicked.hit?.name, 'Continue', JSON.stringify(clicked.hit));
  assert.equal(clicked.hit?.ref, listed.ref, 'the hit carries the ref the listing gave');
  assert.equal(clicked.hit?.control, true);
  const location = clicked.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;
  assert.equal(location, 'continued', 'the learner pressed the drawn button itself');

  const picture = await callTool<Clicked>(server.client, 'scorm_pointer_hover', { session_id, x: 90, y: 90 });
  assert.equal(picture.hit?.tagName.toLowerCase(), 'circle', JSON.stringify(picture.hit));
});
