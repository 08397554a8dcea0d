import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseManifest, resolveLaunch, walkItems } from '../../src/manifest/index.js';

const SCORM12 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.course12" version="1.3"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd
                      http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd
                      http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
    <adlcp:location>course-metadata.xml</adlcp:location>
  </metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-1" structure="hierarchical">
      <title>  Course 1.2  </title>
      <item identifier="MOD-1" isvisible="true">
        <title>Module 1</title>
        <item identifier="SCO-1" identifierref="RES-1" parameters="lesson=1" isvisible="false">
          <title>Lesson 1</title>
          <adlcp:prerequisites type="aicc_script">SCO-0</adlcp:prerequisites>
          <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed>
          <adlcp:timelimitaction>exit,message</adlcp:timelimitaction>
          <adlcp:datafromlms> launch data </adlcp:datafromlms>
          <adlcp:masteryscore>80</adlcp:masteryscore>
        </item>
        <item identifier="SCO-2" identifierref="RES-2" isvisible="yes">
          <title>Lesson 2</title>
        </item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="lesson1/index.html">
      <metadata><adlcp:location>lesson1.xml</adlcp:location></metadata>
      <file href="lesson1/index.html"/>
      <dependency identifierref="SHARED"/>
    </resource>
    <resource identifier="RES-2" type="webcontent" adlcp:scormtype="sco" href="lesson2/index.html"/>
    <resource identifier="SHARED" type="webcontent" adlcp:scormtype="asset">
      <file href="shared/api.js"/>
    </resource>
  </resources>
</manifest>
`;

test('SCORM 1.2 manifest with every adlcp_rootv1p2 element', () => {
  const { manifest } = parseManifest(SCORM12);
  assert.equal(manifest.scorm.version, '1.2');
  assert.equal(manifest.scorm.edition, null);
  assert.equal(manifest.scorm.schemaversion, '1.2');
  assert.ok(manifest.scorm.evidence.includes('schemaversion "1.2"'));
  assert.equal(manifest.identifier, 'com.example.course12');
  assert.equal(manifest.version, '1.3');
  assert.equal(manifest.metadata?.schema, 'ADL SCORM');
  assert.deepEqual(
    manifest.metadata?.locations.map((l) => l.href),
    ['course-metadata.xml'],
  );
  assert.equal(manifest.metadata?.hasInlineMetadata, false);
  assert.equal(manifest.schemaLocations.length, 3);
  assert.equal(manifest.schemaLocations[2]?.namespace, 'http://www.adlnet.org/xsd/adlcp_rootv1p2');
  assert.deepEqual(manifest.schemaLocations[1]?.pos, { file: 'imsmanifest.xml', line: 7, column: 23 });
  assert.equal(manifest.namespaces['adlcp'], 'http://www.adlnet.org/xsd/adlcp_rootv1p2');

  const org = manifest.organizations.list[0]!;
  assert.equal(org.title, 'Course 1.2');
  assert.equal(org.structure, 'hierarchical');
  assert.equal(org.sequencing, null);
  const [mod, sco1, sco2] = walkItems(org);
  assert.equal(mod?.isvisible, true);
  assert.equal(sco1?.isvisible, false);
  assert.equal(sco2?.isvisible, 'yes');
  assert.equal(sco1?.prerequisites?.value, 'SCO-0');
  assert.equal(sco1?.prerequisites?.type, 'aicc_script');
  assert.equal(sco1?.prerequisites?.pos.line, 21, 'where the prerequisites are written');
  assert.equal(sco1?.maxtimeallowed, '00:30:00');
  assert.equal(sco1?.timelimitaction, 'exit,message');
  assert.equal(sco1?.datafromlms, ' launch data ');
  assert.equal(sco1?.masteryscore, '80');
  assert.equal(sco1?.timeLimitAction, null);
  assert.equal(sco1?.completionThreshold, null);
  assert.deepEqual(sco1?.data, []);

  const res = manifest.resources.list[0]!;
  assert.equal(res.scormType, 'sco');
  assert.equal(manifest.resources.list[2]?.scormType, 'asset');
  assert.deepEqual(
    res.metadata?.locations.map((l) => l.href),
    ['lesson1.xml'],
  );
  assert.equal(res.files[0]?.href, 'lesson1/index.html');
  assert.equal(res.dependencies[0]?.identifierref, 'SHARED');

  const launch = resolveLaunch(manifest);
  assert.equal(launch.item.identifier, 'SCO-1');
  assert.equal(launch.launchUrl, 'lesson1/index.html?lesson=1');
  assert.equal(launch.scormType, 'sco');
});

test('SCORM 1.2 without schemaversion is recognised by its namespaces', () => {
  const text = SCORM12.replace('<schemaversion>1.2</schemaversion>', '');
  const { manifest } = parseManifest(text);
  assert.equal(manifest.scorm.version, '1.2');
  assert.equal(manifest.scorm.schemaversion, null);
  assert.ok(manifest.scorm.evidence.includes('namespace http://www.adlnet.org/xsd/adlcp_rootv1p2'));
});

test('2004 adlcp elements written in the 1.2 namespace are not mistaken for 1.2 ones', () => {
  const text = SCORM12.replace(
    '<adlcp:masteryscore>80</adlcp:masteryscore>',
    '<adlcp:completionThreshold>0.8</adlcp:completionThreshold>',
  );
  const sco1 = walkItems(parseManifest(text).manifest.organizations.list[0]!)[1]!;
  assert.equal(sco1.masteryscore, null);
  assert.equal(sco1.completionThreshold, null);
  assert.ok(sco1.xml.children.some((c) => c.local === 'completionThreshold'));
});
