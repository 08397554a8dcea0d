import assert from 'node:assert/strict';
import { test } from 'node:test';
import { learnerStep, newLearnerMemory, type LearnerCall } from '../../bench/learner-step.js';

/** Records the learner's calls; every call succeeds, so the rules run without a browser. */
function recorder(): { call: LearnerCall; calls: Array<{ tool: string; args: Record<string, unknown> }> } {
  const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push({ tool, args });
    return { ok: true, data: {} };
  };
  return { call, calls };
}

const item = (ref: string, name: string) => ({
  ref,
  name,
  role: 'generic',
  purpose: 'answer_option',
  state: { draggable: true },
});
const box = (ref: string, name: string) => ({
  ref,
  name,
  role: 'generic',
  purpose: 'drop_target',
  state: { drop_target: true },
});
// Buttons in a language the purposes do not know (storyline-2 is in Hebrew): only their coming tells them.
const button = (ref: string, name: string) => ({ ref, name, role: 'button', purpose: 'other' });
const question = {
  kind: 'drag_drop',
  type: 'drag_and_drop',
  question: 'Drag and Drop',
  options: ['f1e1', 'f1e2'],
  targets: ['f1e5', 'f1e6'],
};
const sorting = [
  item('f1e1', 'sheet.png'),
  item('f1e2', 'socks.png'),
  box('f1e5', 'Towels'),
  box('f1e6', 'Whites'),
];

test("a drag-and-drop answered as a learner who reads the feedback: the Check the drops brought up, the feedback's buttons, another arrangement when told to try again, then the way on (storyline-2)", async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  const step = async (controls: unknown[], assessments: unknown[] = [question]) => {
    const from = calls.length;
    await learnerStep(
      call,
      {
        session_id: 's1',
        fingerprint: `page-${calls.length}`,
        place: 'Drag and Drop',
        page: 'Drag and Drop',
        elements: { interactive_elements: controls, assessments },
        slide: null,
      },
      memory,
    );
    return calls
      .slice(from)
      .map((c) =>
        c.tool === 'scorm_pointer_drag'
          ? `drag ${(c.args.from as { ref: string }).ref}->${(c.args.to as { ref: string }).ref}`
          : `${c.tool} ${String(c.args.ref ?? '')}`,
      );
  };
  const menu = button('f1e9', 'Legend');
  assert.deepEqual(await step([menu, ...sorting]), ['drag f1e1->f1e5', 'drag f1e2->f1e6']);
  // Every item left the basket: the course shows its Check.
  assert.deepEqual(await step([menu, ...sorting, button('f1e20', 'Check')]), ['scorm_dom_click f1e20']);
  // Its feedback: a hint and a try again; the first is read, then the other.
  const feedback = [button('f1e21', 'Hint'), button('f1e22', 'Try again')];
  assert.deepEqual(await step([menu, ...feedback], []), ['scorm_dom_click f1e21']);
  assert.deepEqual(await step([menu, button('f1e22', 'Try again')], []), ['scorm_dom_click f1e22']);
  // The feedback closed and the question is still asked: another arrangement, then its Check again.
  const asked = [menu, ...sorting, button('f1e20', 'Check')];
  assert.deepEqual(await step(asked), ['drag f1e1->f1e6', 'drag f1e2->f1e5']);
  assert.deepEqual(await step(asked), ['scorm_dom_click f1e20']);
  // Wrong again: the course offers the way on, which is taken.
  assert.deepEqual(await step([menu, button('f1e23', 'To the sorted piles')], []), ['scorm_dom_click f1e23']);
  assert.ok(
    !calls.some((c) => c.args.ref === 'f1e9'),
    'the menu seen before the drops is never taken for feedback',
  );
});

test('a control the drops only renamed is not what they brought up (rise-1: the sidebar link "Email Scams 6% Completed" became "94%")', async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  const step = async (controls: unknown[]) => {
    const from = calls.length;
    await learnerStep(
      call,
      {
        session_id: 's1',
        fingerprint: `page-${calls.length}`,
        place: 'Email Scams',
        page: 'Email Scams',
        elements: { interactive_elements: controls, assessments: [question] },
        slide: null,
      },
      memory,
    );
    return calls.slice(from).map((c) => `${c.tool} ${String(c.args.ref ?? '')}`);
  };
  const link = (name: string) => ({ ref: 'f1e9', name, role: 'link', purpose: 'link' });
  await step([link('Email Scams 6% Completed'), ...sorting]);
  const after = await step([link('Email Scams 94% Completed'), ...sorting]);
  assert.ok(
    !after.includes('scorm_dom_click f1e9'),
    `the renamed sidebar link is no feedback: ${after.join(', ')}`,
  );
});
