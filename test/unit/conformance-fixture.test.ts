/**
 * The fixture builder: every package of the folder becomes a complete package (driver pages under the
 * launched page names, stubs for the other listed files, the XSD sets), which our own validator accepts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCorpus } from '../../src/conformance/corpus.js';
import { buildTestPackage } from '../../src/conformance/fixture.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { ADL_CTS_DIR, FIXTURES_DIR, SHARED_SKIP } from '../helpers/paths.js';

test(
  'every package of the folder builds into a package our validator accepts',
  { skip: SHARED_SKIP },
  async () => {
    const corpus = openCorpus(ADL_CTS_DIR);
    const out = mkdtempSync(join(tmpdir(), 'cts-fixture-'));
    try {
      const sample = new Set(['API', 'DMI']);
      for (const id of corpus.packageIds) {
        const built = await buildTestPackage(corpus, id, join(out, id));
        const pages = corpus.variants[id]?.scoPages ?? [];
        assert.ok(
          built.pages.length >= pages.length,
          `${id}: ${built.pages.length} driver pages for ${pages.length} page names`,
        );
        for (const page of built.pages) {
          assert.match(
            readFileSync(join(built.dir, page), 'utf8'),
            /cts-driver\.js/,
            `${id}: ${page} is not our driver`,
          );
        }
        assert.deepEqual(built.missingXsds, [], `${id}: XSDs missing from the XSD folder`);
        assert.ok(existsSync(join(built.dir, 'imscp_v1p1.xsd')));
        assert.equal(
          existsSync(join(built.dir, 'adlseq_v1p3.xsd')),
          corpus.variants[id]?.shipsSequencingXsds !== false,
        );
        if (!sample.has(id)) continue;
        const outcome = await validatePackage(built.dir, { level: 'basic' });
        try {
          const errors = outcome.findings
            .filter((f) => f.severity === 'error')
            .map((f) => `${f.rule}: ${f.message}`);
          assert.deepEqual(errors, [], `${id} does not validate`);
        } finally {
          await outcome.cleanup();
        }
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
);

test('a folder without sco-variants.json gets a driver page under every page its items launch', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cts-novariants-'));
  try {
    for (const sub of ['dictionaries', 'packages', 'testcases'])
      cpSync(join(FIXTURES_DIR, 'cts-extra', sub), join(dir, sub), { recursive: true });
    const corpus = openCorpus(dir);
    assert.deepEqual(corpus.variants, {});
    const built = await buildTestPackage(corpus, 'ZC-01a', join(dir, 'out'));
    assert.deepEqual(built.pages, ['resources/SequencingTest.htm']);
    assert.match(
      readFileSync(join(built.dir, 'resources/SequencingTest.htm'), 'utf8'),
      /data-variant="SequencingTest"/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
