import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseManifest, resolveLaunch, walkItems } from '../../src/manifest/index.js';

function generate(n: number): string {
  const items: string[] = [];
  const resources: string[] = [];
  for (let i = 0; i < n; i++) {
    items.push(
      `      <item identifier="ITEM-${i}" identifierref="RES-${i}" parameters="?n=${i}"><title>Item ${i}</title>` +
        `<imsss:sequencing><imsss:controlMode choice="true" flow="true"/><imsss:objectives><imsss:primaryObjective objectiveID="P${i}">` +
        `<imsss:mapInfo targetObjectiveID="G${i}" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives></imsss:sequencing></item>`,
    );
    resources.push(
      `    <resource identifier="RES-${i}" type="webcontent" adlcp:scormType="sco" href="sco${i}/index.html" xml:base="content/">` +
        `<file href="sco${i}/index.html"/><file href="sco${i}/app.js"/><dependency identifierref="COMMON"/></resource>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="BIG" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>Big</title>
${items.join('\n')}
  </organization></organizations>
  <resources>
${resources.join('\n')}
    <resource identifier="COMMON" type="webcontent" adlcp:scormType="asset"><file href="common.js"/></resource>
  </resources>
</manifest>`;
}

test('5,000 items and 5,000 resources parse completely (how fast, and how linearly: npm run bench)', () => {
  const { manifest } = parseManifest(generate(5000));
  assert.equal(walkItems(manifest.organizations.list[0]!).length, 5000);
  assert.equal(manifest.resources.list.length, 5001);
  assert.equal(resolveLaunch(manifest, 'ITEM-4999').launchUrl, 'content/sco4999/index.html?n=4999');
});
