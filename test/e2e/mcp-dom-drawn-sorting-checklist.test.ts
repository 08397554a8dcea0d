/**
 * A Rise-like lesson through MCP in real Chromium (issue 23, acceptance review P6, P9, P10): the sorting
 * activity's cards, which the pointer grabs, and its named piles are a drag-and-drop whose targets take a
 * drop by ref, before its block is scrolled into view and on whichever page of the listing; a learner's checklist with nothing to submit is no assessment while the knowledge check beside
 * it stays one; the search toggle is a player control.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { controlOf, controlsOf } from '../helpers/interactive-elements.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { InteractiveAnswer } from '../../src/dom/snapshot/interactive-answer.js';

interface Dragged {
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('a sorting activity of grabbed cards and named piles is a drag-and-drop; a checklist is none; search is a player control', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'rise-sorting-checklist'),
  );
  const find = (page: { limit?: number; cursor?: string } = {}): Promise<InteractiveAnswer> =>
    callTool<InteractiveAnswer>(server.client, 'scorm_dom_find_interactive_elements', {
      session_id,
      ...page,
    });
  const found = await find();
  const all = JSON.stringify(found.assessments);
  const sorting = found.assessments.filter((a) => a.type === 'drag_and_drop');
  assert.equal(sorting.length, 1, `one drag-and-drop: ${all}`);
  const cards = controlsOf(found, sorting[0]!.options);
  assert.deepEqual(
    cards.map((c) => c.name),
    ['Prize waiting for you', 'Team lunch on Friday', 'Verify your bank login'],
  );
  for (const card of cards) assert.equal(card.state.draggable, true, `${card.name} is dragged, not clicked`);
  const piles = controlsOf(found, sorting[0]!.targets ?? []);
  assert.deepEqual(
    piles.map((p) => [p.name, p.purpose, p.state.drop_target]),
    [
      ['Real', 'drop_target', true],
      ['Fake', 'drop_target', true],
    ],
  );
  // Cut anywhere, the listing gives the question whole: its targets with its options, on each page that has
  // either (rise-1 listed its piles on one page and its cards on the next, with no targets).
  const members = new Set([...sorting[0]!.options, ...(sorting[0]!.targets ?? [])]);
  const at = found.interactive_elements.flatMap((e, i) => (members.has(e.ref ?? e.selector) ? [i] : []));
  for (let cut = Math.min(...at) + 1; cut <= Math.max(...at); cut++) {
    for (const page of [await find({ limit: cut }), await find({ cursor: String(cut) })]) {
      const question = page.assessments.find((a) => a.type === 'drag_and_drop');
      assert.ok(question, `cut after ${cut}: ${JSON.stringify(page.assessments)}`);
      assert.deepEqual(question.options, sorting[0]!.options, `cut after ${cut}`);
      assert.deepEqual(question.targets, sorting[0]!.targets, `cut after ${cut}`);
    }
  }
  // The checklist's checkboxes stay listed (a learner may tick them) but ask nothing.
  const choices = found.assessments.filter((a) => a.type === 'multiple_choice');
  assert.equal(choices.length, 1, `only the knowledge check: ${all}`);
  assert.match(choices[0]!.question, /warning signs/);
  const ticks = found.interactive_elements.filter((e) => e.role === 'checkbox' && e.name === 'Urgent tone');
  assert.equal(ticks.length, 1);
  assert.equal(ticks[0]!.purpose, 'toggle');
  const search = found.interactive_elements.find((e) => e.name === 'Show Search Bar');
  assert.equal(search?.purpose, 'player_control');

  const dropped = await callTool<Dragged>(server.client, 'scorm_pointer_drag', {
    session_id,
    from: { ref: cards[0]!.ref },
    to: { ref: piles[1]!.ref },
  });
  const location = dropped.changes.data_model_changes
    .filter((c) => c.element === 'cmi.core.lesson_location')
    .pop()?.to;
  assert.equal(location, 'dropped:c1:fake', JSON.stringify(dropped));

  // The pile keeps its name with a card on it; the cards left are still the question's items.
  const after = await find();
  const left = after.assessments.find((a) => a.type === 'drag_and_drop');
  assert.ok(left, JSON.stringify(after.assessments));
  assert.deepEqual(
    controlsOf(after, left.options).map((c) => c.name),
    ['Team lunch on Friday', 'Verify your bank login'],
  );
  assert.deepEqual(
    (left.targets ?? []).map((t) => controlOf(after, t).name),
    ['Real', 'Fake'],
  );
  await callTool(server.client, 'scorm_session_close', { session_id });
});
