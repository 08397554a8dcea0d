/**
 * A pop-up's close button scrolled under a top bar fixed over the page, as a learner meets it (issue 23,
 * adapt-2, review N8): the bar's Progress button, aria-hidden while the pop-up is open, stands over the close
 * button's centre. A click must close the pop-up, never press Progress; scrolling to the close button must
 * bring it out from under the bar.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface Found {
  interactive_elements: Array<{ ref: string; name: string }>;
}
interface Clicked {
  activation: string;
  activated_element?: { description: string };
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}
interface Scrolled {
  moved: boolean;
  element: { in_viewport: boolean };
}

const COURSE = join(FIXTURES_DIR, 'courses/fixed-header-popup');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

async function closeRef(session_id: string): Promise<string> {
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const close = found.interactive_elements.find((e) => e.name === 'Close popup');
  assert.ok(close, 'the close button is listed');
  return close.ref;
}

const location = (c: Clicked): string | undefined =>
  c.changes.data_model_changes.filter((d) => d.element === 'cmi.location').pop()?.to;

test('a click on a close button under a fixed bar closes the pop-up, not the bar button above it', async () => {
  const session_id = await openSessionRuntime(server.client, COURSE);
  const ref = await closeRef(session_id);
  const clicked = await callTool<Clicked>(server.client, 'scorm_dom_click', {
    session_id,
    ref,
    options: { wait_timeout_ms: 20_000 },
  });
  assert.equal(location(clicked), 'popup-closed', JSON.stringify(clicked));
  assert.equal(clicked.activation, 'pointer');
  assert.equal(clicked.activated_element, undefined);
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('scrolling to a control under a fixed bar brings it out from under the bar', async () => {
  const session_id = await openSessionRuntime(server.client, COURSE);
  const ref = await closeRef(session_id);
  const scrolled = await callTool<Scrolled>(server.client, 'scorm_scroll', { session_id, ref });
  assert.equal(scrolled.moved, true, JSON.stringify(scrolled));
  assert.equal(scrolled.element.in_viewport, true);
  await callTool(server.client, 'scorm_session_close', { session_id });
});
