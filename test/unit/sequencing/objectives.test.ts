/**
 * Objective and completion behaviour of the sequencing engine on small trees: how local objectives read
 * and write shared (global) objectives, and how attempts reset what they hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifest } from '../../../src/manifest/parse-manifest.js';
import { createMemoryGlobalObjectiveStore, createSequencingSession } from '../../../src/sequencing/index.js';
import { cluster, leaf, scorm2004 } from '../../fixtures/seqlint/build-manifest.js';

const FLOW = '<imsss:controlMode flow="true"/>';

function primary(id: string, mapInfo: string): string {
  return `<imsss:objectives><imsss:primaryObjective objectiveID="${id}">${mapInfo}</imsss:primaryObjective></imsss:objectives>`;
}

function session(xml: string, options: Parameters<typeof createSequencingSession>[1] = {}) {
  return createSequencingSession(parseManifest(xml).manifest, options);
}

test('a read map takes the global objective over the local one when the global is known', () => {
  // A writes g = passed. B reads g (and writes nothing) while its own content reports failed: the
  // global decides B's status, so the default rollup finds every child satisfied.
  const items = [
    leaf('A', { seq: primary('a', '<imsss:mapInfo targetObjectiveID="g" writeSatisfiedStatus="true"/>') }),
    leaf('B', { seq: primary('b', '<imsss:mapInfo targetObjectiveID="g" readSatisfiedStatus="true"/>') }),
  ];
  const s = session(scorm2004(items, { orgSeq: FLOW }), {
    globalObjectives: createMemoryGlobalObjectiveStore(),
  });
  s.navigate({ type: 'start' });
  s.terminate('A', { successStatus: 'passed', navRequest: 'continue' });
  assert.equal(s.runtimeInit('B').objectives[0]?.successStatus, 'passed', 'cmi.objectives of B start from g');
  s.terminate('B', { successStatus: 'failed' });
  assert.equal(
    s.tracking.activities['B']!.objectives['b']?.satisfiedStatus,
    false,
    'the local record keeps failed',
  );
  assert.equal(s.tracking.activities['ORG']!.objectives['']?.satisfiedStatus, true, 'rollup read g for B');
});

test('a read map takes the global even while it is unknown: the local status does not count', () => {
  // Nothing writes g. A's default satisfied status at the end of its attempt stays local, so the
  // hiddenFromChoice rule on "satisfied" never fires and A can be chosen again.
  const hidden =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="satisfied"/></imsss:ruleConditions><imsss:ruleAction action="hiddenFromChoice"/></imsss:preConditionRule></imsss:sequencingRules>';
  const items = [
    leaf('A', { seq: hidden + primary('a', '<imsss:mapInfo targetObjectiveID="g"/>') }),
    leaf('B'),
  ];
  const s = session(scorm2004(items, { orgSeq: FLOW }));
  s.navigate({ type: 'start' });
  s.terminate('A', { navRequest: 'continue' });
  assert.equal(s.tracking.activities['A']!.objectives['a']?.satisfiedStatus, true, 'the local default');
  assert.equal(s.isValid({ type: 'choice', target: 'A' }).valid, true, 'A is not hidden');
  const local = session(scorm2004([leaf('A', { seq: hidden }), leaf('B')], { orgSeq: FLOW }));
  local.navigate({ type: 'start' });
  local.terminate('A', { navRequest: 'continue' });
  assert.equal(
    local.isValid({ type: 'choice', target: 'A' }).valid,
    false,
    'without a map the local status hides A',
  );
});

test('a primary objective the SCO set to unknown stays unknown at the end of the attempt, and so does its global', () => {
  const write = primary(
    'p',
    '<imsss:mapInfo targetObjectiveID="g" writeSatisfiedStatus="true" readSatisfiedStatus="false"/>',
  );
  const store = createMemoryGlobalObjectiveStore();
  const s = session(scorm2004([leaf('A', { seq: write }), leaf('B', { seq: write })], { orgSeq: FLOW }), {
    globalObjectives: store,
    learnerId: 'L',
  });
  s.navigate({ type: 'start' });
  s.terminate('A', { successStatus: 'passed', navRequest: 'continue' });
  assert.deepEqual(store.read('L', 'g'), { satisfied: true });
  // B's SCO sets cmi.objectives.p.success_status to unknown (cmi.success_status it leaves alone).
  s.terminate('B', { objectives: [{ id: 'p', successStatus: 'unknown' }], navRequest: 'continue' });
  assert.equal(s.tracking.activities['B']!.objectives['p']?.progressStatus, false, 'no default satisfied');
  assert.equal(store.read('L', 'g')?.satisfied, undefined, 'the global is unknown again');
});

test('an objective status the SCO did not report leaves the objective as it is', () => {
  const items = [leaf('A', { seq: primary('p', '') }), leaf('B')];
  const s = session(scorm2004(items, { orgSeq: FLOW }));
  s.navigate({ type: 'start' });
  s.commit('A', { successStatus: 'failed' });
  s.commit('A', { objectives: [{ id: 'p' }] });
  const p = s.tracking.activities['A']!.objectives['p'];
  assert.equal(p?.progressStatus && !p.satisfiedStatus, true, 'still failed');
});

test("a mapped completion status reaches cmi.objectives as the global holds it, not re-judged by the reader's threshold", () => {
  const adl = (write: boolean) =>
    `<adlseq:objectives><adlseq:objective objectiveID="p"><adlseq:mapInfo targetObjectiveID="g"${write ? ' writeCompletionStatus="true" writeProgressMeasure="true"' : ''}/></adlseq:objective></adlseq:objectives>`;
  const threshold = (min: string) =>
    `<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="${min}"/>`;
  const items = [
    leaf('A', { seq: primary('p', '') + adl(true), extra: threshold('0.4') }),
    leaf('B', { seq: primary('p', '') + adl(false), extra: threshold('0.15') }),
  ];
  const s = session(scorm2004(items, { orgSeq: FLOW }));
  s.navigate({ type: 'start' });
  s.terminate('A', { progressMeasure: 0.2, navRequest: 'continue' });
  const p = s.runtimeInit('B').objectives.find((o) => o.id === 'p');
  assert.equal(p?.progressMeasure, 0.2);
  assert.equal(p?.completionStatus, 'incomplete', "A's 0.2 is below A's threshold, whatever B's is");
});

test('an objective id written with percent-escapes reaches cmi.objectives decoded, and reports under it map back', () => {
  const rule =
    '<imsss:sequencingRules><imsss:postConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="satisfied" referencedObjective="ob%20%201"/></imsss:ruleConditions><imsss:ruleAction action="previous"/></imsss:postConditionRule></imsss:sequencingRules>';
  const objectives =
    '<imsss:objectives><imsss:primaryObjective/><imsss:objective objectiveID=" ob%201 "/></imsss:objectives>';
  const s = session(scorm2004([leaf('A'), leaf('B', { seq: rule + objectives })], { orgSeq: FLOW }));
  s.navigate({ type: 'start' });
  s.terminate('A', { navRequest: 'continue' });
  assert.deepEqual(
    s.runtimeInit('B').objectives.map((o) => o.id),
    ['ob 1'],
  );
  const out = s.terminate('B', {
    objectives: [{ id: 'ob 1', successStatus: 'passed' }],
    navRequest: 'continue',
  });
  assert.equal(
    out.kind === 'deliver' && out.activityId,
    'A',
    'the post-condition read the reported objective',
  );
});

test('the end of an attempt does not default an objective satisfied by measure, nor the global it writes', () => {
  const byMeasure =
    '<imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.0</imsss:minNormalizedMeasure><imsss:mapInfo targetObjectiveID="g" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>';
  const store = createMemoryGlobalObjectiveStore();
  const s = session(scorm2004([leaf('A', { seq: byMeasure }), leaf('B')], { orgSeq: FLOW }), {
    globalObjectives: store,
    learnerId: 'L',
  });
  s.navigate({ type: 'start' });
  // The SCO reports passed but no score: without a measure the status stays unknown.
  s.terminate('A', { successStatus: 'passed', navRequest: 'continue' });
  assert.equal(store.read('L', 'g')?.satisfied, undefined);
  assert.equal(s.tracking.activities['A']!.objectives['p']?.progressStatus, false);
});

test('the end of an attempt does not default an activity completed by measure, nor the global it writes', () => {
  const writes =
    '<imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives><adlseq:objectives><adlseq:objective objectiveID="p"><adlseq:mapInfo targetObjectiveID="g" writeCompletionStatus="true"/></adlseq:objective></adlseq:objectives>';
  const store = createMemoryGlobalObjectiveStore();
  const items = [
    leaf('A', {
      seq: writes,
      extra: '<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.0"/>',
    }),
    leaf('B'),
  ];
  const s = session(scorm2004(items, { orgSeq: FLOW }), { globalObjectives: store, learnerId: 'L' });
  s.navigate({ type: 'start' });
  // The SCO reports completed but no progress measure: completion stays unknown.
  s.terminate('A', { completionStatus: 'completed', navRequest: 'continue' });
  assert.equal(store.read('L', 'g')?.completed, undefined);
  assert.equal(s.tracking.activities['A']!.attemptProgressStatus, false);
});

test('conditions on an activity that is not tracked see no progress, even when its maps could read a global', () => {
  const skipIfKnown =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="activityProgressKnown"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule></imsss:sequencingRules>';
  const adl = (extra: string) =>
    `<imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives><adlseq:objectives><adlseq:objective objectiveID="p"><adlseq:mapInfo targetObjectiveID="g"${extra}/></adlseq:objective></adlseq:objectives>`;
  const items = [
    leaf('A', { seq: adl(' writeCompletionStatus="true"') }),
    leaf('B', { seq: skipIfKnown + adl('') + '<imsss:deliveryControls tracked="false"/>' }),
    leaf('C'),
  ];
  const s = session(scorm2004(items, { orgSeq: FLOW }));
  s.navigate({ type: 'start' });
  const out = s.terminate('A', { completionStatus: 'completed', navRequest: 'continue' });
  assert.equal(out.kind === 'deliver' && out.activityId, 'B', 'B is not skipped');
});

test("a cluster completed by measure reads its mapped global's progress measure before its own rolled-up one", () => {
  const adl = (extra: string) =>
    `<imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives><adlseq:objectives><adlseq:objective objectiveID="p"><adlseq:mapInfo targetObjectiveID="g"${extra}/></adlseq:objective></adlseq:objectives>`;
  const byMeasure = (min: string) =>
    `<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="${min}"/>`;
  const xml = scorm2004(
    [
      cluster(
        'M',
        [
          leaf('A', {
            seq: adl(' readCompletionStatus="false" readProgressMeasure="false" writeProgressMeasure="true"'),
          }),
          leaf('B'),
        ],
        { seq: FLOW + adl(''), extra: byMeasure('0.7') },
      ),
      leaf('C'),
    ],
    { orgSeq: FLOW },
  );
  const s = session(xml);
  s.navigate({ type: 'start' });
  s.terminate('A', { progressMeasure: 0.9, navRequest: 'continue' });
  const m = s.tracking.activities['M']!;
  assert.equal(m.attemptCompletionAmount, 0.45, 'the rolled-up average of A (0.9) and B (unknown)');
  assert.equal(
    m.attemptProgressStatus && m.attemptCompletionStatus,
    true,
    'the global 0.9 decides: completed',
  );
});
