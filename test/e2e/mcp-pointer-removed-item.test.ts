/**
 * A drag by ref whose item the page removes while the drag looks for it (storyline-2 redraws its garments
 * when a layer opens): the answer is DOM_STALE_REF, naming the ref, never an internal error, and the
 * session goes on. The fixture's item never stops moving, so the drag waits for it to settle while the
 * page removes it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  openSessionRuntime,
  startServer,
  type StartedServer,
} from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;
interface PointerData extends Data {
  hit: { ref: string | null; id: string } | null;
}

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/pointer-removed-item'));
});
after(async () => {
  await server.close();
});

const call = <T = PointerData>(tool: string, args: Data): Promise<T> =>
  callTool<T>(server.client, tool, { session_id: session, ...args });

test('pointer drag by ref of an item the page removes during the drag: DOM_STALE_REF, and the session goes on', async () => {
  const item = await call('scorm_pointer_hover', { x: 80, y: 70 });
  const zone = await call('scorm_pointer_hover', { x: 500, y: 90 });
  assert.equal(item.hit?.id, 'moving-item');
  assert.equal(zone.hit?.id, 'zone');
  await call('scorm_dom_click', { selector: '#remove-soon' });
  const err = await callToolError(server.client, 'scorm_pointer_drag', {
    session_id: session,
    from: { ref: item.hit?.ref },
    to: { ref: zone.hit?.ref },
  });
  assert.equal(err.error_code, 'DOM_STALE_REF', err.message);
  assert.match(err.message, new RegExp(`Ref ${item.hit?.ref} no longer points at an element`));
  const after = await call('scorm_pointer_hover', { x: 500, y: 90 });
  assert.equal(after.hit?.id, 'zone');
});
