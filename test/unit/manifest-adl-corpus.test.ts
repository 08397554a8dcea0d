import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseManifest, resolveLaunch, walkItems, type ParsedManifest } from '../../src/manifest/index.js';
import { LineIndex } from '../../src/manifest/line-index.js';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';

const PACKAGES = join(ADL_CTS_DIR, 'packages');

function load(name: string): ParsedManifest {
  return parseManifest(readFileSync(join(PACKAGES, `LMSTestPackage_${name}`, 'imsmanifest.xml'), 'utf8'));
}

test(
  'every ADL CTS manifest parses as SCORM 2004 4th Edition with exact positions',
  { skip: SHARED_SKIP },
  () => {
    const dirs = readdirSync(PACKAGES).filter((d) => existsSync(join(PACKAGES, d, 'imsmanifest.xml')));
    assert.ok(dirs.length > 100, `expected the ADL packages, found ${dirs.length}`);
    for (const dir of dirs) {
      const { manifest, text } = parseManifest(readFileSync(join(PACKAGES, dir, 'imsmanifest.xml'), 'utf8'));
      assert.equal(manifest.scorm.version, '2004', dir);
      assert.equal(manifest.scorm.edition, '4th', dir);
      assert.ok(manifest.organizations.list.length > 0, dir);
      assert.ok(manifest.resources.list.length > 0, dir);
      // Every item's pos points at its '<', every identifier attribute at its name.
      const lines = new LineIndex(text, 'imsmanifest.xml');
      for (const org of manifest.organizations.list) {
        for (const item of walkItems(org)) {
          assert.ok(text.startsWith('<item', lines.offsetOf(item.pos)), `${dir} ${item.identifier}`);
          const idPos = item.attrPos['identifier'];
          assert.ok(
            idPos && text.startsWith('identifier', lines.offsetOf(idPos)),
            `${dir} ${item.identifier}`,
          );
        }
      }
      // Every package launches its first SCO.
      const launch = resolveLaunch(manifest);
      assert.ok(launch.path.length > 0, dir);
    }
  },
);

test(
  'CM-03b: controlMode, pre-condition rules, objectives and the sequencingCollection/IDRef',
  { skip: SHARED_SKIP },
  () => {
    const { manifest } = load('CM-03b');
    const org = manifest.organizations.list[0]!;
    assert.equal(manifest.organizations.default, 'CM-03b');
    assert.equal(org.sequencing?.idRef, 'seqCol-CM03b-1');
    assert.equal(org.sequencing?.controlMode?.choice, false);
    assert.equal(org.sequencing?.controlMode?.flow, true);
    assert.equal(org.sequencing?.controlMode?.forwardOnly, null);
    assert.equal(manifest.sequencingCollection.length, 1);
    assert.equal(manifest.sequencingCollection[0]?.id, 'seqCol-CM03b-1');
    assert.equal(manifest.sequencingCollection[0]?.controlMode?.forwardOnly, true);

    const items = new Map(walkItems(org).map((i) => [i.identifier, i]));
    const a2 = items.get('activity_2')!;
    assert.equal(a2.parameters, '?tc=CM-03b&act=2');
    assert.deepEqual(
      a2.presentation?.hideLMSUI.map((h) => h.value),
      ['continue', 'previous', 'suspendAll'],
    );
    assert.equal(a2.sequencing?.objectives?.primary?.objectiveID, 'PRIMARYOBJ');
    assert.deepEqual(
      a2.sequencing?.objectives?.others.map((o) => o.objectiveID),
      ['obj1'],
    );
    const rule = items.get('activity_5')!.sequencing!.sequencingRules!.preConditionRules[0]!;
    assert.equal(rule.kind, 'pre');
    assert.equal(rule.action, 'skip');
    assert.equal(rule.conditionCombination, null);
    assert.deepEqual(
      rule.conditions.map((c) => [c.operator, c.condition]),
      [
        [null, 'attempted'],
        ['not', 'completed'],
      ],
    );
    assert.equal(items.get('activity_4')!.sequencing?.controlMode?.forwardOnly, true);

    const seq01 = manifest.resources.list.find((r) => r.identifier === 'SEQ01')!;
    assert.equal(seq01.base, 'resources/');
    assert.equal(seq01.scormType, 'sco');
    assert.deepEqual(
      seq01.dependencies.map((d) => d.identifierref),
      ['LMSFNCTS01', 'JAR01', 'ABOUT01', 'EMULATION01', 'LMSINCLUDE'],
    );
    const launch = resolveLaunch(manifest);
    assert.equal(launch.item.identifier, 'activity_2');
    assert.equal(launch.launchUrl, 'resources/SequencingTest.htm?tc=CM-03b&act=2');
  },
);

test('CM-04a and CM-07d: IDRef on items and constrained choice considerations', { skip: SHARED_SKIP }, () => {
  const cm04a = load('CM-04a').manifest;
  assert.equal(cm04a.sequencingCollection[0]?.id, 'seqCol-CM04a-1');
  assert.equal(cm04a.sequencingCollection[0]?.controlMode?.choice, false);

  const { manifest } = load('CM-07d');
  const items = new Map(walkItems(manifest.organizations.list[0]!).map((i) => [i.identifier, i]));
  assert.equal(items.get('activity_13')?.sequencing?.idRef, 'seqCol-CM07d-1');
  assert.equal(items.get('activity_13')?.sequencing?.controlMode, null);
  const a12 = items.get('activity_12')!.sequencing!;
  assert.equal(a12.idRef, 'seqCol-CM07d-1');
  assert.equal(a12.controlMode?.flow, true);
  assert.equal(a12.constrainedChoiceConsiderations?.preventActivation, true);
  assert.equal(a12.constrainedChoiceConsiderations?.constrainChoice, null);
  const col = manifest.sequencingCollection[0]!;
  assert.equal(col.constrainedChoiceConsiderations?.constrainChoice, true);
  assert.equal(col.constrainedChoiceConsiderations?.preventActivation, true);
});

test(
  'rollup rules, mapInfo, limit conditions, rollup considerations and exit rules',
  { skip: SHARED_SKIP },
  () => {
    const ru04 = walkItems(load('RU-04aa').manifest.organizations.list[0]!);
    const rollup = ru04.map((i) => i.sequencing?.rollupRules).find((r) => r && r.rules.length > 0)!;
    const rr = rollup.rules[0]!;
    assert.equal(rr.childActivitySet, 'atLeastPercent');
    assert.equal(rr.minimumPercent, '0.5');
    assert.equal(rr.action, 'satisfied');
    assert.deepEqual(
      rr.conditions.map((c) => c.condition),
      ['satisfied', 'objectiveMeasureKnown'],
    );

    const ob04 = walkItems(load('OB-04').manifest.organizations.list[0]!);
    const map = ob04.flatMap((i) => i.sequencing?.objectives?.primary?.mapInfo ?? [])[0]!;
    assert.equal(map.targetObjectiveID, 'gObj-OB04-1');
    assert.equal(map.writeSatisfiedStatus, true);
    assert.equal(map.readSatisfiedStatus, false);
    assert.equal(map.readNormalizedMeasure, false);
    assert.equal(map.writeNormalizedMeasure, null);

    const ru07 = walkItems(load('RU-07a').manifest.organizations.list[0]!);
    const limited = ru07.find((i) => i.sequencing?.limitConditions)!.sequencing!;
    assert.equal(limited.limitConditions?.attemptLimit, '1');
    assert.equal(limited.rollupRules?.rollupProgressCompletion, false);
    assert.equal(limited.rollupConsiderations?.requiredForSatisfied, 'ifNotSkipped');
    assert.equal(limited.rollupConsiderations?.requiredForCompleted, null);

    const co07 = load('CO-07a').manifest.organizations.list[0]!.sequencing!;
    const exit = co07.sequencingRules!.exitConditionRules[0]!;
    assert.equal(exit.kind, 'exit');
    assert.equal(exit.action, 'exit');
    assert.equal(exit.conditions[0]?.condition, 'satisfied');
    assert.equal(co07.sequencingRules?.postConditionRules[0]?.action, 'retry');

    const co01 = walkItems(load('CO-01').manifest.organizations.list[0]!);
    const adl = co01[0]!.sequencing!.adlObjectives[0]!;
    assert.equal(adl.objectiveID, 'PRIMARYOBJ_1');
    assert.equal(adl.mapInfo[0]?.targetObjectiveID, 'gObj-CO01');
    assert.equal(adl.mapInfo[0]?.writeCompletionStatus, true);
    assert.equal(adl.mapInfo[0]?.readRawScore, null);
  },
);

test('DMI: 4th Edition adlcp elements on items', { skip: SHARED_SKIP }, () => {
  const item = walkItems(load('DMI').manifest.organizations.list[0]!).find(
    (i) => i.identifier === 'activity_1',
  )!;
  assert.equal(item.dataFromLMS, 'Launch Data Test');
  assert.equal(item.timeLimitAction, 'continue,message');
  assert.equal(item.completionThreshold?.completedByMeasure, true);
  assert.equal(item.completionThreshold?.minProgressMeasure, '0.8');
  assert.deepEqual(
    item.data.map((d) => [d.targetID, d.readSharedData, d.writeSharedData]),
    [
      ['tarID1', null, null],
      ['tarID2', null, false],
      ['tarID3', false, null],
      ['tarID4', false, false],
    ],
  );
});
