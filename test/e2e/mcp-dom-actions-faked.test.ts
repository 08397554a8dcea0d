/**
 * The action tools report an element's real state, over stdio against real Chromium: a page that fakes, in
 * its own world, getComputedStyle (display:block for a hidden button), :disabled, getBoundingClientRect
 * and elementFromPoint (an overlay "not there"), input values and checked state, a radio's value
 * attribute, localName and document.activeElement gets its true state reported by click, fill and
 * keyboard refusals and results, by the interaction trace's answer reads and by the automation link.
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
interface Element {
  id: string;
  value?: string | null;
  checked?: boolean | null;
}
interface Action {
  success: true;
  element: Element;
  frame: string;
}
interface Step {
  path: 'dom' | 'automation' | null;
  ok: boolean;
  response?: unknown;
  target_state?: {
    before: { checked: boolean | null } | null;
    after: { checked: boolean | null } | null;
    changed: boolean;
  };
}

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses', 'dom-actions-faked'));
  await callTool(server.client, 'scorm_dom_wait_for', {
    session_id: session,
    condition: { expression: 'window.fakesInstalled === true' },
  });
});
after(async () => {
  await server.close();
});

async function refusal(tool: string, args: Data): Promise<{ error_code: string; details: Data }> {
  const err = await callToolError(server.client, tool, { session_id: session, ...args });
  return { error_code: err.error_code, details: (err.data.details ?? {}) as Data };
}
const quick = { wait_timeout_ms: 1_500 };

test('click: a hidden button the page styles "block" is refused as not visible (display:none)', async () => {
  const e = await refusal('scorm_dom_click', { selector: '#hidden-btn', options: quick });
  assert.equal(e.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(e.details.reason, 'not_visible');
  assert.equal(e.details.why, 'display:none');
});

test('click: a disabled button the page calls enabled is refused as disabled', async () => {
  const e = await refusal('scorm_dom_click', { selector: '#locked', options: quick });
  assert.equal(e.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(e.details.reason, 'disabled');
  assert.equal(e.details.why, 'disabled attribute');
  // A selector only Playwright understands is read at a path Playwright confirms, in the same world.
  const byText = await refusal('scorm_dom_click', { selector: 'button:has-text("Locked")', options: quick });
  assert.equal(byText.details.reason, 'disabled');
});

test('fill and keyboard: a field under an overlay the page hides from elementFromPoint is refused as covered', async () => {
  const filled = await refusal('scorm_dom_fill', { selector: '#covered', value: 'x', options: quick });
  assert.equal(filled.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(filled.details.reason, 'covered');
  assert.equal((filled.details.covered_by as { selector: string }).selector, '#cover');
  const typed = await refusal('scorm_keyboard_type', {
    text: 'x',
    options: { selector: '#covered', ...quick },
  });
  assert.equal(typed.details.reason, 'covered');
});

test('fill and keyboard: the value and the focused element are the real ones', async () => {
  const filled = await callTool<Action>(server.client, 'scorm_dom_fill', {
    session_id: session,
    selector: '#name',
    value: 'Ann',
  });
  assert.equal(filled.element.value, 'Ann');
  await callTool(server.client, 'scorm_dom_click', { session_id: session, selector: '#name' });
  const typed = await callTool<Action>(server.client, 'scorm_keyboard_type', {
    session_id: session,
    text: 'e',
  });
  assert.equal(typed.element.id, 'name', 'the field that has focus, not the one activeElement names');
});

test('click: an element in a child frame is labelled by the frame element the browser has', async () => {
  const clicked = await callTool<Action>(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: '#deep',
  });
  assert.equal(clicked.frame, 'sco > iframe#inner');
});

test('trace: the answer reads show the checkbox the learner ticked, and the automation link answers with the radio clicked', async () => {
  const r = await callTool<{ steps: Step[] }>(server.client, 'scorm_assessment_interaction_trace', {
    session_id: session,
    actions: [
      { type: 'click', selector: '#agree' },
      { type: 'click', selector: '#q1-a' },
    ],
  });
  const [agree, pick] = r.steps;
  assert.equal(agree?.path, 'dom');
  assert.equal(agree?.target_state?.before?.checked, false);
  assert.equal(agree?.target_state?.after?.checked, true);
  assert.equal(agree?.target_state?.changed, true);
  assert.equal(pick?.path, 'automation');
  assert.equal(pick?.ok, true);
  assert.equal(pick?.response, 'a');
});

test('a Playwright-only selector whose path the page lies about is refused as unreadable, never read at another element', async () => {
  const lie = (on: boolean) =>
    callTool(server.client, 'scorm_dom_evaluate', {
      session_id: session,
      expression: `window.lieAboutPaths = ${on}`,
    });
  await lie(true);
  try {
    const e = await refusal('scorm_dom_click', { selector: 'button:has-text("Locked")', options: quick });
    assert.equal(e.error_code, 'DOM_NOT_ACTIONABLE');
    assert.equal(e.details.reason, 'unreadable');
  } finally {
    await lie(false);
  }
});
