import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import type { Item } from '../../src/manifest/model.js';
import { effectiveSequencing, objectiveKey } from '../../src/sequencing/effective-definition.js';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';
import { leaf, rule, rules, scorm2004 } from '../fixtures/seqlint/build-manifest.js';

function items(xml: string): { parsed: ReturnType<typeof parseManifest>; item: (id: string) => Item } {
  const parsed = parseManifest(xml);
  const all: Item[] = [];
  const walk = (list: Item[]): void => list.forEach((i) => (all.push(i), walk(i.items)));
  parsed.manifest.organizations.list.forEach((o) => walk(o.items));
  return { parsed, item: (id) => all.find((i) => i.identifier === id)! };
}

test('defaults apply when nothing is written', () => {
  const { parsed, item } = items(scorm2004([leaf('L1')]));
  const seq = effectiveSequencing(parsed, item('L1'));
  assert.deepEqual(seq.controlMode, {
    choice: true,
    choiceExit: true,
    flow: false,
    forwardOnly: false,
    useCurrentAttemptObjectiveInfo: true,
    useCurrentAttemptProgressInfo: true,
  });
  assert.equal(seq.tracked, true);
  assert.equal(seq.rollupObjectiveSatisfied, true);
  assert.equal(seq.rollupProgressCompletion, true);
  assert.equal(seq.objectiveMeasureWeight, 1);
  assert.equal(seq.attemptLimit, null);
  assert.equal(seq.randomizationTiming, 'never');
  assert.equal(seq.selectionTiming, 'never');
  assert.equal(seq.requiredForSatisfied, 'always');
  assert.equal(seq.measureSatisfactionIfActive, true);
  assert.equal(seq.objectives.length, 1, 'an implicit primary objective');
  assert.equal(seq.objectives[0]?.primary, true);
  assert.equal(seq.objectives[0]?.satisfiedByMeasure, false);
  assert.equal(seq.objectives[0]?.minNormalizedMeasure, 1);
  assert.equal(seq.own, null);
  assert.equal(seq.shared, null);
});

test('the collection member fills in what the item does not write; the item overrides whole elements', () => {
  const collection = `<imsss:sequencing ID="shared">
      <imsss:controlMode choice="false" forwardOnly="true"/>
      ${rules(rule('pre', 'skip', ['condition="satisfied"']))}
      <imsss:limitConditions attemptLimit="3"/>
      <imsss:deliveryControls tracked="false"/>
    </imsss:sequencing>`;
  const { parsed, item } = items(
    scorm2004(
      [
        leaf('PLAIN', { seqAttrs: 'IDRef="shared"' }),
        leaf('OVERRIDE', {
          seqAttrs: 'IDRef="shared"',
          seq: `<imsss:controlMode flow="true"/>${rules(rule('post', 'retry', ['condition="completed"']))}<imsss:limitConditions attemptLimit="0"/>`,
        }),
      ],
      { collection },
    ),
  );
  const plain = effectiveSequencing(parsed, item('PLAIN'));
  assert.equal(plain.shared?.id, 'shared');
  assert.equal(plain.unresolvedIdRef, null);
  assert.equal(plain.controlMode.choice, false);
  assert.equal(plain.controlMode.forwardOnly, true);
  assert.equal(plain.preConditionRules.length, 1);
  assert.equal(plain.attemptLimit, 3);
  assert.equal(plain.tracked, false);

  const over = effectiveSequencing(parsed, item('OVERRIDE'));
  // <controlMode flow="true"/> replaces the collection's controlMode as a whole (ADL CM-03b/CM-04a).
  assert.deepEqual(
    [over.controlMode.choice, over.controlMode.forwardOnly, over.controlMode.flow],
    [true, false, true],
  );
  assert.equal(over.controlModeFrom, item('OVERRIDE').sequencing?.controlMode);
  // sequencingRules is one element: the item's post rule replaces the collection's pre rule.
  assert.equal(over.preConditionRules.length, 0);
  assert.equal(over.postConditionRules.length, 1);
  assert.equal(over.attemptLimit, null, 'attemptLimit="0" means unlimited');
  assert.equal(over.tracked, false, 'deliveryControls still come from the collection');
  assert.equal(over.deliveryControlsFrom, parsed.manifest.sequencingCollection[0]?.deliveryControls);
});

test('an unresolved IDRef keeps the own elements and says so', () => {
  const { parsed, item } = items(
    scorm2004([leaf('L1', { seqAttrs: 'IDRef="missing"', seq: '<imsss:controlMode choice="false"/>' })]),
  );
  const seq = effectiveSequencing(parsed, item('L1'));
  assert.equal(seq.unresolvedIdRef, 'missing');
  assert.equal(seq.shared, null);
  assert.equal(seq.controlMode.choice, false);
});

test('objectives: primary first, adlseq maps attached by normalised objectiveID, map defaults', () => {
  const { parsed, item } = items(
    scorm2004([
      leaf('L1', {
        seq: `<imsss:objectives>
          <imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure></imsss:primaryObjective>
          <imsss:objective objectiveID="obj%201"><imsss:mapInfo targetObjectiveID=" g1 " writeSatisfiedStatus="true"/></imsss:objective>
        </imsss:objectives>
        <adlseq:objectives><adlseq:objective objectiveID="obj 1"><adlseq:mapInfo targetObjectiveID="g2" writeCompletionStatus="true"/></adlseq:objective></adlseq:objectives>`,
      }),
    ]),
  );
  const [primary, other] = effectiveSequencing(parsed, item('L1')).objectives;
  assert.equal(primary?.id, 'p');
  assert.equal(primary?.satisfiedByMeasure, true);
  assert.equal(primary?.minNormalizedMeasure, 0.6);
  assert.equal(other?.key, 'obj 1');
  assert.deepEqual(
    other?.mapInfo.map((m) => [
      m.targetObjectiveID,
      m.readSatisfiedStatus,
      m.readNormalizedMeasure,
      m.writeSatisfiedStatus,
      m.writeNormalizedMeasure,
    ]),
    [['g1', true, true, true, false]],
  );
  assert.equal(other?.adlMapInfo.length, 1);
  assert.equal(other?.adlMapInfo[0]?.readCompletionStatus, true);
  assert.equal(other?.adlMapInfo[0]?.writeCompletionStatus, true);
  assert.equal(other?.adlMapInfo[0]?.writeProgressMeasure, false);
});

test('objectiveKey decodes percent-encoding and collapses whitespace', () => {
  assert.equal(objectiveKey('%20obj%20%201%20'), 'obj 1');
  assert.equal(objectiveKey('obj%201'), 'obj 1');
  assert.equal(objectiveKey('bad%zz'), 'bad%zz');
});

test(
  'ADL CM-03b: the organization overrides the shared controlMode as a whole',
  { skip: SHARED_SKIP },
  () => {
    const text = readFileSync(join(ADL_CTS_DIR, 'packages/LMSTestPackage_CM-03b/imsmanifest.xml'), 'utf8');
    const parsed = parseManifest(text);
    const org = parsed.manifest.organizations.list[0]!;
    const seq = effectiveSequencing(parsed, org);
    assert.equal(seq.shared?.id, 'seqCol-CM03b-1');
    assert.equal(seq.controlMode.flow, true);
    assert.equal(seq.controlMode.choice, false);
    assert.equal(seq.controlMode.forwardOnly, false, 'the script expects Previous to work at the root');
  },
);

test('adlseq:objectives of an IDRef collection member extend the item’s own objective of the same id', () => {
  const collection = `<imsss:sequencing ID="shared">
      <imsss:objectives>
        <imsss:primaryObjective objectiveID="p"/>
        <imsss:objective objectiveID="ext"/>
      </imsss:objectives>
      <adlseq:objectives>
        <adlseq:objective objectiveID="ext"><adlseq:mapInfo targetObjectiveID="g-shared" writeRawScore="true" readMaxScore="false"/></adlseq:objective>
        <adlseq:objective objectiveID="both"><adlseq:mapInfo targetObjectiveID="g-collection" writeCompletionStatus="true"/></adlseq:objective>
      </adlseq:objectives>
    </imsss:sequencing>`;
  const ownObjectives = `<imsss:objectives>
      <imsss:primaryObjective objectiveID="p"/>
      <imsss:objective objectiveID="ext"><imsss:mapInfo targetObjectiveID="g-local" writeSatisfiedStatus="true"/></imsss:objective>
      <imsss:objective objectiveID="both"/>
    </imsss:objectives>`;
  const { parsed, item } = items(
    scorm2004(
      [
        leaf('OWN_OBJECTIVES', { seqAttrs: 'IDRef="shared"', seq: ownObjectives }),
        leaf('OWN_EXTENSION', {
          seqAttrs: 'IDRef="shared"',
          seq: `${ownObjectives}<adlseq:objectives><adlseq:objective objectiveID="both"><adlseq:mapInfo targetObjectiveID="g-item" writeProgressMeasure="true"/></adlseq:objective></adlseq:objectives>`,
        }),
      ],
      { collection },
    ),
  );
  const extOf = (id: string) => {
    const seq = effectiveSequencing(parsed, item(id));
    const byId = (o: string) => seq.objectives.find((x) => x.id === o);
    return { seq, ext: byId('ext'), both: byId('both') };
  };
  for (const id of ['OWN_OBJECTIVES', 'OWN_EXTENSION']) {
    const { seq, ext } = extOf(id);
    // The item's own imsss:objectives replace the collection's; the collection's extension still applies by id.
    assert.deepEqual(
      ext?.mapInfo.map((m) => m.targetObjectiveID),
      ['g-local'],
      `${id}: own imsss maps`,
    );
    assert.deepEqual(
      ext?.adlMapInfo.map((m) => [m.targetObjectiveID, m.writeRawScore, m.readMaxScore, m.readRawScore]),
      [['g-shared', true, false, true]],
      `${id}: the collection's adlseq maps of "ext", with their read/write defaults`,
    );
    assert.deepEqual(seq.orphanAdlObjectives, [], id);
  }
  // The item's own adlseq:objective for "both" overrides the collection's for that id only.
  assert.deepEqual(
    extOf('OWN_OBJECTIVES').both?.adlMapInfo.map((m) => m.targetObjectiveID),
    ['g-collection'],
  );
  assert.deepEqual(
    extOf('OWN_EXTENSION').both?.adlMapInfo.map((m) => [m.targetObjectiveID, m.writeProgressMeasure]),
    [['g-item', true]],
  );
});
