import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import {
  createSequencingSession,
  filterTrace,
  SequencingStateError,
  type TraceEvent,
} from '../../src/sequencing/index.js';
import { cluster, leaf, scorm2004 } from '../fixtures/seqlint/build-manifest.js';

const FLOW = '<imsss:controlMode flow="true"/>';
const manifest = (items: string[], orgSeq = FLOW) => parseManifest(scorm2004(items, { orgSeq })).manifest;

test('suspendAll → serialize → restore → resumeAll delivers the suspended activity with entry=resume', () => {
  const m = manifest([leaf('A'), leaf('B'), leaf('C')]);
  const s = createSequencingSession(m);
  s.navigate({ type: 'start' });
  s.terminate('A', { navRequest: 'continue', completionStatus: 'completed' });
  const out = s.terminate('B', { exit: 'suspend', navRequest: 'suspendAll' });
  assert.equal(out.kind, 'ended');
  const saved = JSON.parse(JSON.stringify(s.serialize())) as unknown;
  const again = createSequencingSession(m, { restore: saved });
  assert.equal(again.suspendedActivity, 'B');
  const resumed = again.launch();
  assert.equal(resumed.how, 'resumeAll');
  assert.equal(resumed.kind === 'deliver' && resumed.activityId, 'B');
  assert.equal(resumed.kind === 'deliver' && resumed.runtime.entry, 'resume');
  assert.equal(again.tracking.activities['B']!.attemptCount, 1, 'the same attempt goes on');
  assert.equal(again.tracking.activities['A']!.attemptCompletionStatus, true);
});

test('a corrupt or foreign saved state is refused with a reason (SequencingStateError)', () => {
  const m = manifest([leaf('A'), leaf('B')]);
  const good = createSequencingSession(m).serialize();
  const cases: Array<[unknown, RegExp]> = [
    ['nonsense', /not a saved sequencing state/],
    [{ ...good, version: 99 }, /version 99/],
    [{ ...good, treeSignature: 'x' }, /different activity tree/],
    [{ ...good, state: { ...good.state, currentActivity: 'nope' } }, /currentActivity names no activity/],
    [
      {
        ...good,
        state: {
          ...good.state,
          activities: {
            ...good.state.activities,
            A: { ...good.state.activities['A'], attemptCount: 'many' },
          },
        },
      },
      /"attemptCount" has the wrong type/,
    ],
    [
      {
        ...good,
        state: {
          ...good.state,
          activities: {
            ...good.state.activities,
            ORG: { ...good.state.activities['ORG'], availableChildren: ['A', 'evil'] },
          },
        },
      },
      /not its children/,
    ],
  ];
  for (const [data, message] of cases)
    assert.throws(
      () => createSequencingSession(m, { restore: data }),
      (e: unknown) => e instanceof SequencingStateError && message.test(e.message),
    );
});

test('hostile choices are denied with the rule or control that forbids them', () => {
  const hidden =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions><imsss:ruleAction action="hiddenFromChoice"/></imsss:preConditionRule></imsss:sequencingRules>';
  const disabled = hidden.replace('hiddenFromChoice', 'disabled');
  const s = createSequencingSession(
    manifest([
      leaf('A'),
      leaf('H', { seq: hidden }),
      leaf('D', { seq: disabled }),
      cluster('N', [leaf('X')], { seq: '<imsss:controlMode choice="false" flow="true"/>' }),
    ]),
  );
  s.navigate({ type: 'start' });
  const expect = (target: string, code: string) => {
    const out = s.navigate({ type: 'choice', target });
    assert.equal(out.kind, 'denied', target);
    if (out.kind === 'denied') {
      assert.equal(out.code, code, `${target}: ${out.reason}`);
      assert.ok(out.reason.length > 10);
    }
  };
  expect('nowhere', 'NB.2.1-11');
  expect('H', 'SB.2.9-3');
  expect('D', 'DB.1.1-3');
  expect('X', 'NB.2.1-10');
  assert.equal(s.currentActivity, 'A', 'a denied choice leaves the learner where they were');
});

test('terminate of another activity and an invalid adl.nav.request are answers, not exceptions', () => {
  const s = createSequencingSession(manifest([leaf('A'), leaf('B')]));
  s.navigate({ type: 'start' });
  const wrong = s.terminate('B', {});
  assert.equal(wrong.kind === 'denied' && wrong.code, 'TERMINATE-NOT-CURRENT');
  const bad = s.terminate('A', { navRequest: '{target=B}teleport' });
  assert.equal(bad.kind === 'denied' && bad.code, 'NB.2.1-13');
  assert.equal(s.navigate({ type: 'continue' }).kind, 'deliver', 'the session is still usable');
});

test('randomization is reproducible for a seed and differs across seeds', () => {
  const random =
    '<imsss:controlMode flow="true"/><imsss:randomizationControls randomizationTiming="once" reorderChildren="true"/>';
  const items = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((id) => leaf(id));
  const order = (seed: number) =>
    createSequencingSession(manifest(items, random), { seed }).tracking.activities[
      'ORG'
    ]!.availableChildren.join('');
  assert.equal(order(7), order(7));
  assert.notEqual(order(7), 'ABCDEFGH');
  assert.ok(new Set([1, 2, 3, 4, 5].map(order)).size > 1);
  const select =
    '<imsss:controlMode flow="true"/><imsss:randomizationControls selectionTiming="once" selectCount="3"/>';
  const picked = createSequencingSession(manifest(items, select), { seed: 3 }).tracking.activities['ORG']!
    .availableChildren;
  assert.equal(picked.length, 3);
  assert.deepEqual([...picked].sort(), picked, 'selection keeps the written order');
});

test('validity snapshot and TOC: continue/previous, hideLMSUI, choice per target', () => {
  const hide =
    '<adlnav:presentation><adlnav:navigationInterface><adlnav:hideLMSUI>previous</adlnav:hideLMSUI></adlnav:navigationInterface></adlnav:presentation>';
  const s = createSequencingSession(
    manifest(
      [leaf('A'), leaf('B', { extra: hide }), leaf('C')],
      '<imsss:controlMode flow="true" forwardOnly="true"/>',
    ),
  );
  s.navigate({ type: 'start' });
  let v = s.validity();
  assert.equal(v.requests.continue, 'true');
  assert.equal(v.requests.previous, 'false');
  assert.equal(v.choice['C'], 'true');
  s.terminate('A', { navRequest: 'continue' });
  const state = s.navigationState();
  assert.equal(state.controls.previous.hidden, true);
  assert.equal(state.controls.previous.enabled, false);
  assert.equal(state.toc.find((e) => e.id === 'A')?.completionStatus, 'completed');
  assert.equal(state.toc.find((e) => e.id === 'A')?.selectable, false, 'forwardOnly: no choice backward');
  assert.match(state.toc.find((e) => e.id === 'A')?.whyNot ?? '', /forwardOnly/);
  v = s.validity();
  assert.equal(v.requests.exitAll, 'true');
  assert.equal(v.jump['A'], 'true', 'jump ignores forwardOnly');
});

test('runtime init: objectives with ids, completion threshold, scaled passing score, launch data', () => {
  const seq =
    '<imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure></imsss:primaryObjective><imsss:objective objectiveID="o2"/></imsss:objectives>';
  const s = createSequencingSession(
    manifest([
      leaf('A', {
        seq,
        extra:
          '<adlcp:dataFromLMS>hello</adlcp:dataFromLMS><adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.8"/>',
      }),
    ]),
  );
  const out = s.navigate({ type: 'start' });
  assert.equal(out.kind, 'deliver');
  if (out.kind !== 'deliver') return;
  assert.deepEqual(
    out.runtime.objectives.map((o) => o.id),
    ['p', 'o2'],
  );
  assert.equal(out.runtime.scaledPassingScore, 0.7);
  assert.equal(out.runtime.completionThreshold, 0.8);
  assert.equal(out.runtime.launchData, 'hello');
  assert.equal(out.runtime.entry, 'ab-initio');
});

test('the trace names processes, rules with their condition values and denials with codes', () => {
  const events: TraceEvent[] = [];
  const skip =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="satisfied" operator="not"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule></imsss:sequencingRules>';
  const s = createSequencingSession(manifest([leaf('A'), leaf('B', { seq: skip }), leaf('C')]), {
    trace: filterTrace((e) => events.push(e), 'verbose'),
  });
  s.navigate({ type: 'start' });
  s.navigate({ type: 'previous' });
  const out = s.navigate({ type: 'continue' });
  assert.equal(
    out.kind === 'deliver' && out.activityId,
    'B',
    '"not satisfied" is unknown before B is tried: no skip',
  );
  const rule = events.find((e) => e.kind === 'rule' && e.activity === 'B');
  assert.equal((rule?.data?.['conditions'] as Array<{ value: string }>)[0]?.value, 'unknown');
  assert.equal(rule?.data?.['result'], 'unknown');
  const denial = events.find((e) => e.kind === 'denied');
  assert.equal(denial?.code, 'SB.2.1-3');
  const basic: TraceEvent[] = [];
  s.setTrace(filterTrace((e) => basic.push(e), 'basic'));
  s.navigate({ type: 'continue' });
  assert.ok(basic.length > 0 && basic.every((e) => e.level === 'basic'));
  assert.ok(basic.some((e) => e.kind === 'outcome'));
  // `reason` in an answer is a code; an outcome's sentence is its message.
  const denied = events.find((e) => e.kind === 'outcome' && e.data?.['kind'] === 'denied');
  assert.equal(denied?.data?.['reason'], undefined);
  assert.equal(typeof denied?.data?.['message'], 'string');
});
