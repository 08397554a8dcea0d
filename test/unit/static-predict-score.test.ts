/**
 * A score that does not flatter: findings that make a package unusable score 0; otherwise the penalty
 * formula holds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { complianceScore, UNUSABLE_PACKAGE_RULES } from '../../src/report/summary.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

const finding = (rule: string, severity: Finding['severity'] = 'error'): Finding => ({
  rule,
  severity,
  category: 'manifest',
  file: 'imsmanifest.xml',
  line: 1,
  column: 1,
  message: 'm',
  fix: 'f',
});

test('each unusable-package rule alone scores 0; other rules keep the penalty formula', () => {
  for (const rule of UNUSABLE_PACKAGE_RULES) assert.equal(complianceScore([finding(rule)]), 0, rule);
  assert.equal(complianceScore([finding('cp.file_missing')]), 85);
  assert.equal(complianceScore([finding('cp.file_missing'), finding('x.y', 'warning')]), 80);
  assert.equal(complianceScore([]), 100);
});

async function scoreOf(dir: string): Promise<{ score: number; rules: string[] }> {
  const v = await validatePackage(dir, { level: 'strict' });
  await v.cleanup();
  return {
    score: complianceScore(v.findings),
    rules: [...new Set(v.findings.filter((f) => f.severity === 'error').map((f) => f.rule))].sort(),
  };
}

const MANIFEST_12 = (body: string) =>
  `<?xml version="1.0"?>\n<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>${body}</manifest>\n`;

test('a manifest that does not parse, or has the wrong root element, scores 0', async () => {
  const broken = tempDir('sp-score-');
  writeFileSync(join(broken, 'imsmanifest.xml'), '<manifest><organizations></manifest>');
  assert.deepEqual(await scoreOf(broken), { score: 0, rules: ['xml.malformed'] });

  const wrongRoot = tempDir('sp-score-');
  writeFileSync(join(wrongRoot, 'imsmanifest.xml'), '<?xml version="1.0"?>\n<course xmlns="urn:x"/>\n');
  assert.deepEqual(await scoreOf(wrongRoot), { score: 0, rules: ['manifest.root'] });
});

test('a missing launch file scores 0 and is reported once (resource href and <file> of the same path)', async () => {
  const r = await scoreOf(join(FIXTURES_DIR, 'courses', 'missing-launch'));
  assert.equal(r.score, 0);
  assert.deepEqual(r.rules, ['cp.launch_file_missing']);
});

test('no item launches anything: cp.nothing_to_launch scores 0', async () => {
  const dir = tempDir('sp-score-');
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    MANIFEST_12(
      '<organizations default="o"><organization identifier="o"><title>t</title><item identifier="i" identifierref="r"><title>t</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco"/></resources>',
    ),
  );
  const r = await scoreOf(dir);
  assert.equal(r.score, 0);
  assert.ok(r.rules.includes('cp.nothing_to_launch'), r.rules.join());
});
