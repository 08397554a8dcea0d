/**
 * What an agent passes the DOM tools is data, never code: selectors, fill values, typed text, wait
 * texts and evaluate arguments that look like script (quotes closing a string, template literals,
 * </script>, an onerror handler) reach the page as the exact text given, and none of it runs. Only
 * scorm_dom_evaluate's expression is code, and it runs in the SCO's frame, not in the player. Real MCP
 * server over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;

/** Each piece would set window.__pwned if it were ever pasted into script or markup. */
const HOSTILE =
  `'); window.__pwned = 1; ('` +
  `"); window.__pwned = 2; ("` +
  '`${window.__pwned = 3}`' +
  `</script><img src=x onerror="window.__pwned = 4">`;

const PAGE = join(FIXTURES_DIR, 'courses/dom-actions-page');

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, PAGE);
});
after(async () => {
  await server.close();
});

const tool = <T = Data>(name: string, args: Data): Promise<T> =>
  callTool<T>(server.client, name, { session_id: session, ...args });

/** Whether anything set __pwned in the SCO's window or in the player's. */
async function pwned(): Promise<unknown> {
  const read = await tool<{ result: unknown }>('scorm_dom_evaluate', {
    expression: '[typeof window.__pwned, typeof parent.__pwned]',
  });
  return read.result;
}

test('selectors, fill values, typed text and wait texts with quotes and markup are data, never code', async () => {
  const patient = { wait_timeout_ms: 20_000 };
  const filled = await tool<{ element: Data }>('scorm_dom_fill', {
    selector: `input[id="name"]:not([data-x="'); window.__pwned = 5; ('"])`,
    value: HOSTILE,
    options: patient,
  });
  assert.equal(filled.element.value, HOSTILE, 'the fill value arrives as the exact text');

  const typed = await tool<{ element: Data; characters_typed: number }>('scorm_keyboard_type', {
    text: HOSTILE,
    options: { selector: '#notes', ...patient },
  });
  assert.equal(typed.element.id, 'notes');
  assert.equal(typed.characters_typed, HOSTILE.length);

  await tool('scorm_dom_evaluate', {
    expression:
      '(text) => { const p = document.createElement("p"); p.id = "echo"; p.textContent = text; document.body.append(p); }',
    arg: HOSTILE,
  });
  const waited = await tool<{ success: boolean }>('scorm_dom_wait_for', {
    condition: { selector: '#echo', text: HOSTILE },
    timeout_ms: 20_000,
  });
  assert.equal(waited.success, true, 'the wait text is matched as text');

  const values = await tool<{ result: unknown }>('scorm_dom_evaluate', {
    expression: '[document.getElementById("name").value, document.getElementById("notes").value]',
  });
  assert.deepEqual(values.result, [HOSTILE, HOSTILE]);
  assert.deepEqual(await pwned(), ['undefined', 'undefined'], 'nothing the agent passed ran');
});

test('scorm_dom_evaluate runs in the SCO frame, not in the player', async () => {
  const where = await tool<{ result: unknown; frame: string }>('scorm_dom_evaluate', {
    expression: '[window === window.top, location.pathname.split("/").pop(), document.title]',
  });
  assert.equal(where.frame, 'sco');
  assert.deepEqual(where.result, [false, 'index.html', 'DOM actions: hostile page']);
});
