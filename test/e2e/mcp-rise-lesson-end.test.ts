/**
 * A Rise-like lesson as a sighted learner reads it, through MCP in real Chromium (fixture rise-lesson-end,
 * our own): the gallery's "Next" arrow turns pictures and the flashcards' "Next flashcard" turns cards: no way on; the lesson's way on, a link
 * "Lesson 2 - Tools" that declares data-direction="next", appears once the end of the lesson has been
 * scrolled into view and is the page's next control; the lesson's title is the words the learner sees,
 * not its outline icon's SVG title nor the screen-reader copy "… 0 Percent Complete" (rise-1 and rise-3).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { eventually } from '../helpers/until.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  navigation: string[];
  interactive_elements: ListedElement[];
}
interface Context {
  slide_number: number | null;
  total_slides: number | null;
  page_title: string | null;
  player: { name: string };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const find = (session_id: string): Promise<Found> =>
  callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
const context = (session_id: string): Promise<Context> =>
  callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
const names = (found: Found): string =>
  found.interactive_elements.map((e) => `${e.name}:${e.purpose}`).join(', ');

test("a gallery's Next arrow is no way on; the lesson's own next link, shown at its end, is", async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'rise-lesson-end'),
  );
  const first = await find(session_id);
  const arrow = first.interactive_elements.find((e) => e.name === 'Next');
  assert.ok(arrow, names(first));
  assert.equal(arrow.purpose, 'other', 'the gallery arrow turns its pictures');
  assert.ok(!first.navigation.includes(String(arrow.ref)));
  assert.equal(first.interactive_elements.find((e) => e.name === 'Previous')?.purpose, 'other');
  // rise-3 lesson 4: the flashcards' own arrows turn its cards.
  const card = first.interactive_elements.find((e) => e.name === 'Next flashcard');
  assert.equal(card?.purpose, 'other', names(first));
  assert.ok(!first.navigation.includes(String(card?.ref)));
  assert.equal(first.interactive_elements.find((e) => e.name === 'Previous flashcard')?.purpose, 'other');
  assert.equal(
    first.interactive_elements.filter((e) => e.purpose === 'next').length,
    0,
    `no way on before the lesson's end is seen: ${names(first)}`,
  );

  const scrolled = await callTool<{ moved: boolean; at_end: boolean }>(server.client, 'scorm_scroll', {
    session_id,
    to: 'end',
  });
  assert.equal(scrolled.at_end, true, JSON.stringify(scrolled));
  const atEnd = await find(session_id);
  const next = atEnd.interactive_elements.find((e) => e.name === 'Lesson 2 - Tools');
  assert.ok(next, names(atEnd));
  assert.equal(next.purpose, 'next', 'its data-direction says where it goes');
  assert.ok(atEnd.navigation.includes(String(next.ref)));

  await callTool(server.client, 'scorm_dom_click', { session_id, ref: next.ref });
  await eventually(async () => assert.equal((await context(session_id)).slide_number, 2));
});

test("the lesson's title is what the learner reads, not its icon's SVG title or the screen-reader copy", async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'rise-lesson-end'),
  );
  const ctx = await context(session_id);
  assert.equal(ctx.player.name, 'rise');
  assert.equal(ctx.page_title, 'Introduction');
  assert.equal(ctx.slide_number, 1);
  assert.equal(ctx.total_slides, 2);
  const map = await callTool<{ slides: Array<{ title?: string }> }>(server.client, 'scorm_get_slide_map', {
    session_id,
  });
  assert.deepEqual(
    map.slides.map((s) => s.title),
    ['Introduction', 'Tools'],
  );
});

test('choices drawn as ARIA checkboxes with no name and no group element are one question; its Submit opens the way on', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'rise-knowledge-check'),
  );
  const found = await callTool<
    Found & { assessments: Array<{ question: string; type: string; options: string[] }> }
  >(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  assert.equal(found.assessments.length, 1, JSON.stringify(found.assessments));
  const question = found.assessments[0]!;
  assert.equal(question.question, 'Which of these keep you well?');
  assert.equal(question.type, 'multiple_choice');
  const options = question.options.map((ref) => found.interactive_elements.find((e) => e.ref === ref));
  assert.deepEqual(
    options.map((o) => [o?.name, o?.purpose]),
    [
      ['Sleeping enough', 'answer_option'],
      ['Skipping meals', 'answer_option'],
      ['Moving every day', 'answer_option'],
    ],
  );
  const submit = found.interactive_elements.find((e) => e.name === 'SUBMIT');
  assert.equal(submit?.purpose, 'submit');
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: question.options[0] });
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: submit?.ref });
  await eventually(async () => {
    const after = await find(session_id);
    assert.equal(
      after.interactive_elements.find((e) => e.name === 'Lesson 3 - Our challenge')?.purpose,
      'next',
    );
  });
});
