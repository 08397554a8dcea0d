/**
 * The DOM read tools over stdio against real Chromium: controls with refs, selectors and purposes across
 * nested frames, the page state, queries, the agent's own expressions (throwing, hanging, busy, odd or
 * huge results), waiting, stale refs, and pages that fight readers. The session stays usable throughout.
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
import { controlOf, controlsOf } from '../helpers/interactive-elements.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { InteractiveElement } from '../../src/dom/snapshot/interactive.js';

type Data = Record<string, unknown>;
type Element = InteractiveElement;
/** Groupings name the controls of interactive_elements by ref (see controlsOf). */
interface Found {
  forms: Array<{ frame: string; selector: string; inputs: string[]; submit: string | null }>;
  buttons: string[];
  inputs: string[];
  assessments: Array<{ frame: string; kind: string; question: string; type: string; options: string[] }>;
  navigation: string[];
  interactive_elements: Element[];
  counts: Record<string, number>;
  frames: Array<{ label: string; url: string }>;
  snapshot_truncated: boolean;
  elements_truncated: boolean;
  next_cursor?: string;
  notes: string[];
}

const CONTENT = 'sco > iframe#content';
let server: StartedServer;
let quiz: string;

before(async () => {
  server = await startServer();
  quiz = await openRuntime('dom-read-quiz');
});
after(async () => {
  await server.close();
});

const openRuntime = (name: string, itemId?: string): Promise<string> =>
  openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', name),
    {},
    itemId ? { item_id: itemId } : {},
  );

const call = <T = Data>(name: string, args: Data): Promise<T> => callTool<T>(server.client, name, args);
const callError = (name: string, args: Data) => callToolError(server.client, name, args);
const find = (session_id: string, extra: Data = {}): Promise<Found> =>
  call<Found>('scorm_dom_find_interactive_elements', { session_id, ...extra });

async function assertUsable(session_id: string): Promise<void> {
  const r = await call<{ result: unknown }>('scorm_dom_evaluate', { session_id, expression: '6 * 7' });
  assert.equal(r.result, 42, 'the session still evaluates');
}

function byName(found: Found, name: string): Element {
  const e = found.interactive_elements.find((x) => x.name === name);
  assert.ok(e, `element "${name}" listed (got ${found.interactive_elements.map((x) => x.name).join(', ')})`);
  return e;
}

test('tools/list has the five read tools with short descriptions', async () => {
  const { tools } = await server.client.listTools();
  for (const name of [
    'scorm_dom_find_interactive_elements',
    'scorm_get_page_state',
    'scorm_dom_query',
    'scorm_dom_evaluate',
    'scorm_dom_wait_for',
  ]) {
    const tool = tools.find((t) => t.name === name);
    assert.ok(tool, `${name} listed`);
    assert.ok((tool.description ?? '').length < 600, name);
  }
});

test('find: controls of the launch page and its inner content frame, with refs, selectors, frames and purposes', async () => {
  const found = await find(quiz);
  assert.deepEqual(
    found.frames.map((f) => f.label),
    ['sco', CONTENT],
  );
  const purposes = Object.fromEntries(
    found.interactive_elements.map((e) => [`${e.frame}|${e.name}`, e.purpose]),
  );
  assert.equal(purposes['sco|Back'], 'previous', 'icon + text "Back"');
  assert.equal(purposes['sco|Menu'], 'menu');
  assert.equal(purposes['sco|Next slide'], 'next', 'aria-label');
  assert.equal(purposes['sco|Play audio'], 'play_pause');
  assert.equal(purposes[`${CONTENT}|Submit answers`], 'submit');
  assert.equal(purposes[`${CONTENT}|Close`], 'close');
  assert.equal(purposes[`${CONTENT}|Your legs`], 'answer_option');
  assert.equal(purposes[`${CONTENT}|Explain why in one sentence`], 'text_entry');
  assert.equal(purposes[`${CONTENT}|Your shift`], 'selection');

  // Every listed control has a ref from the snapshot and a selector that matches exactly it in its frame.
  for (const e of found.interactive_elements) {
    assert.match(e.ref ?? '', /^f\d+e\d+$/, `${e.name} has a ref`);
    assert.ok(e.selector, `${e.name} has a selector`);
    const q = await call<{ found: boolean; match_count: number; frame: string }>('scorm_dom_query', {
      session_id: quiz,
      selector: e.selector,
      frame: e.frame,
      query_type: 'text',
    });
    assert.equal(q.found, true, `${e.selector} found`);
    assert.equal(q.match_count, 1, `${e.selector} unique in ${e.frame}`);
  }
  const legs = byName(found, 'Your legs');
  assert.equal(legs.frame, CONTENT);
  assert.equal(legs.role, 'radio');
  assert.equal(legs.tag, 'input');
  assert.equal(legs.type, 'radio');
  assert.equal(legs.state.checked, false);
  assert.equal(byName(found, 'Twist while lifting').state.checked, true);
  assert.equal(byName(found, 'Your shift').state.value, 'Night');

  // The ref and the selector point at the same element.
  const viaRef = await call<{ attributes: Record<string, string>; selector: string; ref: string }>(
    'scorm_dom_query',
    { session_id: quiz, ref: legs.ref, query_type: 'attributes' },
  );
  assert.equal(viaRef.attributes.value, 'legs');
  // By ref, the answer names the element's own unique selector (not the ref echoed) and the ref.
  assert.equal(viaRef.selector, legs.selector);
  assert.equal(viaRef.ref, legs.ref);

  assert.equal(found.counts.hidden, 1, 'the display:none help button is counted, not listed');
  assert.ok(!found.interactive_elements.some((e) => e.name === 'Hidden help'));
  assert.equal(found.snapshot_truncated, false);
});

test('find: questions with their answer options, forms with fields and submit, navigation', async () => {
  const found = await find(quiz);
  const q = (text: string) => {
    const a = found.assessments.find((x) => x.question.startsWith(text));
    assert.ok(a, `question "${text}" (got ${found.assessments.map((x) => x.question).join(' | ')})`);
    return a;
  };
  const q1 = q('Which part of your body');
  assert.equal(q1.kind, 'fieldset', 'question from the legend');
  assert.equal(q1.type, 'single_choice');
  assert.deepEqual(
    controlsOf(found, q1.options).map((o) => o.name),
    ['Your back', 'Your legs', 'Your arms'],
  );
  const q2 = q('Which of these are safe habits?');
  assert.equal(q2.kind, 'group', 'question from aria-labelledby');
  assert.equal(q2.type, 'multiple_choice');
  assert.equal(q2.options.length, 2);
  const q3 = q('How many kilograms');
  assert.equal(q3.kind, 'name', 'radios grouped by name, question from the preceding paragraph');
  assert.deepEqual(
    controlsOf(found, q3.options).map((o) => o.name),
    ['25 kg', '100 kg'],
  );
  assert.equal(q('Explain why').type, 'text_entry');

  assert.equal(found.forms.length, 1);
  const form = found.forms[0] as Found['forms'][number];
  assert.equal(form.selector, '#quiz');
  assert.equal(controlOf(found, form.submit ?? '').name, 'Submit answers');
  assert.equal(form.inputs.length, 9, 'radios, checkboxes, text field and select');

  const nav = controlsOf(found, found.navigation).map((e) => `${e.name}:${e.purpose}`);
  for (const expected of ['Back:previous', 'Menu:menu', 'Next slide:next'])
    assert.ok(nav.includes(expected), expected);
});

test('find: Storyline-like visually hidden buttons are listed as such, the drawn shape as clickable', async () => {
  const found = await find(quiz);
  const hidden = found.interactive_elements.filter((e) => e.name === 'Continue' && e.role === 'button');
  assert.equal(hidden.length, 1);
  assert.equal(hidden[0]?.selector, '#acc-continue');
  assert.equal(hidden[0]?.state.visually_hidden, true);
  assert.equal(hidden[0]?.purpose, 'next');
  const play = byName(found, 'Play audio');
  assert.equal(play.state.visually_hidden, true);
});

test('find: include_hidden lists controls that are not rendered, without refs; frame narrows; limit pages', async () => {
  const all = await find(quiz, { include_hidden: true });
  const help = byName(all, 'Hidden help');
  assert.equal(help.ref, null);
  assert.equal(help.selector, '#never-shown');
  assert.equal(help.state.visible, false);

  const inner = await find(quiz, { frame: CONTENT });
  assert.ok(inner.interactive_elements.length > 0);
  assert.ok(inner.interactive_elements.every((e) => e.frame === CONTENT));

  const capped = await find(quiz, { limit: 3 });
  assert.equal(capped.interactive_elements.length, 3);
  assert.ok((capped.counts.interactive_elements ?? 0) > 3);
  assert.equal(capped.elements_truncated, true);
  assert.equal(capped.next_cursor, '3');
  assert.ok(capped.notes.some((n) => n.includes('cursor "3"')));

  const bad = await callError('scorm_dom_find_interactive_elements', {
    session_id: quiz,
    frame: 'sco > nowhere',
  });
  assert.equal(bad.error_code, 'MCP_INVALID_PARAMS');
  assert.match(bad.message, /Frames now: `course_text\.frames`/);
  assert.equal(courseTextOf(bad.data.details as object, 'frames'), 'sco\nsco > iframe#content');

  // A made-up cursor is told what to pass, not the pattern it failed.
  const cursor = await callError('scorm_dom_find_interactive_elements', { session_id: quiz, cursor: 'abc' });
  assert.equal(cursor.error_code, 'MCP_INVALID_PARAMS');
  assert.match(cursor.message, /pass the next_cursor of the previous answer/);
  assert.doesNotMatch(cursor.message, /pattern/);
});

test('find: an unchanged page gives the same answer again; values set by script, checks and attribute changes are seen at once', async () => {
  const first = await find(quiz);
  const again = await find(quiz);
  assert.deepEqual(again, first, 'same page, same answer');
  const evaluate = (expression: string) =>
    call('scorm_dom_evaluate', { session_id: quiz, expression, frame: CONTENT });
  try {
    // Set by script: no event, no DOM mutation.
    await evaluate('document.getElementById("why").value = "set by script"');
    await evaluate('document.querySelector("input[value=plan]").checked = true');
    const changed = await find(quiz);
    assert.equal(byName(changed, 'Explain why in one sentence').state.value, 'set by script');
    assert.equal(byName(changed, 'Plan the lift').state.checked, true);
    await evaluate('document.getElementById("tip").setAttribute("aria-label", "Hint")');
    const renamed = await call<Data>('scorm_get_page_state', { session_id: quiz });
    const dialogs = renamed.dialogs as Array<{ name: string }>;
    assert.ok(
      dialogs.some((d) => d.name === 'Hint'),
      'an attribute change is seen by the page state too',
    );
    // The refs of an answer given again still resolve.
    const legs = byName(await find(quiz), 'Your legs');
    const q = await call<Data>('scorm_dom_query', {
      session_id: quiz,
      ref: legs.ref,
      query_type: 'attributes',
    });
    assert.equal((q.attributes as Data).value, 'legs');
  } finally {
    await evaluate('document.getElementById("why").value = ""');
    await evaluate('document.querySelector("input[value=plan]").checked = false');
    await evaluate('document.getElementById("tip").setAttribute("aria-label", "Tip")');
  }
});

test('page state: frames, headings, text, snapshot YAML with refs, controls, dialogs, SCORM status', async () => {
  const state = await call<Data>('scorm_get_page_state', { session_id: quiz });
  // The SCO document's path in the package, not the content server's URL.
  assert.match(String(state.sco_url), /^[^:]*index\.html$/);
  assert.equal(state.title, 'Reading the page: player');
  assert.deepEqual(
    (state.frames as Array<{ label: string }>).map((f) => f.label),
    ['sco', CONTENT],
  );
  // A heading on its snapshot line carries its ref there, and is not listed again.
  assert.match(String(state.snapshot), /- heading "Check your understanding" \[level=\d\] \[ref=f\d+e\d+\]/);
  assert.ok(
    !((state.headings ?? []) as Array<{ text: string }>).some((h) => h.text === 'Check your understanding'),
  );
  // A whole snapshot holds the page's text: no summary beside it.
  assert.equal(state.text_summary, undefined);
  assert.match(String(state.snapshot), /Slide 1 of 3/);
  assert.match(String(state.snapshot), /- button "Next slide" \[ref=f1e\d+\]/);
  assert.match(String(state.snapshot), /- radio "Your legs" \[ref=f\d+e\d+\]/);
  assert.equal(state.snapshot_truncated, undefined, 'a whole snapshot: left out');
  const dialogs = state.dialogs as Array<{ role: string; name: string; text: string }>;
  assert.ok(
    dialogs.some((d) => d.role === 'dialog' && d.name === 'Tip' && d.text.includes('Bend your knees')),
  );
  const scorm = state.scorm as Data;
  assert.equal(scorm.version, '1.2');
  assert.equal(scorm.initialize_state, 'initialized');
  assert.equal(scorm.lesson_status, 'incomplete');
  assert.equal(scorm.location, 'slide1');
  // A control its snapshot line says is named there; the answer groups its ref under its purpose.
  const byPurpose = state.controls_by_purpose as Record<string, string[]>;
  const nextRef = /- button "Next slide" \[ref=(f1e\d+)\]/.exec(String(state.snapshot))?.[1];
  assert.ok(byPurpose.next?.includes(nextRef!), JSON.stringify(byPurpose));
  // The others say what their line does not: here, the frame they are in.
  const controls = state.interactive_elements as Array<Partial<Element>>;
  assert.ok(!controls.some((e) => e.ref === nextRef));
  assert.ok(controls.some((e) => e.frame === CONTENT));

  const clipped = await call<Data>('scorm_get_page_state', { session_id: quiz, max_chars: 300 });
  assert.ok(String(clipped.snapshot).length <= 300);
  assert.equal(clipped.snapshot_truncated, true);
  const bare = await call<Data>('scorm_get_page_state', { session_id: quiz, include_snapshot: false });
  assert.equal(bare.snapshot, undefined);
  assert.match(String(bare.text_summary), /Slide 1 of 3/);

  // The same page asked twice: the second answer says so instead of repeating the snapshot and controls.
  const first = await call<Data>('scorm_get_page_state', { session_id: quiz });
  assert.match(String(first.snapshot), /Slide 1 of 3/);
  const again = await call<Data>('scorm_get_page_state', { session_id: quiz });
  assert.equal(again.unchanged_since_last_call, true);
  assert.equal(again.snapshot, undefined);
  assert.equal(again.interactive_elements, undefined);
  assert.equal(again.controls_by_purpose, undefined);
  assert.deepEqual(again.scorm, first.scorm, 'the SCORM status is always said');
  assert.ok((again.notes as string[]).some((n) => n.includes('include_snapshot: true')));
  const asked = await call<Data>('scorm_get_page_state', { session_id: quiz, include_snapshot: true });
  assert.equal(asked.snapshot, first.snapshot, 'include_snapshot: true sends it again');
  assert.equal(asked.unchanged_since_last_call, undefined);
});

test('query: text, attributes, visibility, styles, value; no match is found=false; several report the first', async () => {
  const next = await call<Data>('scorm_dom_query', { session_id: quiz, selector: '#next-btn' });
  assert.equal(next.found, true);
  assert.equal(next.frame, 'sco');
  assert.equal((next.attributes as Data)['aria-label'], 'Next slide');
  assert.equal(next.visible, true);
  assert.equal((next.computedStyles as Data).display, 'block');
  assert.equal(next.value, null);

  const hidden = await call<Data>('scorm_dom_query', {
    session_id: quiz,
    selector: '#never-shown',
    query_type: 'visibility',
  });
  assert.equal(hidden.visible, false);
  assert.equal(hidden.textContent, undefined, 'only what query_type asks');

  const text = await call<Data>('scorm_dom_query', {
    session_id: quiz,
    selector: '#why',
    query_type: 'value',
  });
  assert.equal(text.value, '');
  assert.equal(text.frame, CONTENT);

  const radios = await call<Data>('scorm_dom_query', {
    session_id: quiz,
    selector: 'input[type=radio]',
    query_type: 'value',
  });
  assert.equal(radios.found, true);
  assert.equal(radios.match_count, 5);
  assert.equal(radios.value, false);

  const none = await call<Data>('scorm_dom_query', { session_id: quiz, selector: '#does-not-exist' });
  assert.equal(none.found, false);
  assert.deepEqual(none.frames_searched, ['sco', CONTENT]);

  const invalid = await callError('scorm_dom_query', { session_id: quiz, selector: 'div[[' });
  assert.equal(invalid.error_code, 'DOM_INVALID_SELECTOR');
  const both = await callError('scorm_dom_query', { session_id: quiz, selector: '#why', ref: 'f1e1' });
  assert.equal(both.error_code, 'MCP_INVALID_PARAMS');
});

test('evaluate: values, function expressions with arg, frames; throws, hangs and busy loops are bounded', async () => {
  const title = await call<Data>('scorm_dom_evaluate', { session_id: quiz, expression: 'document.title' });
  assert.deepEqual(title, {
    type: 'string',
    result: 'Reading the page: player',
    truncated: false,
    called: false,
    frame: 'sco',
  });
  const withArg = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: '(a) => a.word + document.title.length',
    arg: { word: "'); alert(1); ('" },
  });
  assert.equal(withArg.result, "'); alert(1); ('24", 'the argument is data, not code');
  assert.equal(withArg.called, true);
  const inner = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'document.title',
    frame: CONTENT,
  });
  assert.equal(inner.result, 'Quiz: lifting');
  const awaited = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'new Promise((r) => setTimeout(() => r(7), 50))',
  });
  assert.equal(awaited.result, 7);

  const thrown = await callError('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'throw new Error("boom from the page")',
  });
  assert.equal(thrown.error_code, 'DOM_EVALUATE_ERROR');
  assert.match(courseTextOf(thrown.data.details as object, 'error'), /boom from the page/);
  const syntax = await callError('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'this is not javascript',
  });
  assert.equal(syntax.error_code, 'DOM_EVALUATE_ERROR');
  assert.match(courseTextOf(syntax.data.details as object, 'error'), /SyntaxError/);

  const hang = await callError('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'new Promise(() => {})',
    timeout_ms: 500,
  });
  assert.equal(hang.error_code, 'DOM_TIMEOUT');
  const busy = await callError('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'while (true) {}',
    timeout_ms: 500,
  });
  assert.equal(busy.error_code, 'DOM_TIMEOUT');
  assert.match(busy.message, /stopped/);
  await assertUsable(quiz);
  const status = await call<Data>('scorm_runtime_status', { session_id: quiz });
  assert.equal(status.open, true);
});

test('evaluate: DOM nodes, cycles, BigInt, undefined, functions are described; huge results are capped', async () => {
  const node = await call<{ type: string; result: Data }>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'document.getElementById("next-btn")',
  });
  assert.equal(node.type, 'node');
  assert.equal(node.result.nodeName, 'BUTTON');
  assert.equal(node.result.id, 'next-btn');
  const cycle = await call<{ result: Data }>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: '(() => { const o = { a: 1 }; o.self = o; return o; })()',
  });
  assert.deepEqual(cycle.result, { a: 1, self: { $type: 'circular' } });
  const odd = await call<{ result: unknown[] }>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: '[undefined, 10n, () => 1, NaN, window]',
  });
  assert.deepEqual(odd.result, [
    { $type: 'undefined' },
    { $type: 'bigint', value: '10' },
    { $type: 'function', name: '(anonymous)' },
    { $type: 'number', value: 'NaN' },
    { $type: 'window' },
  ]);
  const undef = await call<Data>('scorm_dom_evaluate', { session_id: quiz, expression: 'undefined' });
  assert.equal(undef.type, 'undefined');
  // A BigInt on its own (Playwright's handles lose primitive BigInts: the value stays in the page).
  const big = await call<Data>('scorm_dom_evaluate', { session_id: quiz, expression: '10n' });
  assert.equal(big.type, 'bigint');
  assert.deepEqual(big.result, { $type: 'bigint', value: '10' });
  const bigFromFunction = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: '(a) => BigInt(a) * 2n',
    arg: 21,
  });
  assert.equal(bigFromFunction.called, true);
  assert.deepEqual(bigFromFunction.result, { $type: 'bigint', value: '42' });
  const huge = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: '"x".repeat(5000000)',
    timeout_ms: 30_000,
  });
  assert.equal(huge.truncated, true);
  assert.equal(huge.original_size, 5_000_000);
  // The tool keeps 100,000 characters; the answer guard then cuts the string to fit the answer budget.
  assert.ok(String(huge.result).length < 100_000 && String(huge.result).endsWith('…'));
  const wide = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'Array.from({ length: 100000 }, (_, i) => i)',
    timeout_ms: 30_000,
  });
  assert.equal(wide.truncated, true);
  assert.equal((wide.result as unknown[]).length, 1_000);
  const wider = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'Array.from({ length: 200000 }, (_, i) => i)',
    timeout_ms: 30_000,
  });
  assert.equal(wider.truncated, true);
  assert.equal(wider.type, 'array');
  assert.equal(
    wider.original_size,
    JSON.stringify(Array.from({ length: 200_000 }, (_, i) => i)).length,
    'a cut array says how big it was, as a cut string does',
  );
  const byType = await call<Data>('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'document.body',
    return_by_value: false,
  });
  assert.equal(byType.type, 'node');
  assert.equal(byType.result, null);
});

test('wait_for: appears, text, attribute, expression; timeouts say what was not met', async () => {
  const appeared = await call<Data>('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { selector: '#late-banner' },
    timeout_ms: 5_000,
  });
  assert.equal(appeared.success, true);
  assert.equal((appeared.matched as Data).frame, 'sco');
  assert.equal(((appeared.matched as Data).element as Data).id, 'late-banner');

  const attr = await call<Data>('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { selector: '#menu-btn', attribute: 'aria-expanded', attribute_value: 'false' },
  });
  assert.equal(attr.success, true);
  const inner = await call<Data>('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { selector: '#result', visible: true },
    frame: CONTENT,
    timeout_ms: 2_000,
  }).catch(() => null);
  assert.equal(inner, null, 'an empty paragraph is not visible');
  const expr = await call<Data>('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { expression: '(n) => document.querySelectorAll("button").length >= n', arg: 3 },
  });
  assert.equal(expr.success, true);

  // The course moves to slide 2 while the wait runs (the click comes from page script here; the DOM
  // action tools own real input events).
  const waiting = call<Data>('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { selector: '#status', text: 'Slide 2 of 3' },
    timeout_ms: 8_000,
  });
  await new Promise((r) => setTimeout(r, 200));
  await call('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'document.getElementById("next-btn").click()',
  });
  assert.equal((await waiting).success, true);

  const hidden = await callError('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { selector: '#late-banner', visible: true },
    timeout_ms: 400,
  });
  assert.equal(hidden.error_code, 'DOM_TIMEOUT');
  assert.match(hidden.message, /exists but is hidden/);
  const text = await callError('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { selector: '#status', text: 'Slide 9' },
    timeout_ms: 400,
  });
  assert.match(text.message, /has text `course_text\.quoted\[\d\]`/);
  assert.match(courseTextOf(text.data.details as object, 'quoted'), /^Slide 2 of 3$/m);
  const missing = await callError('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { selector: '#never' },
    timeout_ms: 300,
  });
  assert.match(missing.message, /no element matches "#never" in sco, `course_text\.quoted\[0\]`/);
  assert.equal(courseTextOf(missing.data.details as object, 'quoted'), 'sco > iframe#content');
  const falsy = await callError('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { expression: '0' },
    timeout_ms: 300,
  });
  assert.match(falsy.message, /the expression returned `course_text\.quoted\[0\]`/);
  assert.equal(courseTextOf(falsy.data.details as object, 'quoted'), '0');
  const busy = await callError('scorm_dom_wait_for', {
    session_id: quiz,
    condition: { expression: 'while (true) {}' },
    timeout_ms: 600,
  });
  assert.equal(busy.error_code, 'DOM_TIMEOUT');
  const orphan = await callError('scorm_dom_wait_for', { session_id: quiz, condition: { visible: true } });
  assert.equal(orphan.error_code, 'MCP_INVALID_PARAMS');
  await assertUsable(quiz);
});

test('a ref whose element was removed fails fast with DOM_STALE_REF', async () => {
  const found = await find(quiz);
  const remove = byName(found, 'Remove me');
  await call('scorm_dom_evaluate', {
    session_id: quiz,
    expression: 'document.getElementById("remove-me").remove()',
    frame: remove.frame,
  });
  // How fast it fails (no wait for an element) is measured in the benchmark (bench/dom-read.ts).
  const stale = await callError('scorm_dom_query', { session_id: quiz, ref: remove.ref });
  assert.equal(stale.error_code, 'DOM_STALE_REF');
  assert.match(stale.message, /take a new snapshot/i);
  const again = await find(quiz);
  assert.ok(!again.interactive_elements.some((e) => e.name === 'Remove me'));
  // Refs of elements still there keep working after the new snapshot.
  const next = byName(found, 'Next slide');
  assert.equal(byName(again, 'Next slide').ref, next.ref);
  const q = await call<Data>('scorm_dom_query', {
    session_id: quiz,
    ref: next.ref,
    query_type: 'attributes',
  });
  assert.equal((q.attributes as Data).id, 'next-btn');
});

test('hostile page: replaced prototypes and a looping getter do not hang or fool find; the session stays usable', async () => {
  const hostile = await openRuntime('dom-read-hostile', 'hostile');
  await call('scorm_dom_wait_for', {
    session_id: hostile,
    condition: { expression: 'document.title.includes("ready")' },
  });
  const found = await find(hostile);
  // The read runs in a JavaScript world of its own: the page's forgeries (prototypes, JSON, a looping
  // getter, a blind MutationObserver) do not reach it.
  const next = byName(found, 'Next');
  assert.match(next.ref ?? '', /^f\d+e\d+$/);
  assert.equal(next.purpose, 'next');
  assert.equal(byName(found, 'Submit').purpose, 'submit');
  assert.equal(found.snapshot_truncated, false);
  assert.deepEqual(found.notes, []);
  const q = await call<Data>('scorm_dom_query', {
    session_id: hostile,
    selector: next.selector,
    query_type: 'text',
  });
  assert.equal(q.textContent, 'Next');
  assert.equal(q.match_count, 1);
  const viaRef = await call<Data>('scorm_dom_query', {
    session_id: hostile,
    ref: next.ref,
    query_type: 'text',
  });
  assert.equal(viaRef.textContent, 'Next');
  // The page's MutationObserver sees nothing; ours does: the change is read, not answered from the last read.
  await call('scorm_dom_evaluate', {
    session_id: hostile,
    expression: 'document.querySelector("h1").textContent = "Hostile page, changed"',
  });
  const state = await call<Data>('scorm_get_page_state', { session_id: hostile, include_snapshot: false });
  assert.ok((state.headings as Array<{ text: string }>).some((h) => h.text === 'Hostile page, changed'));
  await assertUsable(hostile);
});

test('huge page: 100,000 elements are read with a note on the capped walk; the controls are found with refs', async () => {
  const huge = await openRuntime('dom-read-hostile', 'huge');
  await call('scorm_dom_wait_for', {
    session_id: huge,
    condition: { expression: 'document.title.includes("ready")' },
    timeout_ms: 20_000,
  });
  const found = await find(huge);
  assert.equal(found.snapshot_truncated, true);
  assert.ok(
    found.notes.some((n) => /in the first 20000 only/.test(n)),
    found.notes.join(' | '),
  );
  const next = byName(found, 'Next');
  assert.match(next.ref ?? '', /^f\d+e\d+$/);
  assert.equal(next.selector, '#next');
  assert.equal(next.purpose, 'next');
  assert.ok(
    found.interactive_elements.filter((e) => e.name.startsWith('Tab stop')).length === 20,
    'tabindex divs',
  );
  await assertUsable(huge);
});
