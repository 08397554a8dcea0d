/**
 * SCORM 1.2 packages, generated here: a valid one, then one defect at a time.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Finding, ValidationLevel } from '../../src/core/findings.js';
import { runCamRules } from '../../src/lint/cam/index.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { courseTextOf, spelledOut } from '../helpers/course-text.js';

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.safety12" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org_1">
    <organization identifier="org_1">
      <title>Safety basics</title>
      <item identifier="item_intro" identifierref="res_intro" isvisible="true">
        <title>Introduction</title>
      </item>
      <item identifier="item_quiz" identifierref="res_quiz" parameters="?mode=quiz">
        <title>Quiz</title>
        <adlcp:prerequisites type="aicc_script">item_intro</adlcp:prerequisites>
        <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed>
        <adlcp:timelimitaction>exit,message</adlcp:timelimitaction>
        <adlcp:datafromlms>level=2</adlcp:datafromlms>
        <adlcp:masteryscore>80</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_intro" type="webcontent" adlcp:scormtype="sco" href="intro/index.html">
      <file href="intro/index.html"/>
      <dependency identifierref="res_shared"/>
    </resource>
    <resource identifier="res_quiz" type="webcontent" adlcp:scormtype="sco" href="quiz/quiz.html?lang=en#start">
      <file href="quiz/quiz.html"/>
      <file href="quiz/Safety%20Sign.png"/>
      <dependency identifierref="res_shared"/>
    </resource>
    <resource identifier="res_shared" type="webcontent" adlcp:scormtype="asset">
      <file href="shared/scorm.js"/>
    </resource>
  </resources>
</manifest>
`;

const FILES = [
  'adlcp_rootv1p2.xsd',
  'imscp_rootv1p1p2.xsd',
  'imsmanifest.xml',
  'imsmd_rootv1p2p1.xsd',
  'intro/index.html',
  'quiz/Safety Sign.png',
  'quiz/quiz.html',
  'shared/scorm.js',
];

let root = '';
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'cam12-'));
  for (const f of FILES) {
    await mkdir(dirname(join(root, f)), { recursive: true });
    await writeFile(join(root, f), f === 'imsmanifest.xml' ? MANIFEST : `stand-in for ${f}\n`);
  }
});
after(() => rm(root, { recursive: true, force: true }));

function lint(text: string, level: ValidationLevel = 'pedantic', files = FILES): Finding[] {
  return runCamRules({ parsed: parseManifest(text), packageRoot: root, files, level });
}

function sub(from: string | RegExp, to: string): string {
  const out = MANIFEST.replace(from, to);
  assert.notEqual(out, MANIFEST, `no match for ${String(from)}`);
  return out;
}

const rules = (findings: Finding[], severity: Finding['severity']) =>
  [...new Set(findings.filter((f) => f.severity === severity).map((f) => f.rule))].sort();

test('the valid SCORM 1.2 package has no errors or warnings', () => {
  const findings = lint(MANIFEST);
  assert.equal(parseManifest(MANIFEST).manifest.scorm.version, '1.2');
  assert.deepEqual(
    findings.map((f) => `${f.severity} ${f.rule} ${f.file}`),
    ['info bp.filename_spaces quiz/Safety Sign.png'],
  );
});

const ERRORS: Array<[rule: string, what: string, text: () => string]> = [
  ['cp12.masteryscore_invalid', 'masteryscore 150', () => sub('>80<', '>150<')],
  ['cp12.masteryscore_invalid', 'masteryscore "eighty"', () => sub('>80<', '>eighty<')],
  ['cp12.maxtimeallowed_invalid', 'maxtimeallowed "30:00"', () => sub('>00:30:00<', '>30:00<')],
  ['cp12.maxtimeallowed_invalid', 'maxtimeallowed as xs:duration', () => sub('>00:30:00<', '>PT30M<')],
  ['cp12.timelimitaction_invalid', 'timelimitaction "exit"', () => sub('>exit,message<', '>exit<')],
  ['cp12.prerequisites_type', 'prerequisites without type', () => sub(' type="aicc_script"', '')],
  [
    'cp12.datafromlms_length',
    'datafromlms of 300 characters',
    () => sub('>level=2<', `>${'x'.repeat(300)}<`),
  ],
  [
    'cp.scormtype_missing',
    'SCORM 2004 spelling adlcp:scormType',
    () => sub('adlcp:scormtype="asset"', 'adlcp:scormType="asset"'),
  ],
  [
    'cp.scormtype_invalid',
    'scormtype "SCO"',
    () => sub('adlcp:scormtype="sco" href="intro', 'adlcp:scormtype="SCO" href="intro'),
  ],
  [
    'cp.version_mixed',
    'IMS SS sequencing in a 1.2 manifest',
    () =>
      sub(
        '<title>Safety basics</title>',
        '<title>Safety basics</title><imsss:sequencing xmlns:imsss="http://www.imsglobal.org/xsd/imsss"><imsss:controlMode flow="true"/></imsss:sequencing>',
      ),
  ],
  [
    'cp.leaf_without_resource',
    'leaf item without identifierref',
    () => sub(' identifierref="res_intro"', ''),
  ],
  [
    'cp.identifierref_unresolved',
    'identifierref to a missing resource',
    () => sub('identifierref="res_intro"', 'identifierref="res_missing"'),
  ],
  [
    'cp.href_case_mismatch',
    'href with other letter case',
    () => sub('<file href="quiz/quiz.html"/>', '<file href="quiz/Quiz.html"/>'),
  ],
  ['cp.file_missing', 'unencoded %', () => sub('quiz/Safety%20Sign.png', 'quiz/Safety%2520Sign.png')],
  ['cp.isvisible_invalid', 'isvisible="True"', () => sub('isvisible="true"', 'isvisible="True"')],
];

for (const [rule, what, text] of ERRORS) {
  test(`SCORM 1.2: ${rule}: ${what}`, () => {
    const findings = lint(text());
    assert.deepEqual(
      rules(findings, 'error'),
      [rule],
      findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n'),
    );
  });
}

test('SCORM 1.2: prerequisites naming an unknown item is a warning', () => {
  const findings = lint(sub('>item_intro<', '>item_intro &amp; item_outro<'));
  assert.deepEqual(rules(findings, 'error'), []);
  assert.deepEqual(rules(findings, 'warning'), ['cp12.prerequisites_unresolved']);
  assert.ok(findings.some((f) => courseTextOf(f, 'quoted').split('\n').includes('item_outro')));
});

test('SCORM 1.2: prerequisites that cannot be read are a warning saying where they go wrong', () => {
  const findings = lint(sub('>item_intro<', '>item_intro &amp;<'));
  assert.deepEqual(rules(findings, 'warning'), ['cp12.prerequisites_unresolved']);
  assert.ok(
    findings.some((f) =>
      /cannot be read: the script ends where an item identifier was expected/.test(f.message),
    ),
  );
});

test('SCORM 1.2: statuses, sets and numbers in prerequisites are not taken for item names', () => {
  const findings = lint(
    sub(
      '>item_intro<',
      '>2*{item_intro, item_intro} &amp; item_intro = "not attempted" | item_intro&lt;&gt;P<',
    ),
  );
  assert.deepEqual(rules(findings, 'warning'), []);
});

test('SCORM 1.2: a wrong schemaversion is a warning', () => {
  const findings = lint(
    sub('<schemaversion>1.2</schemaversion>', '<schemaversion>SCORM 1.2</schemaversion>'),
  );
  assert.deepEqual(rules(findings, 'error'), []);
  assert.deepEqual(rules(findings, 'warning'), ['cp12.schemaversion']);
});

test('SCORM 1.2: a cluster with identifierref is tolerated (it is only forbidden in 2004)', () => {
  const text = sub(
    /<item identifier="item_intro" identifierref="res_intro" isvisible="true">\s*<title>Introduction<\/title>/,
    '<item identifier="item_intro" identifierref="res_intro"><title>Introduction</title><item identifier="item_intro_1" identifierref="res_intro"><title>Part 1</title></item>',
  );
  assert.deepEqual(rules(lint(text), 'error'), []);
});

test('SCORM 1.2: excess baggage is reported at strict, not at basic', () => {
  const files = [...FILES, 'notes/draft.docx'].sort();
  assert.deepEqual(rules(lint(MANIFEST, 'basic', files), 'warning'), []);
  const strict = lint(MANIFEST, 'strict', files);
  assert.deepEqual(
    strict.map((f) => `${f.severity} ${f.rule} ${f.file}`),
    ['warning cp.excess_baggage notes/draft.docx'],
  );
});

test('SCORM 1.2: many unlisted files give one summary finding', () => {
  const extra = Array.from({ length: 30 }, (_, i) => `media/clip${i}.mp4`);
  const findings = lint(MANIFEST, 'strict', [...FILES, ...extra]);
  assert.equal(findings.length, 1);
  assert.equal(findings[0]?.rule, 'cp.excess_baggage');
  assert.equal(findings[0]?.file, 'imsmanifest.xml');
  assert.match(findings[0]?.message ?? '', /^30 files/);
});

test('a SCORM 1.2 item with child items and its own resource is a portability warning naming the item, file and line, and what the run and LMSs do', () => {
  const text = sub(
    /<item identifier="item_intro" identifierref="res_intro" isvisible="true">\s*<title>Introduction<\/title>/,
    '<item identifier="item_intro" identifierref="res_intro" isvisible="true"><title>Introduction</title><item identifier="item_part" identifierref="res_quiz"><title>Part</title></item>',
  );
  const found = lint(text).filter((f) => f.rule === 'cp12.parent_item_with_resource');
  assert.equal(found.length, 1, JSON.stringify(found));
  const [f] = found;
  assert.equal(f?.severity, 'warning');
  assert.equal(f?.file, 'imsmanifest.xml');
  assert.equal(f?.line, 14);
  assert.match(
    f?.message ?? '',
    /`course_text.quoted\[0\]` has 1 child item\(s\) and its own identifierref=`course_text.quoted\[1\]`/,
  );
  assert.equal(courseTextOf(f!, 'quoted'), 'item_intro\nres_intro');
  assert.match(f?.message ?? '', /delivers this page before its children, as many LMSs do/);
  assert.match(f?.message ?? '', /only leaf items launch, deliver only the children/);
  assert.deepEqual(
    lint(MANIFEST).filter((f) => f.rule === 'cp12.parent_item_with_resource'),
    [],
  );
});

test('cp.identifierref_unresolved: did you mean the near identifier, preferring a resource no item uses', () => {
  // res_shared becomes a SCO no item uses; the quiz item points at a misspelt "res_sharde".
  const text = sub('identifierref="res_quiz"', 'identifierref="res_sharde"');
  const finding = lint(text).find((f) => f.rule === 'cp.identifierref_unresolved');
  assert.ok(finding, 'the unresolved identifierref is found');
  const fix = courseTextFix(finding);
  assert.match(
    fix,
    /^Did you mean "res_shared" \(a resource no item uses yet\)\? Write identifierref="res_shared"/,
  );
  // Nothing near: the fix lists some identifiers instead of guessing.
  const far = lint(sub('identifierref="res_quiz"', 'identifierref="zzzzzzzzzz"')).find(
    (f) => f.rule === 'cp.identifierref_unresolved',
  );
  assert.doesNotMatch(courseTextFix(far!), /Did you mean/);
});

function courseTextFix(f: Finding): string {
  return spelledOut(f as unknown as Record<string, unknown>, f.fix);
}
