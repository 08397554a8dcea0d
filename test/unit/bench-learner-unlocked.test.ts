import assert from 'node:assert/strict';
import { test } from 'node:test';
import { learnerStep, newLearnerMemory, type LearnerCall } from '../../bench/learner-step.js';
import { UnlockedControls } from '../../bench/learner-unlocked.js';

function recorder(): { call: LearnerCall; calls: Array<{ tool: string; args: Record<string, unknown> }> } {
  const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push({ tool, args });
    return { ok: true, data: {} };
  };
  return { call, calls };
}

const button = (ref: string, name: string, disabled = false, purpose = 'other') => ({
  ref,
  name,
  role: 'button',
  purpose,
  state: disabled ? { disabled: true } : {},
});

test('a button seen disabled on a page and enabled there later is pressed once, before a way on learned earlier (storyline-2: its sections)', async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  // One SCO: no LMS Next.
  memory.lmsNextUnavailable = true;
  const on = (controls: unknown[], page: string) =>
    learnerStep(
      call,
      {
        session_id: 's1',
        fingerprint: `${page}-${calls.length}`,
        place: page,
        page,
        elements: { interactive_elements: controls },
        slide: null,
      },
      memory,
    );
  // The opening: the sections locked, an arrow the only way on.
  await on(
    [button('f1e1', 'Sorting', true), button('f1e2', 'Machine', true), button('f1e3', 'arrow')],
    'Opening',
  );
  assert.equal(calls.at(-1)?.args.ref, 'f1e3');
  // The sorting: the machine still locked; the arrow took the learner on and is learned.
  await on([button('f1e4', 'Machine', true), button('f1e5', 'arrow')], 'Sorting');
  assert.equal(calls.at(-1)?.args.ref, 'f1e5');
  // Back on the sorting with the machine open: pressed before the learned arrow.
  await on([button('f1e6', 'Machine'), button('f1e7', 'arrow')], 'Sorting');
  assert.equal(calls.at(-1)?.args.ref, 'f1e6');
});

test('a section seen locked on another page only, open here, is the one just done: not pressed for being unlocked', () => {
  const unlocked = new UnlockedControls();
  unlocked.see('Opening', [button('f1e1', 'Sorting', true)]);
  assert.equal(unlocked.next('Garments', [button('f1e2', 'Sorting')]), undefined);
  assert.equal(unlocked.next('Opening', [button('f1e3', 'Sorting')])?.ref, 'f1e3');
});

test("a player's Previous enabled after the first slide is not taken for a control the course unlocked", () => {
  const unlocked = new UnlockedControls();
  unlocked.see('Slide', [button('f1e1', 'Prev', true, 'previous'), button('f1e2', 'Go', true)]);
  assert.equal(unlocked.next('Slide', [button('f1e3', 'Prev', false, 'previous')]), undefined);
  assert.equal(unlocked.next('Slide', [button('f1e4', 'Go')])?.ref, 'f1e4');
  unlocked.pressedOnce('Go');
  assert.equal(unlocked.next('Slide', [button('f1e5', 'Go')]), undefined);
});
