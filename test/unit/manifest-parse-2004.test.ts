import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseManifest, walkItems, type ScormManifest } from '../../src/manifest/index.js';
import { isScormTesterError } from '../../src/core/errors.js';

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<cp:manifest identifier="M1" version="1"
  xmlns:cp="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:ac="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:as="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:an="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:ss="http://www.imsglobal.org/xsd/imsss"
  xmlns:lom="http://ltsc.ieee.org/xsd/LOM">`;

const THIRD = `${HEAD}
  <cp:metadata>
    <cp:schema>ADL SCORM</cp:schema>
    <cp:schemaversion>2004 3rd Edition</cp:schemaversion>
    <lom:lom><lom:general/></lom:lom>
  </cp:metadata>
  <cp:organizations default="ORG">
    <cp:organization identifier="ORG" as:objectivesGlobalToSystem="false">
      <cp:title>Third</cp:title>
      <cp:item identifier="I1" identifierref="R1" isvisible="0">
        <cp:title>One</cp:title>
        <ac:timeLimitAction>exit,no message</ac:timeLimitAction>
        <ac:dataFromLMS>abc</ac:dataFromLMS>
        <ac:completionThreshold>0.75</ac:completionThreshold>
        <an:presentation><an:navigationInterface><an:hideLMSUI>exit</an:hideLMSUI><an:hideLMSUI> abandon </an:hideLMSUI></an:navigationInterface></an:presentation>
        <ss:sequencing ID="S1">
          <ss:controlMode choice="1" choiceExit="0" flow="TRUE" forwardOnly="false"
              useCurrentAttemptObjectiveInfo="true" useCurrentAttemptProgressInfo="false"/>
          <ss:sequencingRules>
            <ss:preConditionRule>
              <ss:ruleConditions conditionCombination="any">
                <ss:ruleCondition referencedObjective="OBJ" measureThreshold="0.5" operator="not" condition="objectiveMeasureGreaterThan"/>
                <ss:ruleCondition condition="somethingNew"/>
              </ss:ruleConditions>
              <ss:ruleAction action="disabled"/>
            </ss:preConditionRule>
            <ss:postConditionRule>
              <ss:ruleConditions><ss:ruleCondition condition="satisfied"/></ss:ruleConditions>
              <ss:ruleAction action="continue"/>
            </ss:postConditionRule>
          </ss:sequencingRules>
          <ss:limitConditions attemptLimit="3" attemptAbsoluteDurationLimit="PT1H" beginTimeLimit="2020-01-01T00:00:00"/>
          <ss:auxiliaryResources><ss:auxiliaryResource auxiliaryResourceID="urn:x" purpose="help"/></ss:auxiliaryResources>
          <ss:rollupRules rollupObjectiveSatisfied="false" rollupProgressCompletion="true" objectiveMeasureWeight="0.5">
            <ss:rollupRule childActivitySet="atLeastCount" minimumCount="2" minimumPercent="0.3">
              <ss:rollupConditions conditionCombination="all">
                <ss:rollupCondition operator="not" condition="attempted"/>
              </ss:rollupConditions>
              <ss:rollupAction action="incomplete"/>
            </ss:rollupRule>
          </ss:rollupRules>
          <ss:objectives>
            <ss:primaryObjective objectiveID="OBJ" satisfiedByMeasure="true">
              <ss:minNormalizedMeasure> 0.6 </ss:minNormalizedMeasure>
              <ss:mapInfo targetObjectiveID="G1" readSatisfiedStatus="false" readNormalizedMeasure="true" writeSatisfiedStatus="1" writeNormalizedMeasure="maybe"/>
            </ss:primaryObjective>
            <ss:objective objectiveID="OBJ2"/>
          </ss:objectives>
          <ss:randomizationControls randomizationTiming="onEachNewAttempt" selectCount="2" reorderChildren="true" selectionTiming="once"/>
          <ss:deliveryControls tracked="false" completionSetByContent="true" objectiveSetByContent="true"/>
          <as:constrainedChoiceConsiderations preventActivation="true" constrainChoice="false"/>
          <as:rollupConsiderations requiredForSatisfied="ifAttempted" requiredForNotSatisfied="ifNotSkipped"
              requiredForCompleted="ifNotSuspended" requiredForIncomplete="always" measureSatisfactionIfActive="false"/>
        </ss:sequencing>
      </cp:item>
    </cp:organization>
  </cp:organizations>
  <cp:resources>
    <cp:resource identifier="R1" type="webcontent" ac:scormType="sco" href="a.html"/>
  </cp:resources>
</cp:manifest>`;

test('SCORM 2004 3rd Edition: complete sequencing definition with unusual prefixes', () => {
  const { manifest } = parseManifest(THIRD, 'course/imsmanifest.xml');
  assert.deepEqual([manifest.scorm.version, manifest.scorm.edition], ['2004', '3rd']);
  assert.equal(manifest.file, 'course/imsmanifest.xml');
  assert.equal(manifest.pos.file, 'course/imsmanifest.xml');
  assert.equal(manifest.metadata?.hasInlineMetadata, true);
  const org = manifest.organizations.list[0]!;
  assert.equal(org.objectivesGlobalToSystem, false);
  assert.equal(org.sharedDataGlobalToSystem, null);
  const item = org.items[0]!;
  assert.equal(item.isvisible, false);
  assert.equal(item.timeLimitAction, 'exit,no message');
  assert.equal(item.dataFromLMS, 'abc');
  assert.deepEqual(
    [
      item.completionThreshold?.text,
      item.completionThreshold?.minProgressMeasure,
      item.completionThreshold?.completedByMeasure,
    ],
    ['0.75', '0.75', null],
  );
  assert.deepEqual(
    item.presentation?.hideLMSUI.map((h) => h.value),
    ['exit', 'abandon'],
  );

  const s = item.sequencing!;
  assert.equal(s.id, 'S1');
  assert.equal(s.idRef, null);
  const cm = s.controlMode!;
  assert.deepEqual(
    [
      cm.choice,
      cm.choiceExit,
      cm.flow,
      cm.forwardOnly,
      cm.useCurrentAttemptObjectiveInfo,
      cm.useCurrentAttemptProgressInfo,
    ],
    [true, false, null, false, true, false],
  );
  assert.equal(cm.xml.attributes.find((a) => a.local === 'flow')?.value, 'TRUE');
  const pre = s.sequencingRules!.preConditionRules[0]!;
  assert.equal(pre.conditionCombination, 'any');
  assert.equal(pre.action, 'disabled');
  assert.deepEqual(
    pre.conditions.map((c) => [c.referencedObjective, c.measureThreshold, c.operator, c.condition]),
    [
      ['OBJ', '0.5', 'not', 'objectiveMeasureGreaterThan'],
      [null, null, null, 'somethingNew'],
    ],
  );
  assert.equal(s.sequencingRules!.postConditionRules[0]?.kind, 'post');
  assert.deepEqual(s.sequencingRules!.exitConditionRules, []);
  assert.equal(s.limitConditions?.attemptLimit, '3');
  assert.equal(s.limitConditions?.attemptAbsoluteDurationLimit, 'PT1H');
  assert.deepEqual(s.limitConditions?.others, { beginTimeLimit: '2020-01-01T00:00:00' });
  assert.equal(s.auxiliaryResources?.xml.children.length, 1);
  const rollup = s.rollupRules!;
  assert.deepEqual(
    [rollup.rollupObjectiveSatisfied, rollup.rollupProgressCompletion, rollup.objectiveMeasureWeight],
    [false, true, '0.5'],
  );
  const rr = rollup.rules[0]!;
  assert.deepEqual(
    [rr.childActivitySet, rr.minimumCount, rr.minimumPercent, rr.conditionCombination, rr.action],
    ['atLeastCount', '2', '0.3', 'all', 'incomplete'],
  );
  assert.deepEqual(
    rr.conditions.map((c) => [c.operator, c.condition]),
    [['not', 'attempted']],
  );
  const primary = s.objectives!.primary!;
  assert.equal(primary.primary, true);
  assert.equal(primary.satisfiedByMeasure, true);
  assert.equal(primary.minNormalizedMeasure, '0.6');
  const mi = primary.mapInfo[0]!;
  assert.deepEqual(
    [
      mi.targetObjectiveID,
      mi.readSatisfiedStatus,
      mi.readNormalizedMeasure,
      mi.writeSatisfiedStatus,
      mi.writeNormalizedMeasure,
    ],
    ['G1', false, true, true, null],
  );
  assert.equal(s.objectives!.others[0]?.objectiveID, 'OBJ2');
  assert.equal(s.objectives!.others[0]?.primary, false);
  assert.deepEqual(
    [
      s.randomizationControls?.randomizationTiming,
      s.randomizationControls?.selectCount,
      s.randomizationControls?.reorderChildren,
      s.randomizationControls?.selectionTiming,
    ],
    ['onEachNewAttempt', '2', true, 'once'],
  );
  assert.deepEqual(
    [
      s.deliveryControls?.tracked,
      s.deliveryControls?.completionSetByContent,
      s.deliveryControls?.objectiveSetByContent,
    ],
    [false, true, true],
  );
  assert.deepEqual(
    [
      s.constrainedChoiceConsiderations?.preventActivation,
      s.constrainedChoiceConsiderations?.constrainChoice,
    ],
    [true, false],
  );
  const rc = s.rollupConsiderations!;
  assert.deepEqual(
    [
      rc.requiredForSatisfied,
      rc.requiredForNotSatisfied,
      rc.requiredForCompleted,
      rc.requiredForIncomplete,
      rc.measureSatisfactionIfActive,
    ],
    ['ifAttempted', 'ifNotSkipped', 'ifNotSuspended', 'always', false],
  );
  assert.deepEqual(s.adlObjectives, []);
  // attrPos is keyed by the qualified name as written.
  assert.ok(org.attrPos['as:objectivesGlobalToSystem']);
  const lines = THIRD.split('\n');
  const line = lines.findIndex((l) => l.includes('ac:scormType')) + 1;
  const column = (lines[line - 1] ?? '').indexOf('ac:scormType') + 1;
  assert.deepEqual(manifest.resources.list[0]?.attrPos['ac:scormType'], {
    file: 'course/imsmanifest.xml',
    line,
    column,
  });
});

test('edition from schemaversion, namespaces and 4th Edition features', () => {
  const edition = (m: ScormManifest): [string | null, string | null] => [m.scorm.version, m.scorm.edition];
  assert.deepEqual(edition(parseManifest(THIRD.replace('2004 3rd Edition', 'CAM 1.3')).manifest), [
    '2004',
    '2nd',
  ]);
  assert.deepEqual(edition(parseManifest(THIRD.replace('2004 3rd Edition', '2004 4th Edition')).manifest), [
    '2004',
    '4th',
  ]);
  const noVersion = parseManifest(
    THIRD.replace('<cp:schemaversion>2004 3rd Edition</cp:schemaversion>', ''),
  ).manifest;
  assert.deepEqual(edition(noVersion), ['2004', null]);
  const fourth = parseManifest(
    THIRD.replace('<cp:schemaversion>2004 3rd Edition</cp:schemaversion>', '').replace(
      '<ac:completionThreshold>0.75</ac:completionThreshold>',
      '<ac:completionThreshold completedByMeasure="true" minProgressMeasure="0.9" progressWeight="2"/><ac:data><ac:map targetID="T" readSharedData="true" writeSharedData="1"/></ac:data>',
    ),
  ).manifest;
  assert.deepEqual(edition(fourth), ['2004', '4th']);
  assert.ok(fourth.scorm.evidence.some((e) => e.includes('adlcp:data')));
  const item = fourth.organizations.list[0]!.items[0]!;
  assert.deepEqual(
    [
      item.completionThreshold?.minProgressMeasure,
      item.completionThreshold?.progressWeight,
      item.completionThreshold?.text,
    ],
    ['0.9', '2', null],
  );
  assert.deepEqual(
    item.data.map((d) => [d.targetID, d.readSharedData, d.writeSharedData]),
    [['T', true, true]],
  );
  const unknown = parseManifest(THIRD.replace('2004 3rd Edition', '2004 5th Edition')).manifest;
  assert.deepEqual(edition(unknown), ['2004', null]);
  assert.ok(unknown.scorm.evidence.includes('unrecognised schemaversion "2004 5th Edition"'));
});

test('sub-manifests, xml:base, inline metadata and missing sections', () => {
  const text = `<manifest identifier="ROOT" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xml:base="root/">
  <organizations/>
  <resources xml:base="res/"><resource identifier="A" type="webcontent" href="a.html"/></resources>
  <manifest identifier="SUB" xml:base="sub/">
    <resources><resource identifier="B" type="webcontent" href="b.html" xml:base="b/">
      <file href="b.html"><metadata><lom xmlns="http://ltsc.ieee.org/xsd/LOM"/></metadata></file>
    </resource></resources>
  </manifest>
</manifest>`;
  const { manifest } = parseManifest(text);
  assert.equal(manifest.base, 'root/');
  assert.equal(manifest.resources.base, 'res/');
  assert.equal(manifest.organizations.absent, undefined);
  assert.deepEqual(manifest.organizations.list, []);
  const sub = manifest.manifests[0]!;
  assert.equal(sub.identifier, 'SUB');
  assert.equal(sub.base, 'sub/');
  assert.equal(sub.organizations.absent, true);
  assert.equal(sub.resources.list[0]?.base, 'b/');
  assert.equal(sub.resources.list[0]?.files[0]?.metadata?.hasInlineMetadata, true);
  assert.equal(sub.namespaces[''], 'http://www.imsglobal.org/xsd/imscp_v1p1');
  assert.equal(sub.scorm, manifest.scorm);
  assert.deepEqual(manifest.sequencingCollection, []);
});

test('a root that is not an IMS CP <manifest> is refused with the fix', () => {
  for (const text of ['<html><body/></html>', '<manifest xmlns="urn:wrong"/>']) {
    assert.throws(
      () => parseManifest(text),
      (err: unknown) =>
        isScormTesterError(err) &&
        err.code === 'MANIFEST_VALIDATION_ERROR' &&
        err.details?.['rule'] === 'manifest.root' &&
        err.message.includes('imscp_v1p1'),
    );
  }
});

test('items in document order, titles trimmed, nested items kept', () => {
  const text = `<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><organizations><organization identifier="O">
<item identifier="a"><item identifier="a1"><item identifier="a1x"/></item><item identifier="a2"/></item><item identifier="b"/>
</organization></organizations><resources/></manifest>`;
  const org = parseManifest(text).manifest.organizations.list[0]!;
  assert.deepEqual(
    walkItems(org).map((i) => i.identifier),
    ['a', 'a1', 'a1x', 'a2', 'b'],
  );
  assert.equal(org.title, null);
});
