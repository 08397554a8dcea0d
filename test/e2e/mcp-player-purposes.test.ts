/**
 * Purposes and page types a learner would give the controls of a real player (issue 23, "Wrong
 * purposes"), through MCP in real Chromium on fixtures of our own: a Storyline-like title slide with a
 * name field drawn over its accessible twin, a playbar with play and volume, an outline whose entries
 * are called "Knowledge Check" and "Course Menu", and a skip link.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { controlsOf } from '../helpers/interactive-elements.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  interactive_elements: ListedElement[];
  navigation: string[];
  assessments: unknown[];
}
interface Context {
  page_type: string;
  sources: Record<string, string>;
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

test('a Storyline-like title slide: volume is a player control, outline entries are links, the skip link is a link, the slide is an intro', async () => {
  const session_id = await open('storyline-title-slide-purposes');
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const purposes = found.interactive_elements.map((e) => [e.role, e.name, e.purpose]);
  const all = JSON.stringify(purposes);
  const of = (role: string, name: string): string | undefined =>
    purposes.find(([r, n]) => r === role && n === name)?.[2];
  assert.equal(of('button', 'volume'), 'player_control', `the volume button plays nothing: ${all}`);
  assert.equal(of('slider', 'volume'), 'player_control');
  assert.equal(of('button', 'play'), 'play_pause');
  assert.equal(of('button', 'Back to top'), 'link', 'a skip link is neither previous nor other');
  assert.equal(of('button', 'previous'), 'previous');
  assert.equal(of('button', 'next'), 'next');
  for (const entry of ['Intro', 'Course Menu', '7.1 Knowledge Check', 'Check Your Understanding #1'])
    assert.equal(of('treeitem', entry), 'link', `outline entry "${entry}" opens its slide: ${all}`);
  const navigation = controlsOf(found, found.navigation).map((e) => e.name);
  assert.deepEqual(navigation.sort(), ['Start', 'next', 'previous'], 'no skip link, outline entry or volume');

  const context = await callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
  assert.equal(
    context.page_type,
    'intro',
    `one name field on a title slide: ${JSON.stringify(context.sources)}`,
  );
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('a Rise-like course: the cover is an intro (its outline says Conclusion), Home opens the menu, a large gallery turns in place, the lesson before is previous', async () => {
  const session_id = await open('rise-cover-lesson-purposes');
  const cover = await callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
  assert.equal(cover.page_type, 'intro', `the cover, not a summary: ${JSON.stringify(cover.sources)}`);
  const find = (): Promise<Found> =>
    callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const purposeOf = (found: Found, name: string): string | undefined =>
    found.interactive_elements.find((e) => e.name.trim() === name)?.purpose;
  const onCover = await find();
  assert.equal(purposeOf(onCover, 'Knowledge Check'), 'link', 'an outline entry, no submit');
  const start = onCover.interactive_elements.find((e) => e.name === 'START COURSE');
  assert.equal(start?.purpose, 'start_resume');
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: start.ref });

  const first = await find();
  const all = JSON.stringify(first.interactive_elements.map((e) => [e.name, e.purpose]));
  assert.equal(purposeOf(first, 'Home'), 'menu', `Home goes to the cover, the course's menu: ${all}`);
  assert.equal(purposeOf(first, 'Lesson 2 - Lifting a box'), 'next');
  // rise-1: the gallery's arrows were next and previous (the gallery fills most of the view) and the
  // lesson's own link was left behind them.
  assert.equal(purposeOf(first, 'Next'), 'other', `the gallery turns its pictures: ${all}`);
  assert.equal(purposeOf(first, 'Previous'), 'other');
  const lesson = await callTool<Context & { navigation_controls: Record<string, { label: string } | null> }>(
    server.client,
    'scorm_get_current_page_context',
    { session_id },
  );
  assert.notEqual(lesson.navigation_controls.previous?.label.trim(), 'Home', 'Home is no previous page');
  assert.equal(lesson.navigation_controls.next?.label, 'Lesson 2 - Lifting a box', 'not the gallery arrow');

  const forward = first.interactive_elements.find((e) => e.name === 'Lesson 2 - Lifting a box');
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: forward?.ref });
  const second = await find();
  assert.equal(purposeOf(second, 'Lesson 1 - Why lifting matters'), 'previous', 'the lesson before');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test("a Storyline player's settings switches and captions are player controls, not a question, even with include_hidden", async () => {
  const session_id = await open('storyline-player-settings');
  const found = await callTool<Found & { assessments: Array<{ question: string; options: string[] }> }>(
    server.client,
    'scorm_dom_find_interactive_elements',
    { session_id, include_hidden: true },
  );
  const bySelector = (selector: string): ListedElement | undefined =>
    found.interactive_elements.find((e) => e.selector === selector);
  assert.deepEqual(found.assessments, [], 'the switches after "Back to top" ask nothing');
  assert.equal(bySelector('#acctext-switch')?.purpose, 'player_control');
  assert.equal(bySelector('#shortcuts-switch')?.purpose, 'player_control');
  assert.equal(bySelector('#captions')?.purpose, 'player_control');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('a Storyline button drawn as a group around a text shape is one control named by its words, and its click says so', async () => {
  const session_id = await open('storyline-player-settings');
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const named = found.interactive_elements.filter((e) => e.name === 'Enter the course');
  assert.equal(named.length, 1, JSON.stringify(found.interactive_elements.map((e) => [e.selector, e.name])));
  assert.equal(named[0]!.selector, '#acc-7GrpStart01', 'the group a learner clicks, not the shape inside');
  const clicked = await callTool<{ element: { name: string | null } }>(server.client, 'scorm_dom_click', {
    session_id,
    ref: named[0]!.ref,
  });
  assert.equal(clicked.element.name, 'Enter the course', 'not "Group 1"');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('an iSpring-like outline toggle drawn as an icon alone is named by its icon and is the menu', async () => {
  const session_id = await open('ispring-outline-toggle');
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  // ispring-2: the toggle was listed with name "" and purpose other.
  const toggle = found.interactive_elements.find((e) => e.name === 'Outline');
  assert.ok(toggle, JSON.stringify(found.interactive_elements.map((e) => [e.selector, e.name])));
  // It opens the slide outline a learner picks a slide from (review P10: a user looked for `menu`).
  assert.deepEqual([toggle.purpose, toggle.state.pressed], ['menu', false]);
  const navigation = controlsOf(found, found.navigation).map((e) => e.name);
  assert.deepEqual(navigation.sort(), ['Outline', 'next slide', 'previous slide']);
  await callTool(server.client, 'scorm_session_close', { session_id });
});
