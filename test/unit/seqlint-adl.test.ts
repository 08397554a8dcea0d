import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { lintSequencing } from '../../src/lint/sequencing/index.js';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';

function adlManifests(): Array<{ name: string; text: string }> {
  const dir = join(ADL_CTS_DIR, 'packages');
  return readdirSync(dir)
    .filter((p) => existsSync(join(dir, p, 'imsmanifest.xml')))
    .sort()
    .map((p) => ({ name: p, text: readFileSync(join(dir, p, 'imsmanifest.xml'), 'utf8') }));
}

test('every ADL conformance manifest lints without a single error', { skip: SHARED_SKIP }, () => {
  const manifests = adlManifests();
  assert.ok(manifests.length > 100, `expected the ADL corpus, found ${manifests.length} manifests`);
  const errors = manifests.flatMap(({ name, text }) =>
    lintSequencing(parseManifest(text), 'pedantic')
      .filter((f) => f.severity === 'error')
      .map((f) => `${name}:${f.line}:${f.column} ${f.rule} ${f.message}`),
  );
  assert.deepEqual(errors, []);
});

test('ADL cases that test dead sequencing on purpose are recognised', { skip: SHARED_SKIP }, () => {
  const rulesOf = (pkg: string): string[] => {
    const text = readFileSync(
      join(ADL_CTS_DIR, 'packages', `LMSTestPackage_${pkg}`, 'imsmanifest.xml'),
      'utf8',
    );
    return lintSequencing(parseManifest(text), 'strict').map((f) => f.rule);
  };
  // RU-10 checks that exit/post rules reading status on a tracked="false" cluster never fire.
  assert.ok(rulesOf('RU-10').includes('seq.rule_never_fires'));
  // CM-07a checks that always-disabled activities are never delivered.
  assert.ok(rulesOf('CM-07a').includes('seq.undeliverable_activity'));
  // CM-15 reaches a closed subtree only through a content-sent jump.
  assert.ok(rulesOf('CM-15').includes('seq.undeliverable_activity'));
});
