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

test(
  'warm validation reuses the compiled schema set, also for another package shipping the same schemas',
  { skip: SHARED_SKIP },
  async () => {
    // How much faster the warm validation is, is measured by the benchmark (npm run bench -- --only limits).
    clearSchemaCache();
    const manifestText = readFileSync(
      join(ADL_CTS_DIR, 'packages/LMSTestPackage_CM-01/imsmanifest.xml'),
      'utf8',
    );
    const first = tempPackage({ schemas: 'scorm2004-4th' });
    assert.deepEqual(await validateManifestAgainstSchemas({ packageRoot: first, manifestText }), []);
    assert.equal(schemaCacheSize(), 1);
    assert.deepEqual(await validateManifestAgainstSchemas({ packageRoot: first, manifestText }), []);
    const second = tempPackage({ schemas: 'scorm2004-4th' });
    assert.deepEqual(await validateManifestAgainstSchemas({ packageRoot: second, manifestText }), []);
    assert.equal(schemaCacheSize(), 1);
  },
);

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
