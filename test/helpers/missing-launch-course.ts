/**
 * The acceptance review's c04bad pattern (issue 19, P1): a correct sequenced SCORM 2004 course whose
 * second lesson's resource names a launch file the package does not hold. A flow+choice module (a, b
 * with the missing file) and a post-test t, all with the nav-flow fixture's SCO page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePackage } from './course-builder.js';
import { FIXTURES_DIR } from './paths.js';

const item = (id: string, ref: string) =>
  `<item identifier="${id}" identifierref="${ref}" parameters="?name=${id}"><title>${id}</title></item>`;
const FLOW = '<imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>';

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.missinglaunch" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Missing launch file</title>
    <item identifier="m1"><title>Module 1</title>${item('a', 'res-sco')}${item('b', 'res-lesson2')}${FLOW}</item>
    ${item('t', 'res-sco')}
    ${FLOW}
  </organization></organizations>
  <resources>
    <resource identifier="res-sco" type="webcontent" adlcp:scormType="sco" href="sco.html"><file href="sco.html"/></resource>
    <resource identifier="res-lesson2" type="webcontent" adlcp:scormType="sco" href="lesson2.html"><file href="lesson2.html"/></resource>
  </resources>
</manifest>`;

/**
 * Writes the package to a temp folder: lesson2.html is absent, unless `withLesson2` (a test then removes
 * it once sequencing has started, so the player, not the check at start, finds it missing).
 */
export function missingLaunchCourse(withLesson2 = false): string {
  const sco = readFileSync(join(FIXTURES_DIR, 'courses/nav-flow/sco.html'));
  return writePackage({
    'imsmanifest.xml': MANIFEST,
    'sco.html': sco,
    ...(withLesson2 ? { 'lesson2.html': sco } : {}),
  });
}
