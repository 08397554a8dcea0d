/**
 * A Storyline question layer over a shade (issue 23, N2; storyline-2's sock pop-up, reviewer #131-#133):
 * the layer's own buttons are listed by their twins, and the top bar drawn under the shade is not, neither
 * as a control nor as an answer to the question. A learner's click on the shaded bar meets the shade.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  interactive_elements: ListedElement[];
  assessments: Array<{ options: string[] }>;
}
interface Acted {
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test("a Storyline question layer's own buttons are listed, the top bar under its shade is not", async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'storyline-shaded-dialog'),
  );
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const names = found.interactive_elements.map((e) => e.name);
  assert.deepEqual(names, ['Yes', 'No'], JSON.stringify(found.interactive_elements));
  const listed = new Set(found.interactive_elements.map((e) => e.ref));
  for (const a of found.assessments) for (const o of a.options) assert.ok(listed.has(o));

  const yes = found.interactive_elements.find((e) => e.name === 'Yes')!;
  const clicked = await callTool<Acted>(server.client, 'scorm_dom_click', {
    session_id,
    ref: yes.ref,
    options: { wait_timeout_ms: 20_000 },
  });
  const location = clicked.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;
  assert.equal(location, 'clicked:Yes');
});
