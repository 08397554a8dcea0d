import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The directory holding our package.json, found by walking up (works from src/ and dist/src/). */
export const PACKAGE_ROOT = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (
      existsSync(candidate) &&
      (JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === 'scorm-tester'
    ) {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('scorm-tester package.json not found');
    dir = parent;
  }
})();

export const VERSION = (
  JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
