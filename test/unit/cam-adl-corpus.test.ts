import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runCamRules } from '../../src/lint/cam/index.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { listPackageFiles } from '../../src/package/paths.js';
import {
  assembleAdlPackage,
  listAdlPackageIds,
  referencedPaths,
  readAdlManifest,
} from '../helpers/adl-package.js';
import { SHARED_SKIP } from '../helpers/paths.js';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

test('the corpus has the 152 ADL packages', { skip: SHARED_SKIP }, () => {
  const ids = listAdlPackageIds();
  assert.equal(ids.length, 152);
  assert.ok(ids.includes('CM-01') && ids.includes('DDMa'));
});

test(
  'every assembled ADL package passes the CAM rules without errors or warnings',
  { skip: SHARED_SKIP },
  async () => {
    const problems: string[] = [];
    const ids = listAdlPackageIds();
    const check = async (id: string) => {
      const dir = await assembleAdlPackage(id);
      dirs.push(dir);
      const [files, text] = await Promise.all([
        listPackageFiles(dir),
        readFile(join(dir, 'imsmanifest.xml'), 'utf8'),
      ]);
      const findings = runCamRules({
        parsed: parseManifest(text),
        packageRoot: dir,
        files,
        level: 'pedantic',
      });
      for (const f of findings) {
        if (f.severity !== 'info')
          problems.push(`${id} ${f.severity} ${f.rule} ${f.line}:${f.column} ${f.message}`);
      }
    };
    for (let i = 0; i < ids.length; i += 8) await Promise.all(ids.slice(i, i + 8).map(check));
    assert.deepEqual(problems, []);
  },
);

test(
  'an assembled package holds the manifest, a stand-in per referenced file and the schemas',
  { skip: SHARED_SKIP },
  async () => {
    const dir = await assembleAdlPackage('CM-01');
    dirs.push(dir);
    const files = await listPackageFiles(dir);
    for (const path of referencedPaths(readAdlManifest('CM-01'))) assert.ok(files.includes(path), path);
    assert.ok(files.includes('resources/SequencingTest.htm'));
    assert.ok(files.includes('common/LMSTest.jar'));
    assert.ok(files.includes('imscp_v1p1.xsd') && files.includes('common/anyElement.xsd'));
    assert.ok(files.includes('imsmanifest.xml'));
  },
);

test('mutate rewrites the manifest while stand-ins follow the original', { skip: SHARED_SKIP }, async () => {
  const dir = await assembleAdlPackage('CM-01', {
    mutate: (t) => t.replace('href="common/About.js"', 'href="common/Missing.js"'),
  });
  dirs.push(dir);
  const [files, text] = await Promise.all([
    listPackageFiles(dir),
    readFile(join(dir, 'imsmanifest.xml'), 'utf8'),
  ]);
  assert.ok(text.includes('common/Missing.js'));
  assert.ok(files.includes('common/About.js') && !files.includes('common/Missing.js'));
  const findings = runCamRules({ parsed: parseManifest(text), packageRoot: dir, files, level: 'strict' });
  assert.deepEqual(
    findings.map((f) => `${f.severity} ${f.rule} ${f.file}`),
    ['error cp.file_missing imsmanifest.xml', 'warning cp.excess_baggage common/About.js'],
  );
});
