/**
 * scorm_dom_query reads an element's tag, attributes, computed styles and value where the course cannot
 * fake them (the DOM tools' own isolated world), over stdio against real Chromium: a page that overrides
 * getComputedStyle, getAttribute, getAttributeNames, tagName and the value and checked getters in its own
 * world gets its real state reported.
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
interface Query {
  found: boolean;
  tagName?: string;
  attributes?: Record<string, string>;
  computedStyles?: Record<string, string>;
  visible?: boolean;
  value?: unknown;
  notes?: string[];
}

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses', 'dom-query-faked'));
  await callTool(server.client, 'scorm_dom_wait_for', {
    session_id: session,
    condition: { expression: 'Element.prototype.getAttribute.toString().includes("faked")' },
  });
});
after(async () => {
  await server.close();
});

const query = (args: Data): Promise<Query> =>
  callTool<Query>(server.client, 'scorm_dom_query', { session_id: session, ...args });

test('a hidden element the page styles "block" in its own world is reported hidden, with its real attributes', async () => {
  const q = await query({ selector: '#hidden-btn' });
  assert.equal(q.found, true);
  assert.equal(q.tagName, 'button');
  assert.equal(q.computedStyles?.display, 'none');
  assert.equal(q.visible, false);
  assert.deepEqual(Object.keys(q.attributes ?? {}).sort(), ['data-state', 'id', 'style', 'type']);
  assert.equal(q.attributes?.['data-state'], 'real');
});

test('a field whose value and checked getters are faked reports its real value, by selector and by ref', async () => {
  assert.equal((await query({ selector: '#answer', query_type: 'value' })).value, 'wrong');
  assert.equal((await query({ selector: '#agree', query_type: 'value' })).value, false);
  const found = await callTool<{ interactive_elements: Array<{ ref?: string; selector: string }> }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id: session },
  );
  const answer = found.interactive_elements.find((e) => e.selector === '#answer');
  assert.ok(answer?.ref);
  const byRef = await query({ ref: answer.ref });
  assert.equal(byRef.value, 'wrong');
  assert.equal(byRef.tagName, 'input');
  assert.equal(byRef.attributes?.value, 'authored');
});

test('a Playwright-only selector gets no facts the course could fake, and says why', async () => {
  const q = await query({ selector: '#answer:visible' });
  assert.equal(q.found, true);
  assert.equal(q.tagName, undefined);
  assert.equal(q.attributes, undefined);
  assert.equal(q.computedStyles, undefined);
  assert.equal(q.value, 'wrong', 'the value comes from outside the course');
  assert.match(q.notes?.[0] ?? '', /not plain CSS/);
});

test('the candidates an ambiguous selector lists in its error, and the element a wait matched and frame labels are the real ones', async () => {
  const err = await callToolError(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: 'input',
  });
  assert.equal(err.error_code, 'DOM_MULTIPLE_MATCHES');
  const candidates = (err.data.details as { candidates: Array<Record<string, unknown>> }).candidates;
  assert.deepEqual(
    candidates.map((c) => [c.tag, c.id, c.role]),
    [
      ['input', 'answer', null],
      ['input', 'agree', null],
    ],
  );
  assert.doesNotMatch(JSON.stringify(err), /faked|disable validation/);
  const waited = await callTool<{ matched: { element: Record<string, unknown> } }>(
    server.client,
    'scorm_dom_wait_for',
    { session_id: session, condition: { selector: 'h1' } },
  );
  assert.equal(waited.matched.element.text, 'Faked facts');
  assert.equal(waited.matched.element.tag, 'h1');
  const found = await callTool<{ frames: Array<{ label: string }> }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id: session },
  );
  assert.deepEqual(
    found.frames.map((f) => f.label),
    ['sco', 'sco > iframe#box'],
    "the frame's label has its real id",
  );
});
