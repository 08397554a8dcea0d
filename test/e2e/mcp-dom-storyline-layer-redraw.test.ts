/**
 * Storyline draws a slide's objects again when a layer opens or closes (issue 23, N3, storyline-2's laundry
 * pop-ups): a learner's control that is still the same control (same model id or twin id, same name) keeps
 * its ref, so a drag by a ref listed before the pop-up still lands, and a new listing gives the same refs.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  interactive_elements: ListedElement[];
}
interface Acted {
  success?: boolean;
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('refs listed before a Storyline layer opened and closed still mean the same controls', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'storyline-layer-redraw'),
  );
  const list = async (): Promise<Map<string, string>> => {
    const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
    return new Map(found.interactive_elements.map((e) => [e.name ?? '', e.ref ?? '']));
  };
  const before = await list();
  for (const name of ['Apple', 'Pear', 'Tip'])
    assert.ok(before.get(name), `${name} listed: ${[...before.keys()]}`);

  const wait = { wait_timeout_ms: 20_000 };
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: before.get('Tip'), options: wait });
  const close = (await list()).get('Close');
  assert.ok(close, 'the layer is open');
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: close, options: wait });

  const dragged = await callTool<Acted>(server.client, 'scorm_pointer_drag', {
    session_id,
    from: { ref: before.get('Apple') },
    to: { ref: before.get('Pear') },
  });
  const moved = dragged.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;
  assert.equal(moved, 'moved:Apple', JSON.stringify(dragged));

  const after = await list();
  for (const name of ['Apple', 'Pear', 'Tip'])
    assert.equal(after.get(name), before.get(name), `${name} keeps its ref`);
});
