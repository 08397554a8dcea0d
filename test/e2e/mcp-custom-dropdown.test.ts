/**
 * A native select under a custom dropdown face, as Captivate's fill-in-the-blank questions draw it (issue
 * 23: the select clipped in a zero-height holder, msDropdown's focusable face over it; refused as covered,
 * 5 s per field): scorm_dom_fill sets it as a learner does, through the dropdown's list, or by keyboard
 * when the face opens no list, and the result says which. Real MCP server, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;
interface FillData {
  activation: string;
  activated_element?: { description: string; selector: string };
  element: { value: string };
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/custom-dropdown'));
});
after(async () => {
  await server.close();
});

/** A long wait: on a loaded machine the default 5 s can run out before the action starts. */
const fill = (args: Data): Promise<FillData> =>
  callTool<FillData>(server.client, 'scorm_dom_fill', {
    session_id: session,
    ...args,
    options: { wait_timeout_ms: 20_000 },
  });
const changed = (r: FillData, element: string): string[] =>
  r.changes.data_model_changes.filter((c) => c.element === element).map((c) => c.to);

test('a select under its dropdown face is set through the list the face opens, naming the item clicked', async () => {
  const r = await fill({ selector: '#word', value: 'é' });
  assert.equal(r.activation, 'visible_element_at_position');
  assert.match(r.activated_element?.description ?? '', /^li\.enabled\._msddli_/);
  assert.equal(r.element.value, 'e');
  assert.deepEqual(changed(r, 'cmi.location'), ['word:e']);
  const face = await callTool<{ result: unknown }>(server.client, 'scorm_dom_evaluate', {
    session_id: session,
    expression: `document.getElementById('word_title').textContent`,
  });
  assert.equal(face.result, 'é', "the dropdown's face shows the choice, as after a learner's pick");
});

test('a face that opens no list: the select is set by keyboard, each key a change as for a learner', async () => {
  const r = await fill({ selector: '#plain', value: 'Why' });
  assert.equal(r.activation, 'keyboard');
  assert.equal(r.element.value, 'y');
  assert.deepEqual(changed(r, 'cmi.suspend_data'), ['plain:x', 'plain:y']);
});
