/**
 * A control drawn in a page the course left aria-hidden, below the fold (adapt-2's Next after its email
 * popup closed): a learner scrolls down and clicks it. Through MCP in real Chromium, scorm_dom_click by
 * ref scrolls it into view and clicks, instead of refusing it as aria-hidden because its centre was off
 * screen (issue 23).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Clicked {
  success: boolean;
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('a drawn control below the fold of an aria-hidden page is scrolled to and clicked', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses/aria-hidden-below-fold'),
  );
  const found = await callTool<{ interactive_elements: ListedElement[] }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id },
  );
  const forward = found.interactive_elements.find((e) => e.name === 'Forward');
  assert.ok(forward?.ref, JSON.stringify(found.interactive_elements));
  const res = await callTool<Clicked>(server.client, 'scorm_dom_click', { session_id, ref: forward.ref });
  assert.equal(res.success, true, JSON.stringify(res));
  assert.equal(
    res.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to,
    'forward',
  );
});
