import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOOL_NAME = 'scorm-tester';
const DEFAULT_INFORMATION_URI = 'https://www.npmjs.com/package/scorm-tester';

export interface ToolInfo {
  name: string;
  version: string;
  informationUri: string;
}

let cached: ToolInfo | undefined;

/** Name, version and home page from our own package.json (found above this module in src/ and dist/src/). */
export function toolInfo(): ToolInfo {
  if (cached) return cached;
  let version = '0.0.0';
  let informationUri = DEFAULT_INFORMATION_URI;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as {
        name?: unknown;
        version?: unknown;
        homepage?: unknown;
      };
      if (pkg.name === TOOL_NAME) {
        if (typeof pkg.version === 'string') version = pkg.version;
        if (typeof pkg.homepage === 'string' && /^https?:\/\//.test(pkg.homepage))
          informationUri = pkg.homepage;
        break;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  cached = { name: TOOL_NAME, version, informationUri };
  return cached;
}
