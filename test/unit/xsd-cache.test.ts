import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { withCourseText } from '../helpers/course-text.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';
import {
  clearSchemaCache,
  schemaCacheSize,
  validateManifestAgainstSchemas,
} from '../../src/lint/xsd/validate-xsd.js';
import { removeTempPackages, tempPackage } from '../fixtures/xsd/temp-package.js';

after(() => {
  clearSchemaCache();
  removeTempPackages();
});

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

test('warm validation reuses the compiled schema set and is much faster', { skip: SHARED_SKIP }, async () => {
  clearSchemaCache();
  const manifestText = readFileSync(
    join(ADL_CTS_DIR, 'packages/LMSTestPackage_CM-01/imsmanifest.xml'),
    'utf8',
  );
  const first = tempPackage({ schemas: 'scorm2004-4th' });
  const t0 = performance.now();
  assert.deepEqual(await validateManifestAgainstSchemas({ packageRoot: first, manifestText }), []);
  const cold = performance.now() - t0;
  assert.equal(schemaCacheSize(), 1);

  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await validateManifestAgainstSchemas({ packageRoot: first, manifestText });
    warm.push(performance.now() - t);
  }
  // Another package shipping identical schemas hits the same cache entry.
  const second = tempPackage({ schemas: 'scorm2004-4th' });
  await validateManifestAgainstSchemas({ packageRoot: second, manifestText });
  assert.equal(schemaCacheSize(), 1);
  assert.ok(
    median(warm) * 3 < cold,
    `cold ${cold.toFixed(1)} ms, warm ${warm.map((w) => w.toFixed(1)).join('/')} ms`,
  );
});

test(
  'a changed schema file is compiled afresh, not served from the cache',
  { skip: SHARED_SKIP },
  async () => {
    clearSchemaCache();
    const manifestText = readFileSync(
      join(ADL_CTS_DIR, 'packages/LMSTestPackage_API/imsmanifest.xml'),
      'utf8',
    );
    const root = tempPackage({ schemas: 'scorm2004-4th' });
    assert.deepEqual(await validateManifestAgainstSchemas({ packageRoot: root, manifestText }), []);
    const file = join(root, 'adlnav_v1p3.xsd');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/value = "suspendAll"/, 'value = "suspendEverything"'),
    );
    const findings = await validateManifestAgainstSchemas({ packageRoot: root, manifestText });
    assert.equal(schemaCacheSize(), 2);
    assert.ok(
      findings.some((f) => f.rule === 'xsd.invalid' && withCourseText(f, f.message).includes('suspendAll')),
      JSON.stringify(findings),
    );
  },
);
