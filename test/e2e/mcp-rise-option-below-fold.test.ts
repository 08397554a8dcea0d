/**
 * A Rise-like question through MCP in real Chromium (fixture rise-option-below-fold, our own; rise-3's
 * quiz, question 3, review P7): each option has the radio role and lies under the text naming it, and
 * the options start below the fold of a scrolling page. A learner scrolls down and clicks the text; the
 * click on the option's ref does the same at the first try (it used to time out in Playwright's own
 * click, which the text on top kept refusing), and SUBMIT, enabled by that choice, then works.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Clicked {
  success: boolean;
  activation: string;
  changes: { api_calls: Array<{ method: string; args: unknown[] }> };
}

test('an option below the fold, under the text naming it, is clicked at the first try', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'rise-option-below-fold'),
  );
  const found = await callTool<{ interactive_elements: ListedElement[] }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id },
  );
  const refOf = (name: string): string => {
    const ref = found.interactive_elements.find((e) => e.name === name)?.ref;
    assert.ok(ref, `${name} in ${found.interactive_elements.map((e) => e.name).join(', ')}`);
    return ref;
  };
  const picked = await callTool<Clicked>(server.client, 'scorm_dom_click', {
    session_id,
    ref: refOf('Apple'),
  });
  assert.equal(picked.success, true);
  assert.equal(picked.activation, 'visible_element_at_position');
  const submitted = await callTool<Clicked>(server.client, 'scorm_dom_click', {
    session_id,
    ref: refOf('SUBMIT'),
  });
  assert.deepEqual(
    submitted.changes.api_calls.map((c) => c.args),
    [
      ['cmi.interactions.0.id', 'q3'],
      ['cmi.interactions.0.student_response', 'Apple'],
    ],
  );
});
