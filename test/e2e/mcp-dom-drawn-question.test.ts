/**
 * Two questions a sighted learner answers that our tools refused (issue 23, found on rise-3 and adapt-2):
 * checkbox rows lying under the text that names them are clicked through that text and form one question
 * even when the listing is cut between its options; a Submit and an option under a drawer's shade are
 * refused as covered by the shade (not as aria-hidden), and work once the drawer is closed.
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
interface Listed {
  interactive_elements: Array<{ ref: string; selector: string; name: string; role: string }>;
  assessments: Array<{ kind: string; question: string; options: string[] }>;
  next_cursor?: string;
}
interface ActionData extends Data {
  activation: string;
  activated_element?: { description: string; selector: string };
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

const ROWS = join(FIXTURES_DIR, 'courses/drawn-checkbox-rows');
const SHADED = join(FIXTURES_DIR, 'courses/shaded-page-submit');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** Successful actions get a long wait: on a loaded machine the default 5 s can run out. */
const act = (session: string, args: Data): Promise<ActionData> =>
  callTool<ActionData>(server.client, 'scorm_dom_click', {
    session_id: session,
    ...args,
    options: { wait_timeout_ms: 20_000 },
  });
const list = (session: string, args: Data = {}): Promise<Listed> =>
  callTool<Listed>(server.client, 'scorm_dom_find_interactive_elements', { session_id: session, ...args });
const evaluate = async (session: string, expression: string): Promise<unknown> =>
  (
    await callTool<{ result: unknown }>(server.client, 'scorm_dom_evaluate', {
      session_id: session,
      expression,
    })
  ).result;
const set = (changes: ActionData['changes'], element: string): string | undefined =>
  changes.data_model_changes.filter((c) => c.element === element).pop()?.to;

test('a checkbox row under the text naming it is clicked through that text, and the Submit it enables records the answer', async () => {
  const session = await openSessionRuntime(server.client, ROWS);
  const found = await list(session);
  const rows = found.interactive_elements.filter((e) => e.role === 'checkbox');
  assert.equal(rows.length, 4);
  const submit = found.interactive_elements.find((e) => e.name === 'SUBMIT');
  assert.ok(submit);
  const refused = await callToolError(server.client, 'scorm_dom_click', {
    session_id: session,
    ref: submit.ref,
    options: { wait_timeout_ms: 600 },
  });
  assert.equal((refused.data.details as Data).reason, 'disabled');
  const clicked = await act(session, { ref: rows[1]!.ref });
  assert.equal(clicked.activation, 'visible_element_at_position');
  assert.match(String(clicked.activated_element?.description), /Walking every day/);
  assert.equal(await evaluate(session, 'document.querySelectorAll(\'[aria-checked="true"]\').length'), 1);
  const submitted = await act(session, { ref: submit.ref });
  assert.equal(set(submitted.changes, 'cmi.suspend_data'), 'answer:Walking every day');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('the four rows are one question, given whole on each page of a listing cut between them', async () => {
  const session = await openSessionRuntime(server.client, ROWS);
  const whole = await list(session);
  const rows = whole.interactive_elements.filter((e) => e.role === 'checkbox').map((e) => e.ref);
  const first = await list(session, { limit: rows.length - 1 });
  assert.ok(first.next_cursor);
  const second = await list(session, { cursor: first.next_cursor });
  for (const page of [whole, first, second]) {
    assert.equal(page.assessments.length, 1);
    assert.deepEqual(page.assessments[0]!.options, rows);
    assert.match(page.assessments[0]!.question, /Which of these keep you well/);
  }
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('a Submit under a drawer shade is refused as covered by the shade, at once, and the page stays as it was', async () => {
  const session = await openSessionRuntime(server.client, SHADED);
  await act(session, { selector: '#progress' });
  // Hidden from assistive technology, the page's accordion has no names: still no drop-down question.
  const shaded = await list(session);
  assert.deepEqual(
    shaded.assessments.map((a) => a.kind),
    ['name'],
  );
  const started = Date.now();
  const refused = await callToolError(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: '#submit',
    options: { wait_timeout_ms: 600 },
  });
  assert.equal(refused.error_code, 'DOM_NOT_ACTIONABLE');
  const details = refused.data.details as Data;
  assert.equal(details.reason, 'covered');
  assert.equal((details.covered_by as Data).selector, '#shadow');
  assert.ok(Date.now() - started < 20_000);
  // An option drawn by its label, its box clipped away, is under the same shade.
  const option = await callToolError(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: '#opt-a',
    options: { wait_timeout_ms: 600 },
  });
  assert.equal((option.data.details as Data).reason, 'covered');
  assert.equal(((option.data.details as Data).covered_by as Data).selector, '#shadow');
  assert.equal(await evaluate(session, "document.body.classList.contains('drawer-open')"), true);
  await act(session, { selector: '#close-drawer' });
  const found = await list(session);
  // The label drawing each clipped checkbox is that checkbox's, not a second question of its own.
  assert.equal(found.assessments.length, 1);
  assert.equal(found.assessments[0]!.options.length, 2);
  const listed = found.interactive_elements.find((e) => e.selector === '#opt-a');
  const submit = found.interactive_elements.find((e) => e.selector === '#submit');
  assert.ok(listed && submit);
  await act(session, { ref: listed.ref });
  const submitted = await act(session, { ref: submit.ref });
  assert.equal(set(submitted.changes, 'cmi.suspend_data'), 'answer:opt-a');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});
