/**
 * The whole validator (XSD, CAM rules, sequencing lint, API-usage lint) over ADL's conformance packages:
 * conformant by construction, so zero errors; and single defects come back under their own rule id.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validatePackage } from '../../src/validate/validate-package.js';
import { assembleAdlPackage, listAdlPackageIds, readAdlManifest } from '../helpers/adl-package.js';
import { SHARED_SKIP } from '../helpers/paths.js';

const made: string[] = [];
after(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

test(
  'every ADL package, assembled with its schemas, validates with zero errors (pedantic)',
  { skip: SHARED_SKIP },
  async () => {
    const ids = listAdlPackageIds();
    assert.ok(ids.length >= 150, `only ${ids.length} packages`);
    const failures: string[] = [];
    for (const id of ids) {
      const dir = await assembleAdlPackage(id);
      made.push(dir);
      const v = await validatePackage(dir, { level: 'pedantic' });
      await v.cleanup();
      assert.equal(v.scormVersion, '2004 4th Edition', id);
      for (const f of v.findings.filter((x) => x.severity === 'error'))
        failures.push(`${id}: ${f.rule} ${f.file}:${f.line} ${f.message}`);
    }
    assert.deepEqual(failures, []);
  },
);

const MUTATIONS: Array<{ rule: string; pkg: string; from: string | RegExp; to: string }> = [
  {
    rule: 'cp.default_org_unresolved',
    pkg: 'CM-01',
    from: '<organizations default = "CM-01">',
    to: '<organizations default = "CM-XX">',
  },
  {
    rule: 'cp.identifierref_unresolved',
    pkg: 'CM-01',
    from: 'identifierref = "SEQ01" parameters = "?tc=CM-01&amp;act=2"',
    to: 'identifierref = "NOPE" parameters = "?tc=CM-01&amp;act=2"',
  },
  {
    rule: 'cp.file_missing',
    pkg: 'CM-01',
    from: '<file href="common/lmsrtefunctions.js" />',
    to: '<file href="common/not-there.js" />',
  },
  {
    rule: 'cp.schemaversion',
    pkg: 'CM-01',
    from: '<schemaversion>2004 4th Edition</schemaversion>',
    to: '<schemaversion>2004 5th Edition</schemaversion>',
  },
  {
    rule: 'seq.idref_unresolved',
    pkg: 'CM-03b',
    from: /IDRef\s*=\s*"([^"]+)"/,
    to: 'IDRef="missing_collection_member"',
  },
];

for (const m of MUTATIONS) {
  test(`full pipeline: one defect -> ${m.rule}`, { skip: SHARED_SKIP }, async () => {
    const dir = await assembleAdlPackage(m.pkg);
    made.push(dir);
    const text = readAdlManifest(m.pkg);
    const mutated = text.replace(m.from, m.to);
    assert.notEqual(mutated, text, 'mutation matched nothing');
    await writeFile(join(dir, 'imsmanifest.xml'), mutated);
    const v = await validatePackage(dir, { level: 'strict' });
    await v.cleanup();
    const errors = [
      ...new Set(v.findings.filter((f) => f.severity === 'error' && f.category !== 'xsd').map((f) => f.rule)),
    ];
    assert.deepEqual(
      errors,
      [m.rule],
      JSON.stringify(v.findings.filter((f) => f.severity === 'error').map((f) => [f.rule, f.message])),
    );
  });
}
