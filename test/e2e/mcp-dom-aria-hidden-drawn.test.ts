/**
 * aria-hidden speaks to assistive technology, not to a sighted learner (issue 23, found on adapt-2,
 * ispring-2 and storyline-1): controls drawn under an aria-hidden wrapper below the fold are clicked where
 * they are drawn, a read-only field drawn aria-hidden takes text through the accessible copy that rises
 * over it under the pointer, and what is drawn nowhere is still refused, leaving the page as it was.
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
interface ActionData extends Data {
  activation: string;
  activated_element?: { description: string; selector: string };
  changed?: boolean;
  note?: string;
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

const PAGE = join(FIXTURES_DIR, 'courses/aria-hidden-drawn');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** Successful actions get a long wait: on a loaded machine the default 5 s can run out. */
const act = (tool: string, session: string, args: Data): Promise<ActionData> =>
  callTool<ActionData>(server.client, tool, {
    session_id: session,
    ...args,
    options: { wait_timeout_ms: 20_000, ...((args.options as Data | undefined) ?? {}) },
  });
const set = (changes: ActionData['changes'], element: string): string | undefined =>
  changes.data_model_changes.filter((c) => c.element === element).pop()?.to;
const evaluate = async (session: string, expression: string): Promise<unknown> =>
  (
    await callTool<{ result: unknown }>(server.client, 'scorm_dom_evaluate', {
      session_id: session,
      expression,
    })
  ).result;

test('a quiz under an aria-hidden wrapper, below the fold, is answered and submitted by ref', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const found = await callTool<{ interactive_elements: Array<{ ref: string; selector: string }> }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id: session },
  );
  const refOf = (selector: string): string => {
    const hit = found.interactive_elements.find((e) => e.selector === selector);
    assert.ok(hit, `${selector} is listed with a ref`);
    return hit.ref;
  };
  const option = await act('scorm_dom_click', session, { ref: refOf('#opt-a') });
  assert.notEqual(option.activation, undefined);
  assert.equal(await evaluate(session, "document.getElementById('opt-a').checked"), true);
  const submitted = await act('scorm_dom_click', session, { ref: refOf('#submit') });
  assert.equal(submitted.activation, 'pointer');
  assert.equal(set(submitted.changes, 'cmi.suspend_data'), 'answer:opt-a');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('what is drawn nowhere under the wrapper is still refused, and the page is scrolled back as it was', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const unseen = await callToolError(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: '#unseen',
    options: { wait_timeout_ms: 60_000 },
  });
  assert.equal(unseen.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal((unseen.data.details as Data).why, 'aria-hidden');
  assert.equal(await evaluate(session, "document.getElementById('scroller').scrollTop"), 0);
  const gone = await callToolError(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: '#gone',
    options: { wait_timeout_ms: 600 },
  });
  assert.equal((gone.data.details as Data).why, 'display:none');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('a read-only field drawn aria-hidden takes clicks, fill and typing through the copy raised under the pointer, and says so', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const clicked = await act('scorm_dom_click', session, { selector: '#drawn' });
  assert.equal(clicked.activation, 'visible_element_at_position');
  assert.equal(clicked.activated_element?.selector, '#copy');
  const filled = await act('scorm_dom_fill', session, { selector: '#drawn', value: 'Ann' });
  assert.equal(filled.activated_element?.selector, '#copy');
  assert.equal(set(filled.changes, 'cmi.location'), 'name:Ann');
  const typed = await act('scorm_keyboard_type', session, {
    text: 'a',
    options: { selector: '#drawn', keys: ['Tab'] },
  });
  assert.equal(typed.activated_element?.selector, '#copy');
  assert.equal(set(typed.changes, 'cmi.location'), 'name:Anna');
  assert.equal(await evaluate(session, "document.getElementById('drawn').value"), 'Anna');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('a click whose only effect is the hover it drew, and keys sent to a focus sink, say plainly that nothing changed', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const clicked = await act('scorm_dom_click', session, { selector: '#dead' });
  assert.equal(clicked.changed, false);
  assert.match(String(clicked.note), /Nothing changed/);
  await evaluate(session, "(document.getElementById('sink').focus(), true)");
  const typed = await callTool<Data>(server.client, 'scorm_keyboard_type', {
    session_id: session,
    text: 'Z',
  });
  assert.equal(typed.changed, false);
  assert.match(String(typed.note), /keys went to the focused element/);
  const field = await act('scorm_keyboard_type', session, { text: 'B', options: { selector: '#copy' } });
  assert.equal(field.changed, undefined, 'typing into a field changes it');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});
