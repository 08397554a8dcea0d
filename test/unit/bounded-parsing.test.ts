import assert from 'node:assert/strict';
import { withCourseText } from '../helpers/course-text.js';
import { test } from 'node:test';
import { isScormTesterError } from '../../src/core/errors.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { validateManifestAgainstSchemas } from '../../src/lint/xsd/validate-xsd.js';
import { parseManifest } from '../../src/manifest/index.js';
import { MAX_XML_DEPTH } from '../../src/manifest/xml-parse.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { writePackage } from '../helpers/course-builder.js';
import { nestedElementsManifest, nestedItemsManifest, SCO_PAGE } from '../helpers/hostile-manifests.js';

function assertTooDeep(text: string, line: number): void {
  assert.throws(
    () => parseManifest(text, 'imsmanifest.xml'),
    (error: unknown) => {
      assert.ok(isScormTesterError(error), String(error));
      assert.equal(error.code, 'MANIFEST_TOO_DEEP');
      assert.equal(error.details?.['rule'], 'xml.too_deep');
      assert.equal(error.details?.['limit'], MAX_XML_DEPTH);
      assert.equal(error.details?.['line'], line, error.message);
      assert.match(error.message, /nested more than 100 levels deep/);
      return true;
    },
  );
}

test('finding: 200,000 nested elements (1.4 MB) are refused with MANIFEST_TOO_DEEP, not parsed for minutes', () => {
  const text = nestedElementsManifest(200_000);
  assert.ok(text.length > 1_400_000);
  assertTooDeep(text, 5);
});

test('finding: 20,000 nested <item>s are refused with MANIFEST_TOO_DEEP, not a stack overflow', () => {
  assertTooDeep(nestedItemsManifest(20_000), 4);
});

test('the limit is exact: MAX_XML_DEPTH levels parse, one more is refused', () => {
  // <manifest> <organizations> <organization> + items + the leaf <item> + its <title>.
  const fitting = MAX_XML_DEPTH - 5;
  const parsed = parseManifest(nestedItemsManifest(fitting));
  let depth = 0;
  for (let item = parsed.manifest.organizations.list[0]?.items[0]; item; item = item.items[0]) depth++;
  assert.equal(depth, fitting + 1);
  assertTooDeep(nestedItemsManifest(fitting + 1), 4);
});

test('a package at the depth limit goes through every validator (items, sequencing, API usage, XSD)', async () => {
  const dir = writePackage({
    'imsmanifest.xml': nestedItemsManifest(MAX_XML_DEPTH - 5),
    'index.html': SCO_PAGE,
  });
  const v = await validatePackage(dir, { level: 'pedantic' });
  await v.cleanup();
  assert.equal(v.scormVersion, '2004 4th Edition');
  assert.deepEqual(
    v.findings.filter((f) => f.rule.startsWith('xml.')),
    [],
  );
  assert.deepEqual(v.apiScannedFiles, ['index.html']);
});

test('validatePackage reports a too-deep manifest as the finding xml.too_deep at its position', async () => {
  const dir = writePackage({ 'imsmanifest.xml': nestedItemsManifest(20_000), 'index.html': SCO_PAGE });
  const v = await validatePackage(dir, { level: 'strict' });
  await v.cleanup();
  assert.deepEqual(
    v.findings.map((f) => [f.rule, f.severity, f.file, f.line]),
    [['xml.too_deep', 'error', 'imsmanifest.xml', 4]],
  );
  assert.ok(v.rules.some((r) => r.id === 'xml.too_deep'));
});

test('a shipped schema nested 100,000 levels deep is unloadable (xsd.schema_unloadable), libxml2 never sees it', async () => {
  const schema = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:test:deep" elementFormDefault="qualified">
  <xs:element name="root"><xs:annotation><xs:documentation>${'<p>'.repeat(100_000)}${'</p>'.repeat(100_000)}</xs:documentation></xs:annotation></xs:element>
</xs:schema>`;
  const dir = writePackage({ 'deep.xsd': schema });
  const findings = await validateManifestAgainstSchemas({
    packageRoot: dir,
    manifestText: `<?xml version="1.0"?>
<root xmlns="urn:test:deep" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:test:deep deep.xsd"/>`,
    manifestFile: 'imsmanifest.xml',
  });
  const unloadable = findings.filter((f) => f.rule === 'xsd.schema_unloadable');
  assert.equal(unloadable.length, 1, JSON.stringify(findings, null, 1));
  assert.equal(unloadable[0]?.file, 'deep.xsd');
  assert.equal(unloadable[0]?.line, 3);
  assert.match(
    withCourseText(unloadable[0] ?? {}, unloadable[0]?.message ?? ''),
    /nested more than 100 levels deep/,
  );
});

test('an HTML page with 20,000 nested elements carrying handlers is linted (no quadratic re-sorting)', async () => {
  const page =
    '<!doctype html><html><body><script>var api = window.parent.API_1484_11; api.Initialize("");</script>' +
    '<span onclick="api.Terminate(\'\')">'.repeat(20_000) +
    '</body></html>';
  const dir = writePackage({ 'index.html': page });
  const result = await lintApiUsage({ packageRoot: dir, scormVersion: '2004', files: ['index.html'] });
  assert.deepEqual(result.scannedFiles, ['index.html']);
  assert.ok(!result.findings.some((f) => f.rule === 'api.no_terminate'));
});

test('deeply nested JavaScript becomes api.file_skipped for that file, not a crash', async () => {
  const dir = writePackage({
    'parens.js': `window.parent.API_1484_11.Initialize(''); var x = ${'('.repeat(200_000)}1${')'.repeat(200_000)};`,
    'blocks.js': `window.parent.API_1484_11.Initialize(''); ${'if (a) {'.repeat(100_000)}${'}'.repeat(100_000)}`,
  });
  const result = await lintApiUsage({
    packageRoot: dir,
    scormVersion: '2004',
    files: ['parens.js', 'blocks.js'],
  });
  assert.deepEqual(
    result.findings.map((f) => [f.rule, f.file]),
    [
      ['api.file_skipped', 'blocks.js'],
      ['api.file_skipped', 'parens.js'],
    ],
  );
});
