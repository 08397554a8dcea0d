/**
 * A Rise-like quiz through MCP in real Chromium (fixture rise-quiz-cards, our own; rise-3's quiz, review
 * P6 and P7): beside the quiz, an outline of 20 lesson links; each question is a card; the card just left
 * stays in the page, transparent and out of the pointer's reach, and the next one slides and fades in. A
 * short listing starts with the current question and its SUBMIT and NEXT, not the outline, and leaves the
 * card left behind out; an option of the card that has just slid in is clicked at the first try.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  interactive_elements: ListedElement[];
  assessments: Array<{ question: string; options: string[] }>;
  counts: Record<string, number>;
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const find = (session_id: string, limit?: number): Promise<Found> =>
  callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', {
    session_id,
    ...(limit ? { limit } : {}),
  });
const names = (found: Found): string => found.interactive_elements.map((e) => e.name).join(', ');
const refOf = (found: Found, name: string): string => {
  const ref = found.interactive_elements.find((e) => e.name === name)?.ref;
  assert.ok(ref, `${name} in ${names(found)}`);
  return ref;
};
const click = (session_id: string, ref: string): Promise<unknown> =>
  callTool(server.client, 'scorm_dom_click', { session_id, ref });

test('the current question comes first, before the outline, and the card left behind is not listed', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'rise-quiz-cards'),
  );
  const first = await find(session_id, 6);
  assert.deepEqual(
    first.interactive_elements.slice(0, 5).map((e) => e.name),
    ['Blue', 'Green', 'Red', 'SUBMIT', 'NEXT'],
    names(first),
  );
  assert.equal(first.assessments[0]?.question, 'Question 1: Which colour is the sky?');

  await click(session_id, refOf(first, 'Blue'));
  await click(session_id, refOf(first, 'SUBMIT'));
  await click(session_id, refOf(first, 'NEXT'));

  // The second card is still sliding and fading in: the learner clicks its option as soon as it is listed.
  const second = await find(session_id, 6);
  assert.deepEqual(
    second.interactive_elements.slice(0, 5).map((e) => e.name),
    ['Dog', 'Cat', 'Fish', 'SUBMIT', 'NEXT'],
    names(second),
  );
  assert.equal(second.assessments[0]?.question, 'Question 2: Which animal barks?');
  const all = await find(session_id);
  for (const left of ['Blue', 'Green', 'Red']) {
    assert.ok(
      !all.interactive_elements.some((e) => e.name === left),
      `${left} is out of sight: ${names(all)}`,
    );
  }
  const outline = all.interactive_elements.findIndex((e) => e.name === 'Lesson 1 - Topic 1');
  const next = all.interactive_elements.findIndex((e) => e.name === 'NEXT');
  assert.ok(next >= 0 && outline > next, `the outline after the quiz: ${names(all)}`);
  assert.equal(all.interactive_elements.filter((e) => e.name.startsWith('Lesson ')).length, 20);

  const picked = await callTool<{ success: boolean }>(server.client, 'scorm_dom_click', {
    session_id,
    ref: refOf(second, 'Dog'),
  });
  assert.equal(picked.success, true);
});
