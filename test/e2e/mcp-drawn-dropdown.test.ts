/**
 * A drop-down the course draws out of slide objects (Storyline, storyline-2's person picker), through MCP
 * in real Chromium: the box is listed as a `selection` control; once clicked open, its rows are one
 * `selection` assessment naming the box as its control; choosing a row is a click, as a learner does it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { controlOf, controlsOf } from '../helpers/interactive-elements.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';
import type { ListedElement } from '../../src/dom/snapshot/interactive-answer.js';

interface Found {
  interactive_elements: ListedElement[];
  assessments: Array<{ kind: string; question: string; type: string; options: string[]; control?: string }>;
}
interface Clicked {
  success: boolean;
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;
let session_id: string;

before(async () => {
  server = await startServer();
  session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'storyline-drawn-dropdown'),
  );
});
after(async () => {
  await server.close();
});

const find = (): Promise<Found> =>
  callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', { session_id });
const click = (ref: string | null): Promise<Clicked> =>
  callTool<Clicked>(server.client, 'scorm_dom_click', { session_id, ref });
const box = (found: Found): ListedElement => {
  const boxes = found.interactive_elements.filter((e) => e.purpose === 'selection');
  assert.equal(boxes.length, 1, JSON.stringify(found.interactive_elements.map((e) => [e.name, e.purpose])));
  return boxes[0] as ListedElement;
};

test('a drawn drop-down: the closed box is a selection control; open, its rows are one selection assessment with the box as control; a row is chosen by a click', async () => {
  const closed = await find();
  assert.equal(box(closed).name, '--- SELECT ---');
  assert.deepEqual(closed.assessments, [], 'no options while the drop-down is closed');

  assert.equal((await click(box(closed).ref)).success, true);
  const opened = async (): Promise<Found | undefined> => {
    const found = await find();
    return found.assessments.length === 1 ? found : undefined;
  };
  const open = await until(opened, 'the drop-down open');
  const list = open.assessments[0] as Found['assessments'][number];
  assert.deepEqual(
    [list.kind, list.type, list.question],
    ['dropdown', 'selection', 'Pick the colleague you will coach.'],
  );
  assert.deepEqual(
    controlsOf(open, list.options).map((o) => o.name),
    ['Olivia', 'Ethan', 'Amelia'],
  );
  assert.equal(controlOf(open, list.control ?? '').name, '--- SELECT ---');

  const ethan = controlsOf(open, list.options)[1] as ListedElement;
  const chosen = await click(ethan.ref);
  assert.equal(chosen.success, true, JSON.stringify(chosen));
  assert.equal(
    chosen.changes.data_model_changes.find((c) => c.element === 'cmi.location')?.to,
    'chose:Ethan',
  );

  const after = await find();
  assert.deepEqual(after.assessments, [], 'the drop-down closed on the choice');
  // Closed on a choice, the box shows a name only: it is told from a button again once open.
  const shown = after.interactive_elements.find((e) => e.name === 'Ethan');
  assert.ok(shown, 'the box shows the choice');
  await click(shown.ref);
  const reopened = await until(opened, 'the drop-down open again');
  assert.equal(
    controlOf(reopened, reopened.assessments[0]?.control ?? '').name,
    'Ethan',
    'reopened, the box shows the choice made, one of its rows',
  );
});
