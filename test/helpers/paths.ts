import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRepoRoot(start: string): string {
  let dir = start;
  while (!existsSync(resolve(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

/** The repository root, whether tests run from test/ (tsx) or dist/test/ (compiled). */
export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
export const FIXTURES_DIR = resolve(REPO_ROOT, 'test/fixtures');
export const SAMPLES_DIR = resolve(REPO_ROOT, 'samples');
export const SHARED_DIR = resolve(REPO_ROOT, process.env.SCORM_TESTER_SHARED_DIR ?? '../shared');
export const ADL_CTS_DIR = resolve(SHARED_DIR, 'corpus/adl-cts');
export const XSD_DIR = resolve(SHARED_DIR, 'corpus/xsd');

/**
 * For `test(name, { skip: SHARED_SKIP }, ...)`: false when the shared folder is present, otherwise the
 * reason, which scripts/run-tests.mjs counts into one summary line at the end of the run. CI has
 * ../shared; a contributor's clone may not.
 */
export const SHARED_SKIP: false | string = existsSync(ADL_CTS_DIR)
  ? false
  : `../shared not found at ${SHARED_DIR} (the ADL corpus and SCORM XSDs: corpus/adl-cts, corpus/xsd); ` +
    'set SCORM_TESTER_SHARED_DIR to the folder that holds them to run these tests';
