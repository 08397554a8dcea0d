/**
 * The multi-SCO course of issue 19's navigation cases, written to a temp folder with the nav-flow
 * fixture's SCO page: a flow module (a, b), a module that keeps the default control mode (flow off:
 * c), an item whose identifierref names no resource (broken), and a post-test whose post-condition rule
 * always retries it (t: the page sets no success status, so ending its attempt satisfies it, and a
 * rule on its status would never fire).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePackage } from './course-builder.js';
import { FIXTURES_DIR } from './paths.js';

const item = (id: string, ref = 'res-sco', inner = '') =>
  `<item identifier="${id}" identifierref="${ref}" parameters="?name=${id}"><title>${id}</title>${inner}</item>`;

const ALWAYS_RETRY = `<imsss:sequencing><imsss:sequencingRules><imsss:postConditionRule>
  <imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions>
  <imsss:ruleAction action="retry"/></imsss:postConditionRule></imsss:sequencingRules></imsss:sequencing>`;

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.navvalidity" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Validity</title>
    <item identifier="m1"><title>Module 1</title>${item('a')}${item('b')}
      <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing></item>
    <item identifier="m2"><title>Module 2</title>${item('c')}</item>
    ${item('broken', 'res-mistyped')}
    ${item('t', 'res-sco', ALWAYS_RETRY)}
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources><resource identifier="res-sco" type="webcontent" adlcp:scormType="sco" href="sco.html"><file href="sco.html"/></resource></resources>
</manifest>`;

export function navValidityCourse(): string {
  return writePackage({
    'imsmanifest.xml': MANIFEST,
    'sco.html': readFileSync(join(FIXTURES_DIR, 'courses/nav-flow/sco.html')),
  });
}
