/**
 * The default launch item: SCORM 1.2 lets a parent item name its own page (CAM 1.2 2.3, <item>
 * identifierref), shown before its children, so the first item in document order launches, as
 * sequencing delivers it; SCORM 2004 launches leaf items only.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseManifest, resolveLaunch } from '../../src/manifest/index.js';

const ORG = `<organizations default="O"><organization identifier="O"><title>T</title>
  <item identifier="topic" identifierref="R1"><title>Topic</title>
    <item identifier="section" identifierref="R2"><title>Section</title>
      <item identifier="video" identifierref="R3"><title>Video</title></item>
    </item>
  </item>
</organization></organizations>`;

function resources(scormType: string): string {
  return `<resources>${['R1', 'R2', 'R3']
    .map((r) => `<resource identifier="${r}" type="webcontent" ${scormType}="sco" href="${r}.html"/>`)
    .join('')}</resources>`;
}

test('SCORM 1.2: a parent item with its own page is the first launched, not its first leaf', () => {
  const { manifest } = parseManifest(
    `<manifest identifier="M" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>${ORG}${resources('adlcp:scormtype')}</manifest>`,
  );
  assert.equal(manifest.scorm.version, '1.2');
  const first = resolveLaunch(manifest);
  assert.deepEqual([first.item.identifier, first.launchUrl], ['topic', 'R1.html']);
});

test('SCORM 2004: the first leaf item is launched', () => {
  const { manifest } = parseManifest(
    `<manifest identifier="M" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"><metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>${ORG}${resources('adlcp:scormType')}</manifest>`,
  );
  assert.equal(manifest.scorm.version, '2004');
  assert.equal(resolveLaunch(manifest).item.identifier, 'video');
});
