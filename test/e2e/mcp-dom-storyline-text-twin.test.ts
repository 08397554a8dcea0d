/**
 * A Storyline 3 text field as a learner meets it, through the real MCP server and Chromium (issue 23,
 * storyline-1): the slide draws a read-only, aria-hidden field and hands the focus to its accessible twin
 * when clicked. One field on screen is one control: listed once (the twin), and filled through the drawing.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  interactive_elements: ListedElement[];
  assessments: Array<{ type: string; options: string[] }>;
}
interface Filled {
  activation: string;
  activated_element?: { selector: string };
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('storyline read-only drawn field over its accessible twin: listed once, filled through the drawing', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses/storyline-text-twin'),
  );
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const fields = found.interactive_elements.filter((e) => e.role === 'textbox');
  assert.deepEqual(
    fields.map((e) => [e.name, e.selector]),
    [['Type your call sign', '#acc-N1']],
    'one text box: the accessible twin, not the read-only drawing',
  );
  const question = found.assessments.find((a) => a.type === 'text_entry');
  assert.deepEqual(question?.options, [fields[0]!.ref]);
  const filled = await callTool<Filled>(server.client, 'scorm_dom_fill', {
    session_id,
    ref: fields[0]!.ref,
    value: 'Falcon',
    options: { wait_timeout_ms: 20_000 },
  });
  assert.equal(filled.activation, 'visible_element_at_position');
  assert.match(filled.activated_element?.selector ?? '', /input/);
  assert.equal(
    filled.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to,
    'name:Falcon',
  );
  await callTool(server.client, 'scorm_session_close', { session_id });
});
