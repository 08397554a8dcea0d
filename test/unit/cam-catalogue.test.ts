import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScormTesterError } from '../../src/core/errors.js';
import { CAM_RULES, runCamRules, type ManifestRule } from '../../src/lint/cam/index.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';

const TINY = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"><title>I</title></item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

test('rule ids are unique, namespaced and described', () => {
  const ids = CAM_RULES.map((r) => r.info.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.length >= 60, `${ids.length} rules`);
  for (const { info } of CAM_RULES) {
    assert.match(info.id, /^(cp|cp12|seq|bp)\.[a-z0-9_]+$/);
    assert.ok(info.title.length > 10, info.id);
    if (info.id.startsWith('bp.')) assert.equal(info.category, 'best_practice', info.id);
  }
});

test('a minimal valid SCORM 2004 package has no findings at any level', () => {
  const parsed = parseManifest(TINY);
  for (const level of ['basic', 'strict', 'pedantic'] as const) {
    assert.deepEqual(
      runCamRules({ parsed, packageRoot: '/nonexistent', files: ['imsmanifest.xml', 'index.html'], level }),
      [],
    );
  }
});

test('findings come sorted errors first, then by line', () => {
  const parsed = parseManifest(
    TINY.replace('href="index.html"><file href="index.html"/>', 'href="Index.html"><file href="x y.html"/>'),
  );
  const findings = runCamRules({
    parsed,
    packageRoot: '/nonexistent',
    files: ['imsmanifest.xml', 'index.html', 'x y.html'],
    level: 'pedantic',
  });
  assert.deepEqual(
    findings.map((f) => `${f.severity} ${f.rule}`),
    ['error cp.href_case_mismatch', 'info bp.filename_spaces'],
  );
});

test('a rule that throws becomes a clear INTERNAL_ERROR naming the rule', () => {
  const broken: ManifestRule = {
    info: {
      id: 'cp.broken',
      severity: 'error',
      category: 'manifest',
      level: 'basic',
      title: 'always throws',
    },
    check: () => {
      throw new Error('boom');
    },
  };
  assert.throws(
    () => runCamRules({ parsed: parseManifest(TINY), packageRoot: '/', files: [], level: 'basic' }, [broken]),
    (err) => isScormTesterError(err) && err.code === 'INTERNAL_ERROR' && err.message.includes('cp.broken'),
  );
});
