import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DroppedItems, pageChangedAfterDrop } from '../../bench/learner-drops.js';
import { learnerStep, newLearnerMemory, type LearnerCall } from '../../bench/learner-step.js';

/** Records the learner's calls; the drags listed in `stale` fail as a drag by a ref of a page gone does. */
function recorder(stale: Set<string>): {
  call: LearnerCall;
  calls: Array<{ tool: string; args: Record<string, unknown> }>;
} {
  const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push({ tool, args });
    const from = (args.from as { ref?: string } | undefined)?.ref ?? '';
    if (tool === 'scorm_pointer_drag' && stale.has(from))
      return { ok: false, data: { error_code: 'DOM_STALE_REF' }, error_code: 'DOM_STALE_REF' };
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
const basket = (ref: string) => ({
  ref,
  name: 'Rectangle',
  role: 'generic',
  purpose: 'drop_target',
  state: { drop_target: true },
});

/** The garments slide as listed on one visit: each listing gives new refs to the same garments. */
function garments(prefix: string) {
  const names = ['jeans.png', 'fleece.png', 'shirt.png'];
  const controls = [...names.map((n, i) => item(`${prefix}${i}`, n)), basket(`${prefix}9`)];
  const question = {
    kind: 'drag_drop',
    type: 'drag_and_drop',
    question: 'Prepare the laundry',
    selector: '#slide',
    options: names.map((_, i) => `${prefix}${i}`),
    targets: [`${prefix}9`],
  };
  return { interactive_elements: controls, assessments: [question] };
}

const drags = (calls: Array<{ tool: string; args: Record<string, unknown> }>) =>
  calls.filter((c) => c.tool === 'scorm_pointer_drag').map((c) => (c.args.from as { ref: string }).ref);

test('a drop that takes the learner to another slide stops the drags; back on the question, the items not yet dropped are dropped one by one (storyline-2)', async () => {
  // The first garment dropped opens its own slide: the next drag finds its item gone.
  const { call, calls } = recorder(new Set(['a1', 'b2']));
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  const on = (elements: unknown, page: string) =>
    learnerStep(
      call,
      { session_id: 's1', fingerprint: page, place: page, page, elements, slide: null },
      memory,
    );

  await on(garments('a'), 'Prepare');
  assert.deepEqual(drags(calls), ['a0', 'a1'], 'one drop went through, the next failed: no third drag');

  // The garment's slide, then back: the first garment is not dropped again, the second is.
  calls.length = 0;
  await on(garments('b'), 'Prepare again');
  assert.deepEqual(drags(calls), ['b1', 'b2'], 'the second garment first, then the failed third');

  calls.length = 0;
  await on(garments('c'), 'Prepare a third time');
  assert.deepEqual(drags(calls), ['c2'], 'the last garment alone');

  calls.length = 0;
  await on(garments('d'), 'Prepare a fourth time');
  assert.deepEqual(drags(calls), [], 'every garment dropped: nothing is dragged again');
});

test('a drag-and-drop whose items were all dropped in one go is dropped whole again at its next try', () => {
  const dropped = new DroppedItems();
  dropped.dropped('Q', 'a');
  dropped.dropped('Q', 'b');
  assert.deepEqual(
    dropped.notDropped('Q', [{ name: 'a' }, { name: 'b' }, { name: 'c' }, {}]).map((i) => i.name),
    ['c', undefined],
  );
  dropped.forget('Q');
  assert.equal(dropped.notDropped('Q', [{ name: 'a' }]).length, 1);
  assert.equal(pageChangedAfterDrop(0, true), false, 'a first drag that fails says nothing of a page change');
  assert.equal(pageChangedAfterDrop(1, true), true);
  assert.equal(pageChangedAfterDrop(1, false), false);
});
