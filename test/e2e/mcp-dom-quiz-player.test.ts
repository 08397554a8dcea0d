/**
 * A quiz slide as iSpring's player shows it (ispring-1, ispring-2), through MCP in real Chromium: the
 * player's tools around the slide are player_control, never an answer or the way on; an answer that
 * mentions progress is an answer option; "TRY AGAIN" is retry and "VIEW RESULTS" goes on; a field the
 * course draws as wrong (its own error class only) says invalid; the tool's credit link says external
 * (issue 23).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { controlsOf } from '../helpers/interactive-elements.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  assessments: Array<{ kind: string; question: string; options: string[] }>;
  interactive_elements: ListedElement[];
}

let server: StartedServer;
let session_id: string;

before(async () => {
  server = await startServer();
  session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/quiz-player-retry'));
});
after(async () => {
  await server.close();
});

const find = (): Promise<Found> =>
  callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
const named = (found: Found, name: string): ListedElement => {
  const e = found.interactive_elements.find((x) => x.name === name);
  assert.ok(e, `"${name}" listed (got ${found.interactive_elements.map((x) => x.name).join(', ')})`);
  return e;
};
const click = (ref: string | null): Promise<unknown> =>
  callTool(server.client, 'scorm_dom_click', { session_id, ref });

test('player tools are player_control; an answer naming progress is an option; TRY AGAIN retries, VIEW RESULTS goes on', async () => {
  const found = await find();
  for (const tool of ['Turn on accessibility mode', 'Marker Tools', 'show fullscreen', 'NOTES'])
    assert.equal(named(found, tool).purpose, 'player_control', tool);
  const question = found.assessments.find((a) => a.question === 'Which job does the LMS do for a course?');
  assert.ok(question, JSON.stringify(found.assessments));
  assert.deepEqual(
    controlsOf(found, question.options).map((e) => [e.name, e.purpose]),
    [
      ['Host the course files', 'answer_option'],
      ["Record the learner's progress and score", 'answer_option'],
      ['Draw the slides', 'answer_option'],
    ],
  );
  await click(named(found, 'Host the course files').ref);
  await click(named(found, 'SUBMIT').ref);
  const wrong = await find();
  assert.equal(named(wrong, 'TRY AGAIN').purpose, 'retry');
  await click(named(wrong, 'TRY AGAIN').ref);
  const again = await find();
  await click(named(again, "Record the learner's progress and score").ref);
  await click(named(again, 'SUBMIT').ref);
  const right = await find();
  assert.equal(named(right, 'VIEW RESULTS').purpose, 'next');
});

test('a field the course draws as wrong says invalid; the credit link to another site says external', async () => {
  const found = await find();
  const email = found.interactive_elements.find((e) => e.role === 'textbox');
  assert.ok(email);
  assert.equal(email.state.invalid, undefined, 'not wrong before the learner sends it');
  await callTool(server.client, 'scorm_dom_fill', { session_id, ref: email.ref, value: 'answer' });
  await click(named(found, 'SEND').ref);
  const after = await find();
  assert.equal(after.interactive_elements.find((e) => e.ref === email.ref)?.state.invalid, true);
  assert.equal(named(after, 'Made with a course tool').state.external, true);
  assert.equal(named(after, 'SEND').state.external, undefined);
});
