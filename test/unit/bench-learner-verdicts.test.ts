import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnswerVerdicts, verdictOf } from '../../bench/learner-verdicts.js';
import type { LearnerCall } from '../../bench/learner-step.js';

test("a dialog's words say whether the answer was right (lectora-1's alerts), or nothing", () => {
  assert.equal(verdictOf('You answered the question incorrectly.'), 'wrong');
  assert.equal(verdictOf('Correct'), 'right');
  assert.equal(verdictOf('That is not quite right, try again'), 'wrong');
  assert.equal(verdictOf('Well done!'), 'right');
  assert.equal(verdictOf('Wrong answer'), 'wrong');
  assert.equal(verdictOf('Your results were sent'), null);
});

test('a verdict that comes after the look is given to its question at the next look (lectora-1: the first question of each test)', async () => {
  const looks = [[], ['Correct!', 'You answered the question incorrectly.'], ['Correct']];
  let look = 0;
  const call: LearnerCall = async (_tool, args) => {
    // The first call asks where the events stand; each later one reads a look's dialogs.
    if (args.since_event_id === Number.MAX_SAFE_INTEGER) return { ok: true, data: { latest_event_id: 0 } };
    const texts = looks[look++] ?? [];
    return {
      ok: true,
      data: {
        latest_event_id: look,
        events_remaining: 0,
        events: texts.map((text) => ({ type: 'dialog', payload: { course_text: { message: { text } } } })),
      },
    };
  };
  const verdicts = new AnswerVerdicts();
  await verdicts.answeredWithoutSubmit(call, 's1', 'Q1');
  assert.equal(await verdicts.readAfterLeaving(call, 's1'), null, 'no dialog yet for Q1');
  assert.equal(verdicts.of('Q1'), undefined);
  await verdicts.answeredWithoutSubmit(call, 's1', 'Q2');
  const said = await verdicts.readAfterLeaving(call, 's1');
  assert.equal(verdicts.of('Q1'), 'right', "Q1's late alert");
  assert.equal(verdicts.of('Q2'), 'wrong');
  assert.match(String(said), /2 verdicts/);
  await verdicts.answeredWithoutSubmit(call, 's1', 'Q3');
  await verdicts.readAfterLeaving(call, 's1');
  assert.equal(verdicts.of('Q3'), 'right');
  assert.equal(verdicts.of('Q2'), 'wrong', 'a question judged is not judged again by a later dialog');
});

test('a test begun again after other steps looks from where the events stand now, not through what came between (lectora-1 after its SUBMIT)', async () => {
  const calls: unknown[] = [];
  const call: LearnerCall = async (_tool, args) => {
    calls.push(args.since_event_id);
    const latest = calls.length * 1000;
    if (args.since_event_id === Number.MAX_SAFE_INTEGER)
      return { ok: true, data: { latest_event_id: latest } };
    const dialog = { type: 'dialog', payload: { course_text: { message: { text: 'Correct' } } } };
    return { ok: true, data: { latest_event_id: latest, events_remaining: 0, events: [dialog] } };
  };
  const verdicts = new AnswerVerdicts();
  for (const question of ['Q1', 'Q2']) {
    verdicts.newStep();
    await verdicts.answeredWithoutSubmit(call, 's1', question);
    await verdicts.readAfterLeaving(call, 's1');
  }
  // The test's last page, its results, the retake's first page: steps without a question.
  verdicts.newStep();
  verdicts.newStep();
  verdicts.newStep();
  await verdicts.answeredWithoutSubmit(call, 's1', 'Q3');
  await verdicts.readAfterLeaving(call, 's1');
  assert.deepEqual(calls, [Number.MAX_SAFE_INTEGER, 1000, 2000, Number.MAX_SAFE_INTEGER, 4000]);
  assert.equal(verdicts.of('Q3'), 'right');
});
