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
 * For `test(name, { skip: SHARED_SKIP }, ...)`: false when ../shared is present, otherwise the
 * reason printed by the runner. CI has ../shared; a user's clone may not.
 */
export const SHARED_SKIP: false | string = existsSync(ADL_CTS_DIR)
  ? false
  : `needs ../shared (ADL corpus and SCORM XSDs) beside the repository; not found at ${SHARED_DIR}`;
