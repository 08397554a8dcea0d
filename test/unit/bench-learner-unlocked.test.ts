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

test('a button seen disabled and enabled later is pressed once, before a way on learned earlier (storyline-2: its sections, its grey arrow)', async () => {
  const { call, calls } = recorder();
  const memory = newLearnerMemory();
  // One SCO: no LMS Next.
  memory.lmsNextUnavailable = true;
  const on = (controls: unknown[], page: string) =>
    learnerStep(
      call,
      {
        session_id: 's1',
        fingerprint: page,
        place: page,
        page,
        elements: { interactive_elements: controls },
        slide: null,
      },
      memory,
    );
  // The opening: the sections locked, an arrow the only way on.
  await on(
    [button('f1e1', 'Sorting', true), button('f1e2', 'Preparing', true), button('f1e3', 'arrow')],
    'Opening',
  );
  assert.equal(calls.at(-1)?.args.ref, 'f1e3');
  // Another page: the arrow took the learner on and is known, yet the section just opened goes first.
  await on([button('f1e4', 'Sorting'), button('f1e5', 'Preparing', true), button('f1e6', 'arrow')], 'Sorted');
  assert.equal(calls.at(-1)?.args.ref, 'f1e4');
  // Pressed once: where it comes back, it is one control among others.
  await on([button('f1e7', 'Sorting'), button('f1e8', 'Preparing'), button('f1e9', 'arrow')], 'Summary');
  assert.equal(calls.at(-1)?.args.ref, 'f1e8');
});

test("a player's Previous enabled after the first slide is not taken for a control the course unlocked", () => {
  const unlocked = new UnlockedControls();
  unlocked.see([button('f1e1', 'Prev', true, 'previous'), button('f1e2', 'Go', true)]);
  assert.equal(unlocked.next([button('f1e3', 'Prev', false, 'previous')]), undefined);
  assert.equal(unlocked.next([button('f1e4', 'Go')])?.ref, 'f1e4');
  unlocked.pressedOnce('Go');
  assert.equal(unlocked.next([button('f1e5', 'Go')]), undefined);
});
