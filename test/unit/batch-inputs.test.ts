/** The packages `batch` is given: a package named as its folder and as its manifest is one package. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandInputs } from '../../src/app/batch/inputs.js';
import { tempDir } from '../helpers/temp.js';

test('a folder, the same folder written otherwise and its imsmanifest.xml are one package, kept as first named', async () => {
  const cwd = tempDir('scorm-tester-batch-inputs-');
  mkdirSync(join(cwd, 'course'));
  writeFileSync(join(cwd, 'course', 'imsmanifest.xml'), '<manifest/>');
  writeFileSync(join(cwd, 'list.txt'), 'course/imsmanifest.xml\n./course/\n');
  const packages = await expandInputs(['course', 'course/imsmanifest.xml', '@list.txt'], [], cwd);
  assert.deepEqual(
    packages.map((p) => p.path),
    ['course'],
  );
  const manifestFirst = await expandInputs(['./course/imsmanifest.xml', 'course'], [], cwd);
  assert.deepEqual(
    manifestFirst.map((p) => p.path),
    ['./course/imsmanifest.xml'],
  );
});

test('a list file that does not exist is a PATH_RESOLUTION_ERROR naming it, not an internal error', async () => {
  const cwd = tempDir('scorm-tester-batch-inputs-');
  await assert.rejects(expandInputs(['@nonexist.txt'], [], cwd), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'PATH_RESOLUTION_ERROR');
    assert.match(error.message, /"nonexist\.txt" cannot be read \(ENOENT/);
    return true;
  });
});
