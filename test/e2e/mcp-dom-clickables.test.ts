/**
 * What a learner can click, as scorm_dom_find_interactive_elements lists it through MCP in real
 * Chromium: answer options drawn as clickable paragraphs in a player hidden from assistive technology
 * (iSpring), an element that takes clicks through a listener only, a drawn button whose accessibility
 * layer has only its text (Storyline), an Adapt page list; and the player's own controls beside a
 * question (playbar, captions, speed menu, search) that are not assessments, nor navigation.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { controlsOf } from '../helpers/interactive-elements.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  buttons: string[];
  inputs: string[];
  navigation: string[];
  assessments: Array<{ kind: string; question: string; type: string; options: string[] }>;
  interactive_elements: ListedElement[];
}
interface Clicked {
  success: boolean;
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const open = (name: string): Promise<string> =>
  openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses', name));
const find = (session_id: string): Promise<Found> =>
  callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
const named = (found: Found, name: string): ListedElement => {
  const e = found.interactive_elements.find((x) => x.name === name);
  assert.ok(e, `"${name}" listed (got ${found.interactive_elements.map((x) => x.name).join(', ')})`);
  return e;
};
const locationSet = (res: Clicked): string | undefined =>
  res.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;

test('iSpring-drawn options: clickable paragraphs in an aria-hidden player are listed with refs, grouped under their question', async () => {
  const session_id = await open('drawn-answer-options');
  const found = await find(session_id);
  const choice = found.assessments.find((a) => a.kind === 'clickable');
  assert.ok(choice, `a question of drawn options (got ${JSON.stringify(found.assessments)})`);
  assert.equal(choice.question, 'Which planet is closest to the sun?');
  assert.deepEqual(
    controlsOf(found, choice.options).map((e) => [e.name, e.purpose, e.tag]),
    [
      ['Mercury', 'answer_option', 'p'],
      ['Venus', 'answer_option', 'p'],
      ['Earth', 'answer_option', 'p'],
      ['Mars', 'answer_option', 'p'],
    ],
  );
  for (const e of controlsOf(found, choice.options)) assert.match(String(e.ref), /^f\d+e\d+$/);
  assert.equal(named(found, 'Submit').purpose, 'submit', 'the drawn Submit beside the options is no option');
  assert.equal(found.assessments.length, 1, "the outline's Search box is not an assessment");
});

test('an element that takes clicks through a listener only (no role, no pointer cursor) is listed with a ref', async () => {
  const session_id = await open('drawn-answer-options');
  const found = await find(session_id);
  const cont = named(found, 'Continue');
  assert.equal(cont.purpose, 'next');
  assert.ok(found.navigation.includes(String(cont.ref)));
  // The page's own listeners on the option paragraphs are found the same way; the player holding them is not.
  assert.equal(
    found.interactive_elements.filter((e) => e.name.includes('Which planet')).length,
    0,
    'no container listed',
  );
});

test("a trial player's focusable banner is not listed as a control of the course", async () => {
  const session_id = await open('drawn-answer-options');
  const found = await find(session_id);
  assert.deepEqual(
    found.interactive_elements.filter((e) => e.selector.includes('trial') || e.name.includes('Created')),
    [],
  );
});

test('a drawn option is clicked by its ref and its handler runs', async () => {
  const session_id = await open('drawn-answer-options');
  const found = await find(session_id);
  const venus = named(found, 'Venus');
  const res = await callTool<Clicked>(server.client, 'scorm_dom_click', { session_id, ref: venus.ref });
  assert.equal(res.success, true, JSON.stringify(res));
  assert.equal(locationSet(res), 'picked:Venus');
});

test('Storyline: a drawn Proceed exposed only as an acc-text paragraph is listed (named, with a ref); a drawn Start with an acc-button twin is listed once', async () => {
  const session_id = await open('storyline-acc-text');
  const found = await find(session_id);
  const proceed = named(found, 'Proceed');
  assert.equal(proceed.purpose, 'next');
  assert.match(String(proceed.ref), /^f\d+e\d+$/);
  assert.equal(proceed.selector, '#proceed', 'the drawn shape, which takes the pointer');
  assert.deepEqual(
    found.interactive_elements.filter((e) => e.name === 'Start').map((e) => [e.tag, e.state.visually_hidden]),
    [['button', undefined]],
    'Start once: its accessibility twin, not visually hidden since its drawing is on screen',
  );
  assert.deepEqual(
    found.interactive_elements.filter((e) => e.selector.includes('#settings')).map((e) => e.tag),
    ['button'],
    'the settings button once, not also the pointer-styled div around it',
  );
  assert.equal(
    found.interactive_elements.some((e) => e.name === 'Welcome'),
    false,
    'a drawn text without trigger',
  );
  const res = await callTool<Clicked>(server.client, 'scorm_dom_click', { session_id, ref: proceed.ref });
  assert.equal(res.success, true, JSON.stringify(res));
  assert.equal(locationSet(res), 'clicked:Proceed');
});

test("Storyline quiz choices (unnamed checkboxes, no group element) are one question's options, grouped by the answer list their twins represent (storyline-3)", async () => {
  const session_id = await open('storyline-acc-text');
  const found = await find(session_id);
  assert.deepEqual(
    found.assessments.map((a) => [a.question, a.type, controlsOf(found, a.options).map((e) => e.name)]),
    [['Which two make a leader?', 'multiple_choice', ['Trust', 'Vision']]],
  );
});

test('a Storyline object its author left unnamed ("Group 2") is named by the words drawn on it, and so found as the next control (storyline-2)', async () => {
  const session_id = await open('storyline-acc-text');
  const found = await find(session_id);
  assert.equal(
    found.interactive_elements.some((e) => e.name === 'Group 2'),
    false,
    'no control named by the default name',
  );
  const next = named(found, 'Continue');
  assert.equal(next.purpose, 'next');
  const res = await callTool<Clicked>(server.client, 'scorm_dom_click', { session_id, ref: next.ref });
  assert.equal(res.success, true, JSON.stringify(res));
  assert.equal(locationSet(res), 'clicked:Continue');
});

test("player controls beside a question: playbar sliders (Lectora's named by its time too), caption radios, speed menu and search are no assessments but player_control; media and page jumps no navigation", async () => {
  const session_id = await open('player-chrome-controls');
  const found = await find(session_id);
  assert.deepEqual(
    found.assessments.map((a) => [a.question, a.type, controlsOf(found, a.options).map((e) => e.name)]),
    [['Which colour is the sky on a clear day?', 'single_choice', ['Blue', 'Green']]],
  );
  const purposes = Object.fromEntries(found.interactive_elements.map((e) => [e.name, e.purpose]));
  assert.equal(purposes['2x Fast Forward'], 'play_pause');
  assert.equal(purposes['Back to top'], 'link');
  assert.equal(purposes['Back to menu'], 'menu');
  assert.equal(purposes['Off'], 'player_control', 'a caption choice is a setting');
  assert.equal(purposes['1.5x'], 'player_control');
  assert.equal(purposes['volume'], 'player_control');
  assert.equal(purposes['Position'], 'player_control');
  assert.equal(purposes['00:24'], 'player_control', "Lectora's playbar named by its time");
  assert.equal(purposes['Search'], 'player_control');
  const nav = controlsOf(found, found.navigation).map((e) => e.name);
  assert.deepEqual(nav, ['Back to menu']);
});

test("Adapt's page list, clickable boxes under an aria-hidden wrapper, is listed as links to its pages", async () => {
  const session_id = await open('player-chrome-controls');
  const found = await find(session_id);
  const pages = found.interactive_elements.filter((e) => e.name.startsWith('Menu item.'));
  assert.deepEqual(
    pages.map((e) => [e.name, e.purpose]),
    [
      ['Menu item. Page one', 'link'],
      ['Menu item. Page two', 'link'],
    ],
  );
  for (const e of pages) assert.match(String(e.ref), /^f\d+e\d+$/);
  assert.equal(
    found.interactive_elements.some((e) => e.tag === 'body'),
    false,
    'the body with tabindex="0" is the page, no control',
  );
});

test("a Storyline group its author left unnamed is named by the author's text of the objects inside it, not by its drawn characters, which a font of the player's own codes draws (storyline-2)", async () => {
  const session_id = await open('storyline-glyph-text');
  const found = await find(session_id);
  const names = found.interactive_elements.map((e) => e.name);
  assert.equal(
    names.some((n) => /[\u0100-\u017f]/.test(n) || n === 'Group 1'),
    false,
    `no control named by drawn codes or the default name (got ${names.join(', ')})`,
  );
  const enter = named(found, 'Start the course');
  assert.match(String(enter.ref), /^f\d+e\d+$/);
  const res = await callTool<Clicked>(server.client, 'scorm_dom_click', { session_id, ref: enter.ref });
  assert.equal(res.success, true, JSON.stringify(res));
  assert.equal(locationSet(res), 'clicked:enter');
});

test('Storyline drag items are listed as draggable (a learner drags them, not clicks) and are dragged by ref onto a drop box (storyline-2, storyline-3)', async () => {
  const session_id = await open('storyline-drag-items');
  const found = await find(session_id);
  const png = named(found, '.png');
  const svg = named(found, '.svg');
  assert.equal(png.state.draggable, true, JSON.stringify(png));
  assert.equal(svg.state.draggable, true, JSON.stringify(svg));
  assert.equal(
    found.interactive_elements.some((e) => e.name !== '.png' && e.name !== '.svg' && e.state.draggable),
    false,
    'the drop boxes and the prompt are not draggable',
  );
  const res = await callTool<Clicked>(server.client, 'scorm_pointer_drag', {
    session_id,
    from: { ref: png.ref },
    to: { x: 225, y: 375 },
  });
  assert.equal(locationSet(res), 'dropped:.png:bitmap', JSON.stringify(res));
});
