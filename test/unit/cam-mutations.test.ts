/**
 * One defect at a time: an ADL manifest (conformant) with exactly one change must be reported with
 * exactly the rule that covers that change, and no other error.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { courseTextOf } from '../helpers/course-text.js';
import { rm } from 'node:fs/promises';
import type { Finding, ValidationLevel } from '../../src/core/findings.js';
import { runCamRules } from '../../src/lint/cam/index.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { listPackageFiles } from '../../src/package/paths.js';
import { assembleAdlPackage, readAdlManifest } from '../helpers/adl-package.js';
import { SHARED_SKIP } from '../helpers/paths.js';

const assembled = new Map<string, Promise<{ dir: string; files: string[] }>>();
after(async () => {
  const all = await Promise.all(assembled.values());
  await Promise.all(all.map(({ dir }) => rm(dir, { recursive: true, force: true })));
});

function packageOf(id: string): Promise<{ dir: string; files: string[] }> {
  let p = assembled.get(id);
  if (!p) {
    p = assembleAdlPackage(id).then(async (dir) => ({ dir, files: await listPackageFiles(dir) }));
    assembled.set(id, p);
  }
  return p;
}

/** Replaces the first match of `pattern`, failing when there is none (the corpus changed). */
function sub(pattern: RegExp | string, replacement: string): (text: string) => string {
  return (text) => {
    const out = text.replace(pattern, replacement);
    assert.notEqual(out, text, `mutation pattern ${String(pattern)} matched nothing`);
    return out;
  };
}

async function lint(
  id: string,
  mutate: (text: string) => string,
  level: ValidationLevel = 'pedantic',
): Promise<Finding[]> {
  const { dir, files } = await packageOf(id);
  const parsed = parseManifest(mutate(readAdlManifest(id)));
  return runCamRules({ parsed, packageRoot: dir, files, level });
}

const ids = (findings: Finding[], severity: Finding['severity']) =>
  [...new Set(findings.filter((f) => f.severity === severity).map((f) => f.rule))].sort();

interface Mutation {
  rule: string;
  pkg: string;
  what: string;
  mutate: (text: string) => string;
  /** Package-level consequences reported with the defect (e.g. cp.nothing_to_launch, which scores 0). */
  also?: string[];
}

const ERROR_MUTATIONS: Mutation[] = [
  {
    rule: 'cp.root_element',
    pkg: 'CM-01',
    what: 'root without namespace',
    mutate: sub(/xmlns = "http:\/\/www\.imsglobal\.org\/xsd\/imscp_v1p1"/, ''),
  },
  {
    rule: 'cp.namespace',
    pkg: 'CM-01',
    what: 'misspelt adlnav namespace',
    mutate: sub('adlnav_v1p3"', 'adlnav_v1p2"'),
  },
  {
    rule: 'cp.version_mixed',
    pkg: 'CM-01',
    what: 'SCORM 1.2 masteryscore in a 2004 item',
    mutate: sub(
      '<title>Activity 1</title>',
      '<title>Activity 1</title><old:masteryscore xmlns:old="http://www.adlnet.org/xsd/adlcp_rootv1p2">80</old:masteryscore>',
    ),
  },
  {
    rule: 'cp.identifier_missing',
    pkg: 'CM-01',
    what: 'manifest without identifier',
    mutate: sub('identifier = "LMSTestPackage_CM-01"', ''),
  },
  {
    rule: 'cp.required_element_missing',
    pkg: 'CM-01',
    what: 'no <organizations>',
    mutate: sub(/<organizations[\s\S]*<\/organizations>/, ''),
  },
  {
    rule: 'cp.metadata_schema',
    pkg: 'CM-01',
    what: 'schema is not "ADL SCORM"',
    mutate: sub('<schema>ADL SCORM</schema>', '<schema>SCORM</schema>'),
  },
  {
    rule: 'cp.schemaversion',
    pkg: 'CM-01',
    what: 'unknown edition',
    mutate: sub('2004 4th Edition', '2004 5th Edition'),
  },
  {
    rule: 'cp.edition_feature',
    pkg: 'DDMa',
    what: 'shared data under "2004 3rd Edition"',
    mutate: sub('2004 4th Edition', '2004 3rd Edition'),
  },
  {
    rule: 'cp.identifier_invalid',
    pkg: 'CM-01',
    what: 'item id starts with a digit',
    mutate: sub('identifier = "activity_2"', 'identifier = "2activity"'),
  },
  {
    rule: 'cp.identifier_duplicate',
    pkg: 'CM-01',
    what: 'two items with one id',
    mutate: sub('identifier = "activity_2"', 'identifier = "activity_1"'),
  },
  {
    rule: 'cp.default_org_missing',
    pkg: 'CM-01',
    what: 'no default organization',
    mutate: sub('default = "CM-01"', ''),
  },
  {
    rule: 'cp.default_org_unresolved',
    pkg: 'CM-01',
    what: 'default names nothing',
    mutate: sub('default = "CM-01"', 'default = "CM-99"'),
  },
  {
    rule: 'cp.organization_empty',
    pkg: 'CM-01',
    what: 'organization without items',
    mutate: sub(/<item [\s\S]*<\/item>/, ''),
    also: ['cp.nothing_to_launch'],
  },
  {
    rule: 'cp.leaf_without_resource',
    pkg: 'CM-01',
    what: 'leaf item without identifierref',
    mutate: sub('identifier = "activity_1" identifierref = "SEQ01"', 'identifier = "activity_1"'),
  },
  {
    rule: 'cp.identifierref_unresolved',
    pkg: 'CM-01',
    what: 'identifierref names no resource',
    mutate: sub(
      'identifier = "activity_1" identifierref = "SEQ01"',
      'identifier = "activity_1" identifierref = "SEQ99"',
    ),
  },
  {
    rule: 'cp.item_resource_not_launchable',
    pkg: 'CM-01',
    what: 'SCO without href',
    mutate: sub(' href="SequencingTest.htm" ', ' '),
    also: ['cp.nothing_to_launch'],
  },
  {
    rule: 'cp.nonleaf_with_identifierref',
    pkg: 'CM-07d',
    what: 'cluster with identifierref',
    mutate: sub('<item identifier="activity_1">', '<item identifier="activity_1" identifierref="SEQ01">'),
  },
  {
    rule: 'cp.isvisible_invalid',
    pkg: 'CM-04d',
    what: 'isvisible="no"',
    mutate: sub('isvisible="false"', 'isvisible="no"'),
  },
  {
    rule: 'cp.dependency_unresolved',
    pkg: 'CM-01',
    what: 'dependency names nothing',
    mutate: sub('<dependency identifierref="JAR01"/>', '<dependency identifierref="JAR99"/>'),
  },
  {
    rule: 'cp.scormtype_missing',
    pkg: 'CM-01',
    what: 'resource without scormType',
    mutate: sub(' adlcp:scormType="asset"', ''),
  },
  {
    rule: 'cp.scormtype_missing',
    pkg: 'CM-01',
    what: 'SCORM 1.2 spelling adlcp:scormtype',
    mutate: sub('adlcp:scormType="sco"', 'adlcp:scormtype="sco"'),
  },
  {
    rule: 'cp.scormtype_invalid',
    pkg: 'CM-01',
    what: 'scormType="SCO"',
    mutate: sub('adlcp:scormType="sco"', 'adlcp:scormType="SCO"'),
  },
  {
    rule: 'cp.resource_type',
    pkg: 'CM-01',
    what: 'type="html"',
    mutate: sub('type="webcontent"', 'type="html"'),
  },
  {
    rule: 'cp.timelimitaction_invalid',
    pkg: 'DMI',
    what: 'timeLimitAction "continue"',
    mutate: sub('>continue,message<', '>continue<'),
  },
  {
    rule: 'cp.completion_threshold_invalid',
    pkg: 'CO-02a',
    what: 'minProgressMeasure="50"',
    mutate: sub('minProgressMeasure="0.50"', 'minProgressMeasure="50"'),
  },
  {
    rule: 'cp.hidelmsui_invalid',
    pkg: 'CM-01',
    what: 'hideLMSUI "Previous"',
    mutate: sub('<adlnav:hideLMSUI>previous', '<adlnav:hideLMSUI>Previous'),
  },
  {
    rule: 'cp.data_targetid_missing',
    pkg: 'DDMa',
    what: 'map without targetID',
    mutate: sub('targetID = "tarID_1"', ''),
  },
  {
    rule: 'cp.boolean_invalid',
    pkg: 'DDMa',
    what: 'writeSharedData="no"',
    mutate: sub('writeSharedData = "false"', 'writeSharedData = "no"'),
  },
  {
    rule: 'seq.boolean_invalid',
    pkg: 'CM-01',
    what: 'choice="no"',
    mutate: sub('choice = "false"', 'choice = "no"'),
  },
  {
    rule: 'seq.rule_condition_invalid',
    pkg: 'CO-01',
    what: 'condition "passed"',
    mutate: sub('condition = "completed"', 'condition = "passed"'),
  },
  {
    rule: 'seq.rule_action_invalid',
    pkg: 'CO-01',
    what: 'exit action in a precondition rule',
    mutate: sub('action = "skip"', 'action = "exit"'),
  },
  {
    rule: 'seq.rollup_condition_invalid',
    pkg: 'RU-15b',
    what: 'rollup condition "passed"',
    mutate: sub('<imsss:rollupCondition condition="satisfied"', '<imsss:rollupCondition condition="passed"'),
  },
  {
    rule: 'seq.rollup_action_invalid',
    pkg: 'CT-07',
    what: 'rollup action "complete"',
    mutate: sub('action="completed"', 'action="complete"'),
  },
  {
    rule: 'seq.condition_operator_invalid',
    pkg: 'CM-03a',
    what: 'operator "NOT"',
    mutate: sub(/operator\s*=\s*"not"/, 'operator="NOT"'),
  },
  {
    rule: 'seq.condition_combination_invalid',
    pkg: 'CO-12c',
    what: 'conditionCombination "some"',
    mutate: sub('conditionCombination="any"', 'conditionCombination="some"'),
  },
  {
    rule: 'seq.measure_threshold_range',
    pkg: 'OB-08a',
    what: 'measureThreshold 1.5',
    mutate: sub('measureThreshold="0.5"', 'measureThreshold="1.5"'),
  },
  {
    rule: 'seq.min_normalized_measure_range',
    pkg: 'CM-01',
    what: 'minNormalizedMeasure 80',
    mutate: sub('>0.8</imsss:minNormalizedMeasure>', '>80</imsss:minNormalizedMeasure>'),
  },
  {
    rule: 'seq.attempt_limit_invalid',
    pkg: 'CM-07c',
    what: 'attemptLimit -1',
    mutate: sub(/attemptLimit\s*=\s*"[^"]*"/, 'attemptLimit="-1"'),
  },
  {
    rule: 'seq.duration_invalid',
    pkg: 'CM-01',
    what: 'attemptAbsoluteDurationLimit "5 years"',
    mutate: sub('"P5Y6M4DT12H30M58S"', '"5 years"'),
  },
  {
    rule: 'seq.child_activity_set_invalid',
    pkg: 'RU-15b',
    what: 'childActivitySet "every"',
    mutate: sub('childActivitySet="all"', 'childActivitySet="every"'),
  },
  {
    rule: 'seq.minimum_count_invalid',
    pkg: 'RU-03a',
    what: 'minimumCount "two"',
    mutate: sub(/minimumCount\s*=\s*"[^"]*"/, 'minimumCount="two"'),
  },
  {
    rule: 'seq.minimum_percent_range',
    pkg: 'CT-07',
    what: 'minimumPercent 50',
    mutate: sub(/minimumPercent\s*=\s*"[^"]*"/, 'minimumPercent="50"'),
  },
  {
    rule: 'seq.measure_weight_range',
    pkg: 'MS-02',
    what: 'objectiveMeasureWeight 25',
    mutate: sub(/objectiveMeasureWeight\s*=\s*"[^"]*"/, 'objectiveMeasureWeight="25"'),
  },
  {
    rule: 'seq.rollup_consideration_invalid',
    pkg: 'RU-15d',
    what: 'requiredForSatisfied typo',
    mutate: sub('requiredForSatisfied="ifNotSkipped"', 'requiredForSatisfied="ifNotSkiped"'),
  },
  {
    rule: 'seq.randomization_timing_invalid',
    pkg: 'CM-01',
    what: 'randomizationTiming "always"',
    mutate: sub(
      '<imsss:controlMode choice = "false"',
      '<imsss:randomizationControls randomizationTiming="always"/><imsss:controlMode choice = "false"',
    ),
  },
  {
    rule: 'seq.select_count_invalid',
    pkg: 'CM-01',
    what: 'selectCount "all"',
    mutate: sub(
      '<imsss:controlMode choice = "false"',
      '<imsss:randomizationControls selectCount="all"/><imsss:controlMode choice = "false"',
    ),
  },
  {
    rule: 'seq.target_objective_missing',
    pkg: 'OB-08a',
    what: 'mapInfo without targetObjectiveID',
    mutate: sub(/targetObjectiveID\s*=\s*"[^"]*"/, ''),
  },
  {
    rule: 'seq.primary_objective_count',
    pkg: 'CM-01',
    what: 'objectives without a primary objective',
    mutate: (t) =>
      sub(
        '</imsss:primaryObjective>',
        '</imsss:objective>',
      )(
        sub(
          '<imsss:primaryObjective satisfiedByMeasure="true">',
          '<imsss:objective objectiveID="o1" satisfiedByMeasure="true">',
        )(t),
      ),
  },
  {
    rule: 'seq.objective_id_missing',
    pkg: 'CM-03a',
    what: 'objective without objectiveID',
    mutate: sub('<imsss:objective objectiveID="obj1"/>', '<imsss:objective/>'),
  },
  {
    rule: 'seq.objective_id_duplicate',
    pkg: 'CM-03a',
    what: 'two objectives "obj2"',
    mutate: sub('objectiveID="obj3"', 'objectiveID="obj2"'),
  },
  {
    rule: 'seq.adl_objective_unmatched',
    pkg: 'CO-01',
    what: 'adlseq objective names nothing',
    mutate: sub(
      '<adlseq:objective objectiveID="PRIMARYOBJ_1">',
      '<adlseq:objective objectiveID="PRIMARY_1">',
    ),
  },
  {
    rule: 'cp.file_missing',
    pkg: 'CM-01',
    what: 'misspelt file href',
    mutate: sub('href="common/About.js"', 'href="common/Abuot.js"'),
  },
  {
    rule: 'cp.launch_file_missing',
    pkg: 'CM-01',
    what: 'launch href to a missing page',
    mutate: sub('href="SequencingTest.htm" xml:base', 'href="Start.htm?x=1" xml:base'),
  },
  {
    rule: 'cp.href_case_mismatch',
    pkg: 'CM-01',
    what: 'href with other letter case',
    mutate: sub('href="common/About.js"', 'href="common/about.js"'),
  },
  {
    rule: 'cp.href_outside_package',
    pkg: 'CM-01',
    what: 'href climbing out',
    mutate: sub('href="common/About.js"', 'href="../common/About.js"'),
  },
  {
    rule: 'bp.absolute_link',
    pkg: 'CM-01',
    what: 'file: link',
    mutate: sub('href="common/About.js"', 'href="file:///C:/course/common/About.js"'),
  },
  {
    rule: 'cp.xml_base_trailing_slash',
    pkg: 'CM-01',
    what: 'xml:base without "/"',
    mutate: sub('xml:base="common/"', 'xml:base="common"'),
  },
  {
    rule: 'cp.metadata_location_missing',
    pkg: 'CM-01',
    what: 'adlcp:location to a missing file',
    mutate: sub('</schemaversion>', '</schemaversion><adlcp:location>meta/course.xml</adlcp:location>'),
  },
];

for (const m of ERROR_MUTATIONS) {
  test(`${m.rule}: ${m.what} (${m.pkg})`, { skip: SHARED_SKIP }, async () => {
    const findings = await lint(m.pkg, m.mutate);
    assert.deepEqual(
      ids(findings, 'error'),
      [m.rule, ...(m.also ?? [])].sort(),
      findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n'),
    );
    for (const f of findings) {
      assert.ok(f.line > 0 || f.category === 'files', `${f.rule} has a line`);
      assert.ok(f.message.length > 20 && f.fix.length > 10, `${f.rule} explains itself`);
    }
  });
}

const SOFT_MUTATIONS: Array<Mutation & { severity: 'warning' | 'info'; level?: ValidationLevel }> = [
  {
    rule: 'cp.href_backslash',
    severity: 'warning',
    pkg: 'CM-01',
    what: 'backslash separator',
    mutate: sub('href="common/About.js"', 'href="common\\About.js"'),
  },
  {
    rule: 'cp.external_url',
    severity: 'info',
    pkg: 'CM-01',
    what: 'CDN script',
    mutate: sub('href="common/About.js"', 'href="https://cdn.example.com/About.js"'),
  },
  {
    rule: 'cp.parameters_syntax',
    severity: 'warning',
    pkg: 'CM-01',
    what: 'space in parameters',
    mutate: sub('?tc=CM-01&amp;act=1', '?tc=CM 01&amp;act=1'),
  },
  {
    rule: 'cp.organizations_empty',
    severity: 'warning',
    pkg: 'CM-01',
    what: 'resource package',
    mutate: sub(/<organizations[\s\S]*<\/organizations>/, '<organizations/>'),
  },
  {
    rule: 'cp.title_missing',
    severity: 'warning',
    pkg: 'CM-01',
    what: 'item without title',
    mutate: sub('<title>Activity 2</title>', ''),
  },
  {
    rule: 'cp.excess_baggage',
    severity: 'warning',
    pkg: 'CM-01',
    what: 'file not listed',
    mutate: sub(
      /<resource identifier="ABOUT01"[^>]*>\s*<file href="common\/About.js" \/>/,
      '<resource identifier="ABOUT01" type="webcontent" adlcp:scormType="asset">',
    ),
  },
  {
    rule: 'seq.limit_unsupported',
    severity: 'warning',
    pkg: 'CM-01',
    what: 'attemptExperiencedDurationLimit',
    mutate: sub('attemptAbsoluteDurationLimit="P5Y6M4DT12H30M58S"', 'attemptExperiencedDurationLimit="PT1H"'),
  },
  {
    rule: 'cp.data_targetid_duplicate',
    severity: 'warning',
    pkg: 'DDMa',
    what: 'one store mapped twice',
    mutate: sub('targetID = "tarID_2"', 'targetID = "tarID_1"'),
  },
  {
    rule: 'cp.completion_threshold_text',
    severity: 'warning',
    pkg: 'CO-02a',
    what: '3rd-Edition threshold text',
    mutate: sub(
      '<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.50" />',
      '<adlcp:completionThreshold>0.5</adlcp:completionThreshold>',
    ),
  },
  {
    rule: 'cp.datafromlms_length',
    severity: 'warning',
    pkg: 'DMI',
    what: '4001 characters of launch data',
    mutate: sub('leng4000</adlcp:dataFromLMS>', 'leng4000!</adlcp:dataFromLMS>'),
  },
];

for (const m of SOFT_MUTATIONS) {
  test(`${m.rule} (${m.severity}): ${m.what} (${m.pkg})`, { skip: SHARED_SKIP }, async () => {
    const findings = await lint(m.pkg, m.mutate);
    assert.deepEqual(
      ids(findings, 'error'),
      [],
      findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n'),
    );
    assert.deepEqual(
      ids(findings, m.severity),
      [m.rule],
      findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n'),
    );
  });
}

test('findings name the offending value and point at it', { skip: SHARED_SKIP }, async () => {
  const [f] = await lint(
    'CM-01',
    sub(
      'identifier = "activity_1" identifierref = "SEQ01"',
      'identifier = "activity_1" identifierref = "SEQ99"',
    ),
  );
  assert.ok(f);
  assert.equal(f.file, 'imsmanifest.xml');
  assert.equal(f.line, 23);
  assert.ok(f.message.includes('identifierref=`course_text.quoted[1]`'), f.message);
  assert.deepEqual(courseTextOf(f, 'quoted').split('\n').slice(0, 2), ['activity_1', 'SEQ99']);
  assert.ok(f.fix.includes('"SEQ01"') || courseTextOf(f, 'quoted').includes('SEQ01'), f.fix);
  assert.deepEqual(f.adl, ['CAM 3.4.1']);
});

test('rules below the requested level do not run', { skip: SHARED_SKIP }, async () => {
  const mutate = sub('<title>Activity 2</title>', '');
  assert.deepEqual(await lint('CM-01', mutate, 'basic'), []);
  assert.deepEqual(ids(await lint('CM-01', mutate, 'strict'), 'warning'), ['cp.title_missing']);
});
