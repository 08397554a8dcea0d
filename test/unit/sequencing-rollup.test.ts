import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { createMemoryGlobalObjectiveStore, createSequencingSession } from '../../src/sequencing/index.js';
import { cluster, leaf, scorm2004 } from '../fixtures/seqlint/build-manifest.js';

const FLOW = '<imsss:controlMode flow="true"/>';

function run(
  xml: string,
  reports: Array<Parameters<ReturnType<typeof createSequencingSession>['terminate']>[1]>,
) {
  const s = createSequencingSession(parseManifest(xml).manifest);
  let out = s.navigate({ type: 'start' });
  for (const r of reports) {
    assert.equal(out.kind, 'deliver', JSON.stringify(out));
    out = s.terminate(s.currentActivity as string, { navRequest: 'continue', ...r });
  }
  return { s, out };
}

test("measure rollup is the weighted average of the children's measures (objectiveMeasureWeight)", () => {
  const weight = (w: string) => `<imsss:rollupRules objectiveMeasureWeight="${w}"/>`;
  const { s } = run(
    scorm2004([leaf('A', { seq: weight('3') }), leaf('B', { seq: weight('1') })], { orgSeq: FLOW }),
    [{ score: { scaled: 1 } }, { score: { scaled: 0 } }],
  );
  const root = s.tracking.activities['ORG']!.objectives[''];
  assert.equal(root?.measureStatus, true);
  assert.equal(root?.normalizedMeasure, 0.75);
});

test('default rollup: satisfied when all children are, not satisfied when all are known and one failed', () => {
  const passed = run(scorm2004([leaf('A'), leaf('B')], { orgSeq: FLOW }), [
    { successStatus: 'passed' },
    { successStatus: 'passed' },
  ]);
  assert.equal(passed.s.tracking.activities['ORG']!.objectives['']?.satisfiedStatus, true);
  const failed = run(scorm2004([leaf('A'), leaf('B')], { orgSeq: FLOW }), [
    { successStatus: 'passed' },
    { successStatus: 'failed' },
  ]);
  const root = failed.s.tracking.activities['ORG']!.objectives[''];
  assert.equal(root?.progressStatus, true);
  assert.equal(root?.satisfiedStatus, false);
});

test('atLeastPercent takes minimumPercent as written in the manifest (0–1)', () => {
  const rules =
    '<imsss:rollupRules><imsss:rollupRule childActivitySet="atLeastPercent" minimumPercent="0.5"><imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions><imsss:rollupAction action="satisfied"/></imsss:rollupRule></imsss:rollupRules>';
  const { s } = run(scorm2004([leaf('A'), leaf('B')], { orgSeq: FLOW + rules }), [
    { successStatus: 'passed' },
    { successStatus: 'failed' },
  ]);
  assert.equal(s.tracking.activities['ORG']!.objectives['']?.satisfiedStatus, true, '1 of 2 is 50%');
});

test('completion measure rollup weights progress by progressWeight and completes by measure', () => {
  const ct = (w: string) => `<adlcp:completionThreshold progressWeight="${w}"/>`;
  const xml = scorm2004(
    [
      cluster('M', [leaf('A', { extra: ct('1') }), leaf('B', { extra: ct('3') })], {
        seq: FLOW,
        extra: '<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.6"/>',
      }),
    ],
    { orgSeq: FLOW },
  );
  const { s } = run(xml, [{ progressMeasure: 0 }, { progressMeasure: 1 }]);
  const m = s.tracking.activities['M']!;
  assert.equal(m.attemptCompletionAmount, 0.75);
  assert.equal(m.attemptProgressStatus && m.attemptCompletionStatus, true, '0.75 >= 0.6');
});

test('rollup considerations: requiredForSatisfied="ifAttempted" leaves an unattempted child out', () => {
  const skipB =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule></imsss:sequencingRules><adlseq:rollupConsiderations requiredForSatisfied="ifAttempted" requiredForNotSatisfied="ifAttempted"/>';
  const { s } = run(scorm2004([leaf('A'), leaf('B', { seq: skipB })], { orgSeq: FLOW }), [
    { successStatus: 'passed' },
  ]);
  assert.equal(s.tracking.activities['ORG']!.objectives['']?.satisfiedStatus, true);
});

test('global objectives: written by one activity, read by another; objectivesGlobalToSystem=false keeps them in the attempt', () => {
  const write =
    '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="g1" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>';
  const read =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="satisfied"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule></imsss:sequencingRules><imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="g1"/></imsss:primaryObjective></imsss:objectives>';
  const items = [leaf('A', { seq: write }), leaf('B', { seq: read }), leaf('C')];
  const store = createMemoryGlobalObjectiveStore();
  const s = createSequencingSession(parseManifest(scorm2004(items, { orgSeq: FLOW })).manifest, {
    globalObjectives: store,
    learnerId: 'L1',
  });
  s.navigate({ type: 'start' });
  const out = s.terminate('A', { successStatus: 'passed', navRequest: 'continue' });
  assert.equal(out.kind === 'deliver' && out.activityId, 'C', 'B reads g1 = satisfied and is skipped');
  assert.deepEqual(store.read('L1', 'g1'), { satisfied: true });

  const local = createMemoryGlobalObjectiveStore();
  const scoped = createSequencingSession(
    parseManifest(scorm2004(items, { orgSeq: FLOW, orgAttrs: 'adlseq:objectivesGlobalToSystem="false"' }))
      .manifest,
    { globalObjectives: local },
  );
  scoped.navigate({ type: 'start' });
  scoped.terminate('A', { successStatus: 'passed', navRequest: 'continue' });
  assert.equal(local.entries().length, 0, 'nothing reaches the system-wide store');
  assert.deepEqual(scoped.tracking.localGlobals['g1'], { satisfied: true });
});

test('a SCO that never reports completion is completed when its attempt ends; completionSetByContent keeps it unknown', () => {
  const { s } = run(scorm2004([leaf('A'), leaf('B')], { orgSeq: FLOW }), [{}]);
  assert.equal(s.tracking.activities['A']!.attemptCompletionStatus, true);
  const byContent = run(
    scorm2004(
      [
        leaf('A', {
          seq: '<imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>',
        }),
        leaf('B'),
      ],
      { orgSeq: FLOW },
    ),
    [{}],
  );
  assert.equal(byContent.s.tracking.activities['A']!.attemptProgressStatus, false);
  assert.equal(byContent.s.tracking.activities['A']!.objectives['']?.progressStatus, false);
});
