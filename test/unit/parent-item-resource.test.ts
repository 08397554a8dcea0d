import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifest, parentItemOwnResource, walkItems, type Item } from '../../src/manifest/index.js';

const XML = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>O</title>
    <item identifier="parent" identifierref="  r1 "><title>P</title>
      <item identifier="child" identifierref="r2"><title>C</title></item>
    </item>
    <item identifier="block"><title>B</title><item identifier="leaf" identifierref="r2"><title>L</title></item></item>
    <item identifier="blank" identifierref=" "><title>E</title><item identifier="leaf2" identifierref="r2"><title>L2</title></item></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="a.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="b.html"/>
  </resources>
</manifest>`;

test('parentItemOwnResource: only an item with children that names a resource, its reference trimmed', () => {
  const m = parseManifest(XML).manifest;
  const org = m.organizations.list[0];
  assert.ok(org);
  const found = [...walkItems(org)]
    .map((item: Item) => [item.identifier, parentItemOwnResource(item)])
    .filter(([, ref]) => ref !== null);
  assert.deepEqual(found, [['parent', 'r1']]);
});
