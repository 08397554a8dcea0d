/**
 * Reachability as a sighted learner judges it, through the real MCP server and Chromium, on a page of our
 * own that reproduces what real authoring-tool exports draw (issue 23): Storyline's field drawn aria-hidden
 * over its accessible copy, Lectora's SVG over its button, Captivate's face over a native select, someone
 * else's overlay, a focus restored for a moment after a dialog closes, and clicks that change nothing.
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
  element: Data;
  changes: { api_calls: unknown[]; data_model_changes: Array<{ element: string; to: string }> };
}

const PAGE = join(FIXTURES_DIR, 'courses/drawn-controls');
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

test('storyline text field: the drawn aria-hidden field takes fill, typing and clicks', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const filled = await act('scorm_dom_fill', session, { selector: '#drawn-answer', value: 'drawn words' });
  assert.equal(filled.activation, 'pointer');
  assert.equal(set(filled.changes, 'cmi.location'), 'drawn:drawn words');
  const typed = await act('scorm_keyboard_type', session, {
    text: 'typed',
    options: { selector: '#drawn-answer', keys: ['Tab'] },
  });
  assert.equal(typed.activation, 'pointer');
  assert.equal(set(typed.changes, 'cmi.location'), 'drawn:drawn wordstyped');
  const clicked = await act('scorm_dom_click', session, { selector: '#drawn-next' });
  assert.equal(set(clicked.changes, 'cmi.location'), 'drawn-next');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('storyline text field: the accessible copy under it is filled and typed into through the drawn field, and the result names it', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const filled = await act('scorm_dom_fill', session, { selector: '#acc-answer', value: 'via twin' });
  assert.equal(filled.activation, 'visible_element_at_position');
  assert.equal(filled.activated_element?.selector, '#drawn-answer');
  assert.equal(set(filled.changes, 'cmi.location'), 'drawn:via twin');
  const typed = await act('scorm_keyboard_type', session, {
    text: '!',
    options: { selector: '#acc-answer', keys: ['Tab'] },
  });
  assert.equal(typed.activation, 'visible_element_at_position');
  assert.equal(typed.activated_element?.selector, '#drawn-answer');
  assert.equal(await evaluate(session, "document.getElementById('drawn-answer').value"), 'via twin!');
  const clicked = await act('scorm_dom_click', session, { selector: '#acc-answer' });
  assert.equal(clicked.activation, 'visible_element_at_position');
  assert.equal(clicked.activated_element?.selector, '#drawn-answer');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('lectora next button under its own SVG is clicked through the drawing; captivate select under its face is set', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const next = await act('scorm_dom_click', session, { selector: '#lec-next' });
  assert.equal(next.activation, 'visible_element_at_position');
  assert.match(next.activated_element?.selector ?? '', /lec-art/);
  assert.equal(set(next.changes, 'cmi.location'), 'lectora-next');
  const picked = await act('scorm_dom_fill', session, { selector: '#cp-select', value: 'Beta' });
  assert.equal(set(picked.changes, 'cmi.location'), 'picked:b');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test("refusals: someone else's overlay is waited for and refused without an event reaching the field; aria-hidden with nothing drawn answers at once", async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  for (const tool of ['scorm_dom_click', 'scorm_keyboard_type', 'scorm_dom_fill'] as const) {
    const args: Data =
      tool === 'scorm_keyboard_type'
        ? { text: 'x', options: { selector: '#veiled', wait_timeout_ms: 600 } }
        : {
            selector: '#veiled',
            ...(tool === 'scorm_dom_fill' ? { value: 'x' } : {}),
            options: { wait_timeout_ms: 600 },
          };
    const refused = await callToolError(server.client, tool, { session_id: session, ...args });
    assert.equal(refused.error_code, 'DOM_NOT_ACTIONABLE', tool);
    assert.equal((refused.data.details as Data).reason, 'covered', tool);
  }
  assert.deepEqual(
    await evaluate(session, 'window.seen'),
    [],
    'no focus, mouse or key event reached the field',
  );
  assert.equal(
    await evaluate(session, 'document.activeElement === document.body'),
    true,
    'focus did not move',
  );
  await evaluate(
    session,
    "(function () { var d = document.createElement('div'); d.id = 'ghost'; d.setAttribute('aria-hidden', 'true');" +
      " d.className = 'sr-only'; d.setAttribute('role', 'button'); document.body.appendChild(d); return true; })()",
  );
  const wait = 60_000;
  const started = Date.now();
  const ghost = await callToolError(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: '#ghost',
    options: { wait_timeout_ms: wait },
  });
  assert.equal((ghost.data.details as Data).why, 'aria-hidden');
  assert.ok(Date.now() - started < wait, 'waiting cannot cure it, so the wait was not used up');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('a hidden option whose focus the course hands back for a moment after its dialog closed is reached once it can be', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  await act('scorm_dom_click', session, { selector: '#close-feedback' });
  const chosen = await act('scorm_dom_fill', session, { selector: '#opt-a', value: true });
  assert.equal(chosen.activation, 'keyboard');
  assert.equal(chosen.element.checked, true);
  assert.equal(set(chosen.changes, 'cmi.location'), 'opt-a');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('a click that changes nothing says so; one that changes the page does not', async () => {
  const session = await openSessionRuntime(server.client, PAGE);
  const idle = await act('scorm_dom_click', session, { selector: '#plain-text' });
  assert.equal(idle.changed, false);
  assert.match(idle.note ?? '', /Nothing changed/);
  const toggled = await act('scorm_dom_click', session, { selector: '#toggle' });
  assert.equal(toggled.changed, undefined);
  assert.equal(toggled.note, undefined);
  const saved = await act('scorm_dom_click', session, { selector: '#open-feedback' });
  assert.equal(saved.changed, undefined);
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});
