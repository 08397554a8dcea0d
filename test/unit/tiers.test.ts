/**
 * The test tiers mean what they say (docs/testing.md): unit tests start no browser and no process,
 * integration tests drive real Chromium without the built CLI or server, end-to-end tests start one of
 * them. This reads every test file's imports; a file in the wrong folder fails here with the folder it
 * belongs in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';
import { reachesOf, tierProblems, valueImports } from '../helpers/tiers.js';

function testFiles(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (relative(REPO_ROOT, full) !== 'test/fixtures') out = out.concat(testFiles(full));
    } else if (name.endsWith('.test.ts')) out.push(relative(REPO_ROOT, full));
  }
  return out;
}

const readRepo = (path: string): string | undefined => {
  const full = resolve(REPO_ROOT, path);
  return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
};

test('every test file sits in the tier its imports say', () => {
  const files = testFiles(resolve(REPO_ROOT, 'test'));
  assert.ok(files.length > 100, `found ${files.length} test files`);
  assert.deepEqual(
    files.flatMap((f) => tierProblems(f, readRepo)),
    [],
  );
});

// Written in parts, so that this file does not itself name the built programs or a script of ours.
const BUNDLE = ['dist', 'bundle'].join('/');
const SCRIPTS = 'scripts' + '/';

test('the tiers of sample files: helpers are followed, type-only imports and src/ are not', () => {
  const sources: Record<string, string> = {
    'test/helpers/chromium.ts': "import { BrowserPool } from '../../src/runtime/browser-pool.js';",
    'test/helpers/cli.ts': `export const CLI = join(REPO_ROOT, '${BUNDLE}/cli-main.js');`,
    'test/helpers/fifo.ts': "import { execFileSync } from 'node:child_process';",
    'test/helpers/types-only.ts': "import type { Page } from 'playwright-core';",
    'src/runtime/browser-pool.ts': '',
    'src/session/session-manager.ts': "import { BrowserPool } from '../runtime/browser-pool.js';",
    'test/unit/browser.test.ts': "import { filePool } from '../helpers/chromium.js';",
    'test/unit/cli.test.ts': "import {\n  cli,\n} from '../helpers/cli.js';",
    'test/unit/spawns.test.ts': "import { spawnSync } from 'node:child_process';",
    'test/unit/fifo.test.ts': "import { makeFifo } from '../helpers/fifo.js';",
    'test/unit/session.test.ts': "import { SessionManager } from '../../src/session/session-manager.js';",
    'test/unit/types.test.ts':
      "import type { BrowserPool } from '../../src/runtime/browser-pool.js';\n" +
      "import { type CourseRuntime } from '../../src/runtime/course-runtime.js';\n" +
      "import '../helpers/types-only.js';",
    'test/integration/plain.test.ts': "import { test } from 'node:test';",
    'test/integration/cli.test.ts':
      "import { CHROMIUM_SKIP } from '../helpers/chromium.js';\nimport { cli } from '../helpers/cli.js';",
    'test/e2e/own-cli.test.ts': `const CLI = join(REPO_ROOT, '${BUNDLE}/mcp-main.js');\nspawn(CLI);`,
    'test/e2e/script.test.ts': `const SCRIPT = join(REPO_ROOT, '${SCRIPTS}false-verdicts.mjs');`,
    'test/unit/mentions.test.ts': `/** Like ${SCRIPTS}false-verdicts.mjs, without it. */\n// not ${BUNDLE}/cli-main.js either`,
    'test/elsewhere.test.ts': '',
  };
  const read = (p: string): string | undefined => sources[p];
  const problems = (file: string): string[] => tierProblems(file, read);
  assert.deepEqual(problems('test/unit/browser.test.ts'), [
    'test/unit/browser.test.ts belongs in test/integration/: it drives real Chromium and starts neither the ' +
      'CLI nor the server (test/unit/browser.test.ts → test/helpers/chromium.ts → src/runtime/browser-pool.ts). ' +
      'Move it: git mv test/unit/browser.test.ts test/integration/browser.test.ts ' +
      `(and point SECURITY.md's "Tested by:" lines at test/integration/browser.test.ts).`,
  ]);
  assert.match(
    problems('test/unit/cli.test.ts').join('\n'),
    /^test\/unit\/cli\.test\.ts belongs in test\/e2e\/: it starts the built CLI or MCP server \(test\/unit\/cli\.test\.ts → test\/helpers\/cli\.ts → names dist\/bundle\/cli-main\.js\)/,
  );
  assert.match(
    problems('test/unit/spawns.test.ts').join('\n'),
    /^test\/unit\/spawns\.test\.ts starts a child process \(test\/unit\/spawns\.test\.ts → node:child_process\)/,
  );
  assert.deepEqual(problems('test/unit/fifo.test.ts'), []);
  assert.deepEqual(problems('test/unit/session.test.ts'), [], 'src/ is not followed');
  assert.deepEqual(problems('test/unit/types.test.ts'), [], 'type-only imports load nothing');
  assert.match(
    problems('test/integration/plain.test.ts').join('\n'),
    /belongs in test\/unit\/: it starts no browser/,
  );
  assert.match(problems('test/integration/cli.test.ts').join('\n'), /belongs in test\/e2e\//);
  assert.deepEqual(problems('test/e2e/own-cli.test.ts'), []);
  assert.deepEqual(problems('test/e2e/script.test.ts'), []);
  assert.deepEqual(problems('test/unit/mentions.test.ts'), [], 'a comment runs nothing');
  assert.match(
    problems('test/elsewhere.test.ts').join('\n'),
    /^test\/elsewhere\.test\.ts belongs in test\/unit\//,
  );
  assert.deepEqual(Object.keys(reachesOf('test/e2e/own-cli.test.ts', read)), ['serverOrCli']);
});

test('value imports: type-only imports are left out, dynamic imports are kept', () => {
  const source = [
    "import { a, type B } from './a.js';",
    "import type { C } from './c.js';",
    "import { type D, type E } from './d.js';",
    "import * as f from 'f';",
    "export { g } from './g.js';",
    "import './side-effect.js';",
    "const h = await import('./h.js');",
    " * import { notCode } from './comment.js';",
  ].join('\n');
  assert.deepEqual(valueImports(source), ['./a.js', 'f', './g.js', './side-effect.js', './h.js']);
});
