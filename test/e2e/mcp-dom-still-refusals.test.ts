/**
 * A refusal that waiting will not lift is answered once the page stands still (issue 23, N6: lectora-1's
 * gated Next, adapt-2's Next at display:none and its items under the open pop-up each took the whole
 * 5 s wait): the answer says nothing moved and what the learner must do. While something on the page
 * moves (a bar filling), the control is still waited for.
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

interface Clicked {
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

const PAGE = join(FIXTURES_DIR, 'courses/still-refusals');
const LONG = { wait_timeout_ms: 30_000 };
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('on a still page, disabled, unshown and covered controls are refused with what would lift the refusal', async () => {
  const session_id = await openSessionRuntime(server.client, PAGE);
  // Half a minute's wait: only the page standing still can answer before it.
  const refuse = (selector: string) =>
    callToolError(server.client, 'scorm_dom_click', { session_id, selector, options: LONG });
  for (const [selector, reason, cure] of [
    ['#gated', 'disabled', /Complete what the course requires first/],
    ['#unshown', 'not_visible', /Bring the page to the state where it shows/],
    ['#item', 'covered', /Close or dismiss what covers it/],
  ] as const) {
    const error = await refuse(selector);
    assert.equal(error.error_code, 'DOM_NOT_ACTIONABLE', JSON.stringify(error));
    assert.equal((error.details as { reason?: string }).reason, reason);
    assert.match(error.message, cure);
    assert.match(
      error.message,
      /Nothing on the page moved for 1 s .* waiting longer is unlikely to lift this/,
    );
  }
});

test('a control that opens once a bar has filled is waited for while the bar moves', async () => {
  const session_id = await openSessionRuntime(server.client, PAGE);
  await callTool(server.client, 'scorm_dom_click', { session_id, selector: '#start', options: LONG });
  const clicked = await callTool<Clicked>(server.client, 'scorm_dom_click', {
    session_id,
    selector: '#timed',
    options: LONG,
  });
  const location = clicked.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;
  assert.equal(location, 'went-on');
});
