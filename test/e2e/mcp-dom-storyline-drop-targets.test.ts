/**
 * Storyline's drop targets, which nothing in the page marks, listed from the slide's data file through MCP
 * in real Chromium: with refs, named by the author's text (or the picture drawn in the box), grouped under the question with the items to
 * drag (an unnamed one by the picture drawn in it), and the pairing the course grades left unsaid; an
 * item dragged by ref onto a target by ref, one whose middle is covered grabbed where it shows.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  assessments: Array<{ kind: string; question: string; type: string; options: string[]; targets?: string[] }>;
  interactive_elements: ListedElement[];
}
interface Dragged {
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

test('Storyline drop targets are listed from the slide data, grouped with the items to drag, and an item dragged by ref onto one makes the course react', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'storyline-drop-targets'),
  );
  const found = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
  const byRef = new Map(found.interactive_elements.map((e) => [e.ref, e]));
  const question = found.assessments.find((a) => a.type === 'drag_and_drop');
  assert.ok(question, `a drag-and-drop question (got ${JSON.stringify(found.assessments)})`);
  assert.equal(question.question, 'Put each animal in its class’s box');
  // The state group its author left unnamed is named by the picture drawn in it, as a learner sees it.
  assert.deepEqual(
    question.options.map((r) => byRef.get(r)?.name),
    ['Whale', 'Eagle', 'shark.png'],
  );
  const targets = (question.targets ?? []).map((r) => byRef.get(r)!);
  assert.deepEqual(
    targets.map((t) => [t.name, t.purpose, t.state.drop_target]),
    [
      ['Mammal', 'drop_target', true],
      ['Bird', 'drop_target', true],
      ['fish.png', 'drop_target', true],
    ],
  );
  assert.equal(
    found.interactive_elements.filter((e) => e.state.drop_target).length,
    3,
    'only the declared boxes are drop targets',
  );
  // Which item belongs on which box is the learner's answer: nothing in the answer pairs them.
  for (const e of found.interactive_elements)
    assert.equal(JSON.stringify(e).includes('Mammal') && e.name !== 'Mammal', false);
  assert.equal(JSON.stringify(found).includes('6mAmmalBox1'), false, 'no model id of the grading leaks');

  const whale = question.options[0]!;
  const bird = question.targets![1]!;
  const res = await callTool<Dragged>(server.client, 'scorm_pointer_drag', {
    session_id,
    from: { ref: whale },
    to: { ref: bird },
  });
  const location = res.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;
  assert.equal(location, 'dropped:Whale:bird', JSON.stringify(res));

  // The shark's middle is under another drawing: it is grabbed where it shows, not at its centre.
  const shark = await callTool<Dragged>(server.client, 'scorm_pointer_drag', {
    session_id,
    from: { ref: question.options[2]! },
    to: { ref: question.targets![0]! },
  });
  const sharkAt = shark.changes.data_model_changes.filter((c) => c.element === 'cmi.location').pop()?.to;
  assert.equal(sharkAt, 'dropped:5sHark00001:mammal', JSON.stringify(shark));
});
