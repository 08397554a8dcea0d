import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';
import { validateManifestAgainstSchemas } from '../../src/lint/xsd/validate-xsd.js';
import type { Finding } from '../../src/core/findings.js';
import { manifest2004, NS_2004, removeTempPackages, tempPackage } from '../fixtures/xsd/temp-package.js';

after(removeTempPackages);

const errorsOf = (findings: Finding[]) => findings.filter((f) => f.severity === 'error');
const show = (findings: Finding[]) =>
  findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`).join('\n');

test(
  'every ADL CTS manifest validates against the 2004 schema set with no errors',
  { skip: SHARED_SKIP },
  async () => {
    const root = tempPackage({ schemas: 'scorm2004-4th' });
    const dir = join(ADL_CTS_DIR, 'packages');
    const packages = readdirSync(dir).sort();
    assert.ok(packages.length >= 150, `expected the ADL corpus, found ${packages.length} packages`);
    for (const name of packages) {
      const manifestText = readFileSync(join(dir, name, 'imsmanifest.xml'), 'utf8');
      const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText });
      assert.deepEqual(errorsOf(findings), [], `${name}:\n${show(findings)}`);
    }
  },
);

test('package API validates with only the core schema set it ships', { skip: SHARED_SKIP }, async () => {
  const root = tempPackage({
    schemas: 'scorm2004-4th',
    only: ['ims_xml.xsd', 'imscp_v1p1.xsd', 'adlcp_v1p3.xsd', 'adlnav_v1p3.xsd'],
  });
  const manifestText = readFileSync(join(ADL_CTS_DIR, 'packages/LMSTestPackage_API/imsmanifest.xml'), 'utf8');
  const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText });
  assert.deepEqual(findings, [], show(findings));
});

test(
  'a manifest that breaks the 2004 schemas gets xsd.invalid (the set really validates)',
  { skip: SHARED_SKIP },
  async () => {
    const root = tempPackage({ schemas: 'scorm2004-4th' });
    const manifestText = readFileSync(
      join(ADL_CTS_DIR, 'packages/LMSTestPackage_CM-01/imsmanifest.xml'),
      'utf8',
    ).replace(/<organizations /, '<bogus/>\n<organizations ');
    const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText });
    assert.ok(
      findings.some((f) => f.rule === 'xsd.invalid' && f.message.includes('bogus')),
      show(findings),
    );
  },
);

// Every entry point of the 2004 set (the LOM parts under common/, vocab/, extend/, unique/ are
// only loadable through lom*.xsd, which is how they are exercised here).
const ENTRY_POINTS_2004: [string, string][] = [
  [
    `${NS_2004.adlseq} adlseq_v1p3.xsd ${NS_2004.adlnav} adlnav_v1p3.xsd ${NS_2004.imsss} imsss_v1p0.xsd`,
    'sequencing',
  ],
  [`${NS_2004.lom} lom.xsd`, 'lom.xsd'],
  [`${NS_2004.lom} lomStrict.xsd`, 'lomStrict.xsd'],
  [`${NS_2004.lom} lomLoose.xsd`, 'lomLoose.xsd'],
  [
    `${NS_2004.lom} lomCustom.xsd http://ltsc.ieee.org/xsd/LOM/custom vocab/adlmd_vocabv1p0.xsd`,
    'lomCustom.xsd',
  ],
  ['http://www.w3.org/XML/1998/namespace xml.xsd', 'xml.xsd'],
  ['http://www.w3.org/XML/1998/namespace ims_xml.xsd', 'ims_xml.xsd'],
];
const LOM_METADATA = `
    <lom:lom>
      <lom:general>
        <lom:title><lom:string language="en">Course</lom:string></lom:title>
        <lom:structure><lom:source>LOMv1.0</lom:source><lom:value>hierarchical</lom:value></lom:structure>
      </lom:general>
    </lom:lom>`;

for (const [pairs, label] of ENTRY_POINTS_2004) {
  test(`2004 schema ${label} loads and validates a sample manifest`, { skip: SHARED_SKIP }, async () => {
    const root = tempPackage({ schemas: 'scorm2004-4th' });
    const manifestText = manifest2004({
      schemaLocation: `${NS_2004.imscp} imscp_v1p1.xsd ${NS_2004.adlcp} adlcp_v1p3.xsd ${pairs}`,
      metadata: pairs.includes(NS_2004.lom) ? LOM_METADATA : '',
    });
    const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText });
    assert.deepEqual(errorsOf(findings), [], show(findings));
    assert.ok(!findings.some((f) => f.rule === 'xsd.not_validated'), show(findings));
  });
}

test(
  'the LOM custom template is corrected and reported as a substituted defect',
  { skip: SHARED_SKIP },
  async () => {
    const root = tempPackage({ schemas: 'scorm2004-4th' });
    const manifestText = manifest2004({
      schemaLocation: `${NS_2004.imscp} imscp_v1p1.xsd ${NS_2004.lom} lomCustom.xsd http://ltsc.ieee.org/xsd/LOM/custom vocab/adlmd_vocabv1p0.xsd`,
      metadata: LOM_METADATA,
    });
    const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText });
    const defect = findings.find((f) => f.rule === 'xsd.schema_defect_substituted');
    assert.equal(defect?.file, 'vocab/adlmd_vocabv1p0.xsd');
    assert.equal(defect?.severity, 'info');
  },
);

test(
  'an ill-formed LOM element inside metadata is caught by the LOM schema',
  { skip: SHARED_SKIP },
  async () => {
    const root = tempPackage({ schemas: 'scorm2004-4th' });
    const manifestText = manifest2004({
      schemaLocation: `${NS_2004.imscp} imscp_v1p1.xsd ${NS_2004.adlcp} adlcp_v1p3.xsd ${NS_2004.lom} lomStrict.xsd`,
      metadata: LOM_METADATA.replace('hierarchical', 'upside-down'),
    });
    const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText });
    assert.ok(
      findings.some((f) => f.rule === 'xsd.invalid'),
      show(findings),
    );
  },
);

const MANIFEST_12 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.course12" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd
                        http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd
                        http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
    <imsmd:lom>
      <imsmd:general>
        <imsmd:title><imsmd:langstring xml:lang="en-US">Example</imsmd:langstring></imsmd:title>
      </imsmd:general>
    </imsmd:lom>
  </metadata>
  <organizations default="org1">
    <organization identifier="org1">
      <title>Example course</title>
      <item identifier="item1" identifierref="res1" isvisible="true">
        <title>Lesson 1</title>
        <adlcp:masteryscore>80</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
`;

test(
  'a SCORM 1.2 manifest validates with the 1.2 set, defective ims_xml.xsd included',
  { skip: SHARED_SKIP },
  async () => {
    const root = tempPackage({ schemas: 'scorm12' });
    const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText: MANIFEST_12 });
    assert.deepEqual(errorsOf(findings), [], show(findings));
    assert.ok(!findings.some((f) => f.rule === 'xsd.not_validated'), show(findings));
    const substituted = findings.filter((f) => f.rule === 'xsd.schema_defect_substituted').map((f) => f.file);
    assert.deepEqual(substituted.sort(), ['ims_xml.xsd', 'imsmd_rootv1p2p1.xsd']);
    assert.ok(
      findings.every((f) => f.severity === 'info'),
      show(findings),
    );
  },
);

test(
  'a SCORM 1.2 manifest with schema errors is reported on the right lines',
  { skip: SHARED_SKIP },
  async () => {
    const root = tempPackage({ schemas: 'scorm12' });
    const manifestText = MANIFEST_12.replace('isvisible="true"', 'isvisible="yes"').replace(
      '<file href="index.html"/>',
      '<file/>',
    );
    const findings = errorsOf(await validateManifestAgainstSchemas({ packageRoot: root, manifestText }));
    assert.deepEqual(
      findings.map((f) => [f.rule, f.line]),
      [
        ['xsd.invalid', 22],
        ['xsd.invalid', 30],
      ],
      show(findings),
    );
    assert.match(findings[0]?.fix ?? '', /true or false/);
    assert.match(findings[1]?.fix ?? '', /Add the required attribute "href" to <file>/);
  },
);
