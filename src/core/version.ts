import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageJson {
  name?: string;
  version: string;
  homepage?: string;
}

/** Our own package.json, found by walking up from this module (works from src/, dist/src/ and dist/bundle/). */
function findPackage(): { root: string; json: PackageJson } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const json = JSON.parse(readFileSync(candidate, 'utf8')) as PackageJson;
      if (json.name === 'scorm-tester') return { root: dir, json };
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('scorm-tester package.json not found');
    dir = parent;
  }
}

const found = findPackage();

/** The directory holding our package.json. */
export const PACKAGE_ROOT = found.root;
export const VERSION = found.json.version;
/** package.json "homepage" when it is an http(s) URL. */
export const HOMEPAGE =
  found.json.homepage && /^https?:\/\//.test(found.json.homepage) ? found.json.homepage : null;
