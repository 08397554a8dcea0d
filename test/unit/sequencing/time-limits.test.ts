import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FLOW, delivered, denial, leaf, rule, rules, scorm2004, session } from './small-trees.js';

const MIN = 60_000;

/** A session on a clock the test moves by hand. */
function timed(items: string[], startAt = 0) {
  const clock = { t: startAt };
  const s = session(scorm2004(items, { orgSeq: FLOW }), { now: () => clock.t });
  return { s, clock };
}

const limits = (attrs: string) => `<imsss:limitConditions ${attrs}/>`;

test('attemptAbsoluteDurationLimit: an attempt that lasted the limit by the clock makes the activity undeliverable (UP.1)', () => {
  for (const [minutes, expectDenied] of [
    [2, true],
    [0.5, false],
  ] as const) {
    const { s, clock } = timed([
      leaf('A', { seq: limits('attemptAbsoluteDurationLimit="PT1M"') }),
      leaf('B'),
    ]);
    delivered(s.navigate({ type: 'start' }));
    clock.t += minutes * MIN;
    assert.equal(delivered(s.terminate('A', { completionStatus: 'completed', navRequest: 'continue' })), 'B');
    const back = s.navigate({ type: 'previous' });
    if (expectDenied) {
      const d = denial(back);
      assert.equal(d.code, 'SB.2.2-2');
    } else assert.equal(delivered(back), 'A');
  }
});

test('attempt absolute duration counts the time suspended between suspendAll and resumeAll', () => {
  const { s, clock } = timed([leaf('A', { seq: limits('attemptAbsoluteDurationLimit="PT1M"') }), leaf('B')]);
  delivered(s.navigate({ type: 'start' }));
  clock.t += 0.5 * MIN;
  s.terminate('A', { exit: 'suspend' });
  assert.equal(s.navigate({ type: 'suspendAll' }).kind, 'ended');
  clock.t += 10 * MIN;
  assert.equal(delivered(s.navigate({ type: 'resumeAll' })), 'A');
  assert.equal(
    delivered(s.terminate('A', { navRequest: 'continue' })),
    'B',
    'completion defaults to completed at the end',
  );
  denial(s.navigate({ type: 'previous' }));
  assert.ok(s.tracking.activities['A']!.attemptAbsoluteDuration >= 10 * MIN);
});

test('experienced durations come from cmi.session_time, counted once per delivery even when Commit precedes Terminate', () => {
  const { s, clock } = timed([
    leaf('A', { seq: limits('attemptExperiencedDurationLimit="PT20M"') }),
    leaf('B'),
  ]);
  delivered(s.navigate({ type: 'start' }));
  clock.t += 1000;
  s.commit('A', { sessionTime: 'PT11M' });
  s.terminate('A', { completionStatus: 'completed', sessionTime: 'PT11M', navRequest: 'continue' });
  assert.equal(s.tracking.activities['A']!.attemptExperiencedDuration, 11 * MIN);
  assert.equal(delivered(s.navigate({ type: 'previous' })), 'A', '11 minutes is under the 20-minute limit');
});

test('without session_time the delivery clock is the experienced time; activity durations add up over attempts', () => {
  const { s, clock } = timed([
    leaf('A', { seq: limits('activityExperiencedDurationLimit="PT1M"') }),
    leaf('B'),
  ]);
  delivered(s.navigate({ type: 'start' }));
  clock.t += 0.75 * MIN;
  s.terminate('A', { navRequest: 'continue' });
  assert.equal(delivered(s.navigate({ type: 'previous' })), 'A', '45 s of 60 s used');
  clock.t += 0.5 * MIN;
  s.terminate('A', { navRequest: 'continue' });
  assert.equal(s.tracking.activities['A']!.activityExperiencedDuration, 1.25 * MIN);
  assert.equal(denial(s.navigate({ type: 'previous' })).code, 'SB.2.2-2');
});

test('the timeLimitExceeded rule condition reads the attempt duration by the clock', () => {
  const post = rules(rule('post', 'continue', ['timeLimitExceeded']));
  for (const [minutes, expected] of [
    [2, 'C'],
    [0.5, 'A'],
  ] as const) {
    const { s, clock } = timed([
      leaf('A'),
      leaf('B', { seq: post + limits('attemptAbsoluteDurationLimit="PT1M"') }),
      leaf('C'),
    ]);
    delivered(s.navigate({ type: 'start' }));
    assert.equal(delivered(s.terminate('A', { navRequest: 'continue' })), 'B');
    clock.t += minutes * MIN;
    const next = s.terminate('B', { completionStatus: 'completed', navRequest: 'previous' });
    assert.equal(delivered(next), expected);
  }
});

test('beginTimeLimit / endTimeLimit: outsideAvailableTimeRange skips, and UP.1 refuses delivery outside the range', () => {
  const skipOutside = rules(rule('pre', 'skip', ['outsideAvailableTimeRange']));
  const items = (extra: string) => [
    leaf('A'),
    leaf('B', { seq: extra + limits('beginTimeLimit="2030-01-01T00:00:00Z"') }),
    leaf('C'),
  ];
  const before = timed(items(skipOutside), Date.parse('2029-06-01T00:00:00Z'));
  delivered(before.s.navigate({ type: 'start' }));
  assert.equal(delivered(before.s.terminate('A', { navRequest: 'continue' })), 'C');
  const after = timed(items(skipOutside), Date.parse('2030-06-01T00:00:00Z'));
  delivered(after.s.navigate({ type: 'start' }));
  assert.equal(delivered(after.s.terminate('A', { navRequest: 'continue' })), 'B');
  const ended = timed(
    [leaf('A'), leaf('B', { seq: limits('endTimeLimit="2020-01-01T00:00:00Z"') })],
    Date.parse('2021-01-01T00:00:00Z'),
  );
  delivered(ended.s.navigate({ type: 'start' }));
  assert.equal(denial(ended.s.terminate('A', { navRequest: 'continue' })).code, 'SB.2.2-2');
});
