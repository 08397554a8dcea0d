/**
 * Learner input through MCP over stdio against real Chromium: clicks and fills on hostile pages (nested
 * frames, an invisible overlay, late and vanishing elements, Storyline-like hidden accessible controls,
 * navigation during and by an action, wrong-type values), each with the "what changed" report or a precise
 * error, and the session still usable afterwards.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  startServer,
  type StartedServer,
  openSessionRuntime,
} from '../helpers/mcp-client.js';
import { courseTextOf } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

type Data = Record<string, unknown>;
interface Changes {
  api_calls: Array<{ method: string; args: unknown[]; result?: unknown; error_code?: string }>;
  data_model_changes: Array<{ element: string; from: string | null; to: string }>;
  /** Absent when empty, as navigation and frames_* (issue 22). */
  console_errors?: Array<{ text: string }>;
  navigation?: Array<{ frame: string; from: string; to: string }>;
  frames_added?: string[];
  frames_removed?: string[];
  before_action?: Omit<Changes, 'before_action'>;
}
interface ActionData extends Data {
  success: boolean;
  element: Data;
  frame: string;
  target_by: string;
  activation: string;
  activated_element?: { description: string; selector: string };
  changes: Changes;
}

const PAGE = join(FIXTURES_DIR, 'courses/dom-actions-page');
const NESTED = join(FIXTURES_DIR, 'courses/dom-actions-nested');

let server: StartedServer;
let pageSession: string;

before(async () => {
  server = await startServer();
  pageSession = await openRuntime(PAGE);
});
after(async () => {
  await server.close();
});

const openRuntime = (path: string): Promise<string> => openSessionRuntime(server.client, path);

/**
 * Actions expected to succeed get a long wait_timeout_ms: on a loaded machine (two cores shared by many
 * test processes) the default 5 s can run out before Chromium has answered. Failing cases set their own.
 */
function patient(args: Data): Data {
  const options = (args.options ?? {}) as Data;
  return { ...args, options: { wait_timeout_ms: 20_000, ...options } };
}
const click = (args: Data, session = pageSession): Promise<ActionData> =>
  callTool<ActionData>(server.client, 'scorm_dom_click', { session_id: session, ...patient(args) });
const fill = (args: Data, session = pageSession): Promise<ActionData> =>
  callTool<ActionData>(server.client, 'scorm_dom_fill', { session_id: session, ...patient(args) });
/** The JSON-RPC error of a failed tool call, with the error's details (reason, why, candidates, ...). */
async function toolError(tool: string, args: Data) {
  const err = await callToolError(server.client, tool, args);
  return { ...err, details: (err.data.details ?? {}) as Data };
}
const clickError = (args: Data, session = pageSession) =>
  toolError('scorm_dom_click', { session_id: session, ...args });
const fillError = (args: Data, session = pageSession) =>
  toolError('scorm_dom_fill', { session_id: session, ...args });

const location = (changes: Changes): string | undefined =>
  changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;

/** The session still takes a click and reports its API calls. */
async function assertUsable(session = pageSession): Promise<void> {
  const res = await click({ selector: '#save' }, session);
  assert.equal(res.success, true);
  assert.ok(res.changes.api_calls.some((c) => c.method === 'Commit'));
}

test('click: a handler calling SetValue/Commit reports those calls and the data-model change', async () => {
  const res = await click({ selector: '#save' });
  assert.equal(res.success, true);
  assert.equal(res.frame, 'sco');
  assert.equal(res.target_by, 'selector');
  assert.equal(res.activation, 'pointer');
  assert.equal(res.element.tagName, 'BUTTON');
  assert.equal(res.element.id, 'save');
  assert.equal(res.element.textContent, undefined, 'a text that is the name is said once, as name');
  assert.equal(res.element.className, undefined, 'no class: not said');
  assert.equal(res.element.role, 'button');
  assert.equal(res.element.name, 'Save progress');
  assert.deepEqual(
    // A successful call's result "true" and error_code "0" are left out (issue 22).
    res.changes.api_calls.map((c) => [c.method, c.args[0], c.result, c.error_code]),
    [
      ['SetValue', 'cmi.location', undefined, undefined],
      ['SetValue', 'cmi.progress_measure', undefined, undefined],
      ['Commit', '', undefined, undefined],
    ],
  );
  const loc = res.changes.data_model_changes.find((c) => c.element === 'cmi.location');
  assert.equal(loc?.to, 'slide-3');
  // Lists that stayed empty are left out (issue 22).
  assert.equal(res.changes.console_errors, undefined);
  assert.equal(res.changes.navigation, undefined);
  assert.equal(res.changes.frames_added, undefined);
});

test('click: content in an inner iframe is found, clicked, and its frame reported', async () => {
  const session = await openRuntime(NESTED);
  const res = await click({ selector: '#inner-save' }, session);
  assert.equal(res.frame, 'sco > iframe#content');
  assert.equal(location(res.changes), 'inner');
  const typed = await fill({ selector: '#inner-answer', value: 'forty-two' }, session);
  assert.equal(typed.frame, 'sco > iframe#content');
  assert.equal(typed.element.value, 'forty-two');
  const opened = await click({ selector: '#open-frame' }, session);
  assert.deepEqual(opened.changes.frames_added, ['sco > iframe#extra']);
  const scoped = await clickError(
    { selector: '#inner-save', frame: 'sco', options: { wait_timeout_ms: 200 } },
    session,
  );
  assert.equal(scoped.error_code, 'DOM_ELEMENT_NOT_FOUND');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('click: an element that appears late is waited for; one that never appears fails within wait_timeout_ms', async () => {
  const session = await openRuntime(PAGE);
  const late = await click({ selector: '#late' }, session);
  assert.equal(location(late.changes), 'late');
  const never = await clickError({ selector: '#never-there', options: { wait_timeout_ms: 400 } }, session);
  assert.equal(never.error_code, 'DOM_ELEMENT_NOT_FOUND');
  assert.match(never.message, /after waiting 400 ms/);
  await assertUsable(session);
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('click: disabled, display:none and aria-hidden controls fail with the reason', async () => {
  const disabled = await clickError({ selector: '#disabled-btn', options: { wait_timeout_ms: 600 } });
  assert.equal(disabled.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(disabled.details.reason, 'disabled');
  assert.match(disabled.message, /disabled attribute/);
  const hidden = await clickError({ selector: '#hidden-btn', options: { wait_timeout_ms: 600 } });
  assert.equal(hidden.details.reason, 'not_visible');
  assert.equal(hidden.details.why, 'display:none');
  const ghost = await clickError({ selector: '#ghost', options: { wait_timeout_ms: 600 } });
  assert.equal(ghost.details.reason, 'not_visible');
  assert.equal(ghost.details.why, 'aria-hidden');
  await assertUsable();
});

test('click: an invisible overlay blocking input is named in the error', async () => {
  const res = await clickError({ selector: '#under-overlay', options: { wait_timeout_ms: 700 } });
  assert.equal(res.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(res.details.reason, 'covered');
  assert.deepEqual((res.details.covered_by as Data).selector, '#overlay');
  assert.match(courseTextOf(res.details, 'covered_by'), /^div#overlay/);
  assert.doesNotMatch(res.message, /div#overlay/, 'course words are in course_text, not in our sentence');
  await assertUsable();
});

test('click: a Storyline-like hidden accessible control is activated at its position or by keyboard', async () => {
  const byShape = await click({ selector: '#acc-next' });
  assert.equal(byShape.activation, 'visible_element_at_position');
  assert.equal(byShape.activated_element?.selector, '#shape-next');
  assert.equal(location(byShape.changes), 'next-by-shape');
  const byKeyboard = await click({ selector: '#acc-submit' });
  assert.equal(byKeyboard.activation, 'keyboard');
  assert.equal(location(byKeyboard.changes), 'submitted-by-keyboard');
  assert.equal(byKeyboard.element.name, 'Submit answer');
  await assertUsable();
});

test('click: a hidden control is not activated through the bare page, another control or a decoration at its position', async () => {
  const session = await openRuntime(NESTED);
  const bare = await click({ selector: '#acc-bare' }, session);
  assert.equal(bare.activation, 'keyboard');
  assert.equal(bare.activated_element, undefined);
  assert.equal(location(bare.changes), 'bare-by-keyboard');
  const overLink = await click({ selector: '#acc-over-link' }, session);
  assert.equal(overLink.activation, 'keyboard');
  assert.equal(location(overLink.changes), 'over-link-by-keyboard');
  assert.ok(
    !overLink.changes.api_calls.some((c) => c.args[1] === 'link-clicked'),
    'the link was not clicked',
  );
  const overDeco = await click({ selector: '#acc-over-deco' }, session);
  assert.equal(overDeco.activation, 'keyboard');
  assert.equal(location(overDeco.changes), 'over-deco-by-keyboard');
  const double = await clickError(
    { selector: '#acc-bare', options: { click_type: 'double', wait_timeout_ms: 3_000 } },
    session,
  );
  assert.equal(double.error_code, 'DOM_NOT_ACTIONABLE');
  assert.match(double.message, /nothing drawn at its position/);
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('fill: a hidden checkbox over the bare page or a face that ignores the click is checked with Space', async () => {
  const session = await openRuntime(NESTED);
  const bare = await fill({ selector: '#acc-check', value: true }, session);
  assert.equal(bare.activation, 'keyboard');
  assert.equal(bare.element.checked, true);
  assert.ok(bare.changes.data_model_changes.some((c) => c.to === 'check=true'));
  const face = await fill({ selector: '#acc-check-face', value: true }, session);
  assert.equal(face.activation, 'keyboard', 'the pointer-shaped face did not toggle it, Space did');
  assert.equal(face.element.checked, true);
  assert.deepEqual(
    face.changes.data_model_changes.filter((c) => c.element === 'cmi.suspend_data').map((c) => c.to),
    ['face=true'],
  );
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('click: the same selector in two frames names the frame parameter that picks one', async () => {
  const session = await openRuntime(NESTED);
  const twins = await clickError({ selector: '.twin', options: { wait_timeout_ms: 3_000 } }, session);
  assert.equal(twins.error_code, 'DOM_MULTIPLE_MATCHES');
  // The inner frame's label carries its id (the course's word): the sentence names course_text.frames.
  assert.match(
    twins.message,
    /1 in sco, 1 in `course_text\.frames\[1\]`.*add the frame parameter \(one of details\.frames\)/,
  );
  assert.equal(courseTextOf(twins.details, 'frames'), 'sco\nsco > iframe#content');
  assert.deepEqual(twins.details.frames, ['sco', 'sco > iframe#content']);
  const inner = await click({ selector: '.twin', frame: 'sco > iframe#content' }, session);
  assert.equal(location(inner.changes), 'twin-inner');
  const single = await clickError({ selector: '.option', options: { wait_timeout_ms: 3_000 } });
  assert.doesNotMatch(single.message, /frame parameter/, 'all matches in one frame: no frame hint');
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('click: invalid selector, and a selector matching many elements lists candidates', async () => {
  const invalid = await clickError({ selector: 'button[[' });
  assert.equal(invalid.error_code, 'DOM_INVALID_SELECTOR');
  const many = await clickError({ selector: '.option' });
  assert.equal(many.error_code, 'DOM_MULTIPLE_MATCHES');
  assert.equal(many.details.match_count, 3);
  assert.equal((many.details.candidates as unknown[]).length, 3);
  const none = await clickError({});
  assert.equal(none.error_code, 'MCP_INVALID_PARAMS');
  await assertUsable();
});

test('click: new course errors, double and right clicks, and settle_ms for asynchronous reactions', async () => {
  const broken = await click({ selector: '#throws' });
  assert.ok((broken.changes.console_errors ?? []).some((e) => /course bug in handler/.test(e.text)));
  assert.equal(location(broken.changes), 'before-throw');
  const dbl = await click({ selector: '#dbl', options: { click_type: 'double' } });
  assert.equal(location(dbl.changes), 'double');
  const right = await click({ selector: '#ctx', options: { click_type: 'right' } });
  assert.equal(location(right.changes), 'right');
  const waited = await click({ selector: '#async-save', options: { settle_ms: 2_000 } });
  assert.equal(location(waited.changes), 'async');
});

test('changes: what a click caused after its result is reported by the next action as before_action, never as its own', async () => {
  const session = await openRuntime(PAGE);
  // settle_ms 0: the click's result comes back before its timer calls SetValue (3 s later).
  const later = await click({ selector: '#async-save-late' }, session);
  assert.equal(location(later.changes), undefined);
  // scorm_data_model_get reads the engine without an API call or an observer of its own.
  await until(async () => {
    const read = await callTool<{ data: Record<string, string> }>(server.client, 'scorm_data_model_get', {
      session_id: session,
      elements: ['cmi.location'],
    });
    return read.data['cmi.location'] === 'async' ? true : undefined;
  }, "the timer's SetValue");
  const save = await click({ selector: '#save' }, session);
  assert.deepEqual(
    save.changes.api_calls.map((c) => c.method),
    ['SetValue', 'SetValue', 'Commit'],
    'only the calls of the click itself',
  );
  assert.equal(location(save.changes), 'slide-3');
  assert.deepEqual(
    save.changes.before_action?.api_calls.map((c) => [c.method, c.args[1]]),
    [['SetValue', 'async']],
  );
  assert.equal(save.changes.before_action?.data_model_changes[0]?.to, 'async');
  const quiet = await click({ selector: '#save' }, session);
  assert.equal(quiet.changes.before_action, undefined, 'nothing happened in between');

  // A navigation the page makes 3 s after a click: not the click's, not the next click's, but reported.
  const armed = await click({ selector: '#arm-navigate' }, session);
  assert.equal(armed.changes.navigation, undefined);
  await callTool(server.client, 'scorm_dom_wait_for', {
    session_id: session,
    condition: { selector: '#page2' },
    timeout_ms: 20_000,
  });
  const heading = await click({ selector: '#page2' }, session);
  assert.equal(heading.changes.navigation, undefined, 'the navigation is not one of this click');
  const between = heading.changes.before_action?.navigation ?? [];
  assert.equal(between.length, 1);
  assert.equal(between[0]?.frame, 'sco');
  assert.match(between[0]?.from ?? '', /index\.html$/);
  assert.match(between[0]?.to ?? '', /page2\.html$/);
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('click: a screenshot after the action comes back as image content', async () => {
  const result = await server.client.callTool({
    name: 'scorm_dom_click',
    arguments: { session_id: pageSession, selector: '#save', screenshot: true },
  });
  const content = result.content as Array<{ type: string; mimeType?: string }>;
  assert.ok(content.some((c) => c.type === 'image' && c.mimeType === 'image/webp'));
  const data = result.structuredContent as ActionData;
  assert.equal(data.success, true);
  assert.ok((data.screenshot as Data).artifact_path);
});

test('click: an element removed during the action is DOM_DETACHED', async () => {
  await click({ selector: '#arm-vanish' });
  // It is removed 3 s after the arming click; being disabled keeps the click waiting until then. The
  // action reports at the end of its wait, so the wait is only 3 s longer than that.
  const res = await clickError({ selector: '#moving', options: { wait_timeout_ms: 6_000 } });
  assert.equal(res.error_code, 'DOM_DETACHED');
  await assertUsable();
});

test('fill: each kind of control, by value type', async () => {
  const name = await fill({ selector: '#name', value: 'Ada' });
  assert.equal(name.element.value, 'Ada');
  assert.equal(name.activation, 'pointer');
  const age = await fill({ selector: '#age', value: 42 });
  assert.equal(age.element.value, '42');
  assert.ok(age.changes.data_model_changes.some((c) => c.to === 'age=42'));
  assert.equal((await fill({ selector: '#when', value: '2024-05-31' })).element.value, '2024-05-31');
  assert.equal(
    (await fill({ selector: '#notes', value: 'line one\nline two' })).element.value,
    'line one\nline two',
  );
  const agree = await fill({ selector: '#agree', value: true });
  assert.equal(agree.element.checked, true);
  assert.ok(agree.changes.data_model_changes.some((c) => c.to === 'agree=true'));
  assert.equal((await fill({ selector: '#agree', value: 'false' })).element.checked, false);
  assert.equal((await fill({ selector: '#q1-b', value: true })).element.checked, true);
  const byLabel = await fill({ selector: '#country', value: 'Germany' });
  assert.equal(byLabel.element.value, 'de');
  const multi = await fill({ selector: '#langs', value: ['en', 'German'] });
  assert.ok(multi.changes.data_model_changes.some((c) => c.to === 'langs=en,de'));
});

test('fill: values of the wrong type say what the input accepts', async () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['#age', 'abc', /accepts a number/],
    ['#when', '31/05/2024', /YYYY-MM-DD/],
    ['#name', true, /accepts text/],
    ['#agree', 'yes', /true or false/],
    ['#q1-a', false, /cannot be unchecked/],
    ['#country', 'Spain', /of those in `course_text\.options`/],
    ['#country', ['fr', 'de'], /not a multi-select/],
  ];
  for (const [selector, value, message] of cases) {
    const res = await fillError({ selector, value });
    assert.equal(res.error_code, 'DOM_INVALID_VALUE', `${selector} ${JSON.stringify(value)}`);
    assert.match(res.message, message);
  }
  // The options are the course's words: listed in course_text.
  const option = await fillError({ selector: '#country', value: 'Spain' });
  assert.match(courseTextOf(option.details, 'options'), /^"fr" \(France\)$/m);
  const button = await fillError({ selector: '#save', value: 'x' });
  assert.equal(button.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(button.details.reason, 'not_fillable');
  const readonly = await fillError({ selector: '#readonly', value: 'x', options: { wait_timeout_ms: 600 } });
  assert.equal(readonly.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(readonly.details.reason, 'not_editable');
  const fieldset = await fillError({
    selector: '#in-disabled-fieldset',
    value: 'x',
    options: { wait_timeout_ms: 600 },
  });
  assert.equal(fieldset.details.reason, 'disabled');
  assert.match(fieldset.message, /fieldset/);
  const silent = await fillError({ selector: '#name', value: 'x', options: { trigger_events: false } });
  assert.equal(silent.error_code, 'MCP_INVALID_PARAMS');
  await assertUsable();
});

test('fill: a field under an invisible overlay is refused as a click is, by fill, typing, batch and trace', async () => {
  for (const [selector, value] of [
    ['#under-overlay-text', 'hi'],
    ['#under-overlay-number', 5],
    ['#under-overlay-select', 'b'],
  ] as const) {
    const res = await fillError({ selector, value, options: { wait_timeout_ms: 700 } });
    assert.equal(res.error_code, 'DOM_NOT_ACTIONABLE', selector);
    assert.equal(res.details.reason, 'covered', selector);
    assert.equal((res.details.covered_by as Data).selector, '#overlay', selector);
    assert.match(
      res.message,
      /Cannot fill the target \(selector in `details\.selector`\): it is covered by another element/,
    );
    assert.equal(res.details.selector, selector);
    assert.match(courseTextOf(res.details, 'covered_by'), /^div#overlay/);
  }
  const typed = await toolError('scorm_keyboard_type', {
    session_id: pageSession,
    text: 'hi',
    options: { selector: '#under-overlay-text', wait_timeout_ms: 700 },
  });
  assert.equal(typed.details.reason, 'covered');
  assert.match(
    typed.message,
    /Cannot type into the target \(selector in `details\.selector`\): it is covered/,
  );
  assert.match(courseTextOf(typed.details, 'covered_by'), /^div#overlay/);
  const batch = await callTool<Data>(server.client, 'scorm_dom_fill_form_batch', {
    session_id: pageSession,
    fields: [{ selector: '#under-overlay-text', value: 'hi', options: { wait_timeout_ms: 700 } }],
  });
  assert.equal(batch.failed, 1);
  assert.equal(((batch.results as Data[])[0]?.error as Data).error_code, 'DOM_NOT_ACTIONABLE');
  const trace = await callTool<Data>(server.client, 'scorm_assessment_interaction_trace', {
    session_id: pageSession,
    wait_timeout_ms: 700,
    actions: [{ type: 'fill', selector: '#under-overlay-text', value: 'hi' }],
  });
  const step = (trace.steps as Array<Data & { error?: { code: string } }>)[0];
  assert.equal(step?.ok, false);
  assert.equal(step?.error?.code, 'DOM_NOT_ACTIONABLE');
  const value = await callTool<Data>(server.client, 'scorm_dom_evaluate', {
    session_id: pageSession,
    expression:
      '[document.getElementById("under-overlay-text").value, document.getElementById("under-overlay-select").value]',
  });
  assert.deepEqual(value.result, ['', 'a'], 'nothing reached the covered fields');
  await assertUsable();
});

test('fill: a value the browser would empty or move (February 30, 24:00, week 53 of a short year, off-step range) is refused before filling', async () => {
  assert.equal((await fill({ selector: '#when', value: '2024-05-31' })).element.value, '2024-05-31');
  const cases: Array<[string, unknown, RegExp, string]> = [
    ['#when', '2024-02-30', /accepts a date that exists, written like "2024-05-31"/, ''],
    ['#when', '2023-02-29', /date that exists/, ''],
    ['#at', '24:00', /time of day from 00:00 to 23:59:59/, ''],
    ['#wk', '2024-W53', /W53 in long years/, ''],
    ['#level', 7, /from 0 to 100 in steps of 5\. The browser would set it to 5/, '5'],
    ['#level', '500', /from 0 to 100/, '100'],
  ];
  for (const [selector, value, message, browserValue] of cases) {
    const res = await fillError({ selector, value });
    assert.equal(res.error_code, 'DOM_INVALID_VALUE', `${selector} ${JSON.stringify(value)}`);
    assert.match(res.message, message);
    assert.match(res.message, /so nothing was filled/);
    assert.equal(res.details.browser_value, browserValue);
  }
  const overflow = await fillError({ selector: '#age', value: '1e999' });
  assert.equal(overflow.error_code, 'DOM_INVALID_VALUE');
  assert.match(overflow.message, /finite number/);
  const kept = await callTool<Data>(server.client, 'scorm_dom_evaluate', {
    session_id: pageSession,
    expression: '[document.getElementById("when").value, document.getElementById("level").value]',
  });
  assert.deepEqual(kept.result, ['2024-05-31', '50'], 'the refused values never reached the inputs');
  assert.equal((await fill({ selector: '#wk', value: '2020-W53' })).element.value, '2020-W53');
  assert.equal((await fill({ selector: '#at', value: '23:59:59' })).element.value, '23:59:59');
  const level = await fill({ selector: '#level', value: 55 });
  assert.equal(level.element.value, '55');
  assert.ok(level.changes.data_model_changes.some((c) => c.to === 'level=55'));
});

test('fill: a custom-styled checkbox (transparent input under its drawn face) is checked at its position', async () => {
  const res = await fill({ selector: '#styled-box', value: true });
  assert.equal(res.activation, 'visible_element_at_position');
  assert.equal(res.element.checked, true);
  assert.ok(res.changes.data_model_changes.some((c) => c.to === 'styled-box=true'));
  const again = await fill({ selector: '#styled-box', value: true });
  assert.equal(again.state_unchanged, true);
});

test('navigation: a page that navigates during an action is DOM_NAVIGATED; a click that navigates succeeds', async () => {
  const session = await openRuntime(PAGE);
  await click({ selector: '#arm-navigate' }, session);
  // The page navigates 3 s after the arming click, while this click waits for the disabled button (and
  // reports at the end of its wait).
  const res = await clickError({ selector: '#disabled-btn', options: { wait_timeout_ms: 6_000 } }, session);
  assert.equal(res.error_code, 'DOM_NAVIGATED');
  const finish = await click({ selector: '#finish' }, session);
  assert.equal(location(finish.changes), 'page2');
  await callTool(server.client, 'scorm_session_close', { session_id: session });

  const second = await openRuntime(PAGE);
  const next = await click({ selector: '#to-page2' }, second);
  assert.equal(next.success, true);
  assert.equal(location(next.changes), 'leaving');
  assert.equal(next.changes.navigation?.length, 1);
  assert.equal(next.changes.navigation?.[0]?.frame, 'sco');
  assert.match(next.changes.navigation?.[0]?.from ?? '', /index\.html$/);
  assert.match(next.changes.navigation?.[0]?.to ?? '', /page2\.html$/);
  assert.equal(location((await click({ selector: '#finish' }, second)).changes), 'page2');
  await callTool(server.client, 'scorm_session_close', { session_id: second });
});

test('keyboard: types into a clicked field, into the focused element, presses keys, refuses unknown keys', async () => {
  const session = await openRuntime(PAGE);
  const nowhere = await toolError('scorm_keyboard_type', { session_id: session, text: 'lost' });
  assert.equal(nowhere.error_code, 'DOM_NOT_ACTIONABLE');
  assert.equal(nowhere.details.reason, 'not_focused');
  const typed = await callTool<ActionData>(server.client, 'scorm_keyboard_type', {
    session_id: session,
    text: 'Grace',
    options: { selector: '#name', delay_ms: 5, wait_timeout_ms: 20_000 },
  });
  assert.equal(typed.characters_typed, 5);
  assert.equal(typed.element.id, 'name');
  assert.equal(typed.activation, 'pointer');
  const more = await callTool<ActionData>(server.client, 'scorm_keyboard_type', {
    session_id: session,
    text: ' Hopper',
    options: { keys: ['Tab'] },
  });
  assert.equal(more.target_by, 'focus');
  assert.equal(more.frame, 'sco');
  assert.equal(more.element.id, 'name');
  assert.ok(more.changes.data_model_changes.some((c) => c.to === 'name=Grace Hopper'));
  const badKey = await toolError('scorm_keyboard_type', {
    session_id: session,
    text: 'x',
    options: { keys: ['Enterr'] },
  });
  assert.equal(badKey.error_code, 'MCP_INVALID_PARAMS');
  const hiddenControl = await callTool<ActionData>(server.client, 'scorm_keyboard_type', {
    session_id: session,
    text: '',
    options: { selector: '#acc-next', keys: ['Enter'], wait_timeout_ms: 20_000 },
  });
  assert.equal(hiddenControl.activation, 'keyboard');
  assert.equal(location(hiddenControl.changes), 'next-by-keyboard');
  await assertUsable(session);
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});

test('batch: fields filled in order, a failed field reported without stopping, or stopping when asked', async () => {
  const fields = [
    { selector: '#name', value: 'Batch' },
    { selector: '#age', value: 'old' },
    { selector: '#agree', value: true },
    { selector: '#country', value: 'fr' },
  ];
  const res = await callTool<Data>(server.client, 'scorm_dom_fill_form_batch', {
    session_id: pageSession,
    fields,
  });
  assert.equal(res.total_fields, 4);
  assert.equal(res.successful, 3);
  assert.equal(res.failed, 1);
  const results = res.results as Array<Data & { changes?: Changes }>;
  assert.deepEqual(
    results.map((r) => [r.index, r.path, r.success]),
    [
      [0, 'dom', true],
      [1, 'dom', false],
      [2, 'dom', true],
      [3, 'dom', true],
    ],
  );
  assert.equal((results[1]?.error as Data).error_code, 'DOM_INVALID_VALUE');
  assert.deepEqual(
    (res.errors as Data[]).map((e) => [e.index, e.error_code]),
    [[1, 'DOM_INVALID_VALUE']],
  );
  assert.ok(results[3]?.changes?.data_model_changes.some((c) => c.to === 'country=fr'));
  const whole = (res.changes as Changes).data_model_changes.map((c) => c.to);
  for (const v of ['name=Batch', 'agree=true', 'country=fr']) assert.ok(whole.includes(v), v);

  const stopped = await callTool<Data>(server.client, 'scorm_dom_fill_form_batch', {
    session_id: pageSession,
    fields,
    stop_on_error: true,
  });
  assert.equal(stopped.successful, 1);
  assert.equal(stopped.failed, 1);
  assert.equal(stopped.skipped, 2);
  await assertUsable();
});

test('click: a handler that never returns fails with a time-out, and the session stays usable', async () => {
  const session = await openRuntime(PAGE);
  const res = await clickError({ selector: '#hang', options: { wait_timeout_ms: 1_000 } }, session);
  assert.ok(['DOM_TIMEOUT', 'COURSE_TIMEOUT'].includes(res.error_code), res.error_code);
  await assertUsable(session);
  await callTool(server.client, 'scorm_session_close', { session_id: session });
});
