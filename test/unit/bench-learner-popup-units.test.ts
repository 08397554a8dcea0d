import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fittedBudget } from '../../bench/learner-budget.js';
import { PopupsSeen } from '../../bench/learner-popup-units.js';
import { STUCK_STEPS, stopReason } from '../../bench/learner-stop-rules.js';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

const ok: LearnerCall = async () => ({ ok: true, data: { success: true } });

test('a pop-up is counted once per page and per control whose click brought it up', async () => {
  const popups = new PopupsSeen();
  popups.opened('page');
  assert.equal(popups.size, 0, 'nothing clicked yet: no opener to count');
  const call = popups.watch(ok);
  await call('scorm_dom_click', { session_id: 's', ref: 'f1e4' });
  popups.opened('page');
  popups.opened('page');
  assert.equal(popups.size, 1, 'the same pop-up seen twice counts once');
  await call('scorm_scroll', { session_id: 's', to: 'end' });
  popups.opened('other page');
  await call('scorm_dom_click', { session_id: 's', ref: 'f1e5' });
  popups.opened('page');
  assert.equal(popups.size, 3);
  assert.equal(popups.mark('fp'), 'fp|3 pop-ups');
  assert.equal(new PopupsSeen().mark('fp'), 'fp', 'no pop-up opened: the fingerprint as it is');
});

test('the budget counts the pop-ups opened as pages seen, and says so', () => {
  assert.deepEqual(fittedBudget({ slides: null, activities: null, pages: 2, popups: 39 }), {
    calls: 326,
    ms: 978_000,
    rule: '80 + 6 × 41 pages and pop-ups seen',
  });
  assert.equal(
    fittedBudget({ slides: 50, activities: null, pages: 2, popups: 3 }).rule,
    '80 + 6 × 50 slides',
  );
  assert.equal(
    fittedBudget({ slides: null, activities: null, pages: 2, popups: 0 }).rule,
    '80 + 6 × 2 pages seen',
  );
});

test("unnamed pictures of one page that each open a pop-up with its Close (rise-2's journeyline): each pop-up counts once, and is closed with the next picture opened in the same step", async () => {
  const clicks: string[] = [];
  const call: LearnerCall = async (tool, args) => {
    if (tool === 'scorm_dom_click') clicks.push(String(args.ref));
    return { ok: true, data: { success: true } };
  };
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  memory.scrolled.add('page');
  const picture = (ref: string) => ({ ref, role: 'generic', name: '', purpose: 'other' });
  const pictures = [picture('f1e4'), picture('f1e5'), picture('f1e6')];
  const close = (ref: string) => ({ ref, role: 'generic', name: 'Close', purpose: 'close' });
  const ctx = (controls: unknown[], fingerprint: string): StepContext => ({
    session_id: 's',
    fingerprint,
    place: fingerprint,
    page: 'journeyline',
    slide: null,
    elements: { interactive_elements: controls },
  });
  await learnerStep(call, ctx(pictures, 'page'), memory);
  await learnerStep(call, ctx([close('f1e50'), ...pictures], 'popup'), memory);
  assert.equal(memory.popups.size, 1);
  assert.deepEqual(clicks, ['f1e4', 'f1e50', 'f1e5']);
  await learnerStep(call, ctx([close('f1e51'), ...pictures], 'popup'), memory);
  assert.deepEqual(clicks.slice(3), ['f1e51', 'f1e6']);
  assert.equal(memory.popups.size, 2);
  // The last picture: its pop-up is closed, and the next step reads the page below.
  await learnerStep(call, ctx([close('f1e52'), ...pictures], 'popup'), memory);
  assert.deepEqual(clicks.slice(5), ['f1e52']);
  assert.equal(memory.popups.size, 3);
});

test('a journey opening new pop-ups on one unchanged page is not stuck; once it opens none, it is', () => {
  const popups = new PopupsSeen();
  const progress = (fingerprints: string[]) => ({ status: null, fingerprints, calls: 10, elapsedMs: 0 });
  const marks: string[] = [];
  for (const ref of ['f1e4', 'f1e5', 'f1e6', 'f1e7']) {
    popups.opened(`page`);
    void popups.watch(ok)('scorm_dom_click', { session_id: 's', ref });
    marks.push(popups.mark('fp'));
  }
  assert.equal(stopReason(progress(marks)), null);
  assert.deepEqual(stopReason(progress([...marks, ...Array(3).fill(popups.mark('fp'))])), {
    kind: 'stuck',
    steps: STUCK_STEPS,
  });
});
