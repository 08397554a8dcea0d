/**
 * A click whose only effect is the clicked control's own redraw (a focus ring, a player drawing its button
 * anew with new ids, as storyline-3's CONTINUE does) answers changed:false through the real MCP server and
 * Chromium; the same redraw with a paragraph shown, or a label that changes, is a change.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface Clicked {
  success: boolean;
  activation: string;
  changed?: boolean;
  note?: string;
}

const PAGE = join(FIXTURES_DIR, 'courses/own-redraw-click');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const click = (session_id: string, selector: string): Promise<Clicked> =>
  callTool<Clicked>(server.client, 'scorm_dom_click', {
    session_id,
    selector,
    options: { wait_timeout_ms: 20_000 },
  });

test('a click that only redraws the clicked control answers changed:false; a redraw with more on the page does not', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const drawn = await click(session, '#acc-continue');
  assert.equal(
    drawn.activation,
    'visible_element_at_position',
    'the drawing over the accessible button took the click',
  );
  assert.equal(drawn.changed, false, JSON.stringify(drawn));
  assert.match(drawn.note ?? '', /Nothing changed/);
  const ring = await click(session, '#ring');
  assert.equal(ring.changed, false, JSON.stringify(ring));
  const again = await click(session, '#ring');
  assert.equal(again.changed, false, 'a second redraw is no change either');

  const shown = await click(session, '#ring-and-show');
  assert.equal(shown.changed, undefined, 'the paragraph it shows is a change');
  assert.equal(shown.note, undefined);
  const relabelled = await click(session, '#label-toggle');
  assert.equal(relabelled.changed, undefined, "the control's own new label is a change");
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});
