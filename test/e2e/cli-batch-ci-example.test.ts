/**
 * The GitHub Actions example of docs/batch.md runs as written: its `run:` commands that call the built
 * CLI are taken from the page, `${{ matrix.shard }}` set to each shard of the matrix, and run by bash in
 * a folder laid out as the jobs' runners are (the catalogue, and scorm-tester's build in `scorm-tester/`).
 * The shards exit 1 (the catalogue holds a failing course), the report job joins them into JUnit and HTML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLI } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { failingCourse, passingCourse } from '../helpers/batch-catalogue.js';

const BUILT = 'scorm-tester/dist/bundle/cli-main.js';

/** The YAML block under the CI heading of docs/batch.md. */
function ciExample(): string {
  const text = readFileSync(join(REPO_ROOT, 'docs', 'batch.md'), 'utf8');
  const section = text.split('## A catalogue on a CI matrix')[1] ?? '';
  const block = /```yaml\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'docs/batch.md has a yaml block in its CI section');
  return block[1]!;
}

test('the CI example of docs/batch.md: its commands run with the built CLI', { timeout: 300_000 }, () => {
  const yaml = ciExample();
  assert.ok(!/npx\b/.test(yaml), 'the example does not use npx: scorm-tester is not on npm');
  assert.match(yaml, /npm ci && npm run build/, 'the example builds scorm-tester');
  const shards =
    /shard: \[([^\]]+)\]/
      .exec(yaml)?.[1]
      ?.split(',')
      .map((s) => s.trim()) ?? [];
  assert.ok(shards.length > 1, 'the example has a matrix of shards');
  const runs = [...yaml.matchAll(/^\s*run: (.*)$/gm)].map((m) => m[1]!).filter((c) => c.includes(BUILT));
  assert.equal(runs.length, 2, 'one batch command and one merge-reports command');
  const [batch, merge] = runs as [string, string];
  assert.match(batch, /\bbatch\b/);
  assert.match(merge, /\bmerge-reports\b/);

  const work = tempDir('scorm-tester-ci-example-');
  // The built CLI where the example's build step leaves it.
  mkdirSync(join(work, dirname(BUILT)), { recursive: true });
  symlinkSync(CLI, join(work, BUILT));
  for (const [name, dir] of Object.entries({
    a: passingCourse('a'),
    b: failingCourse(),
    c: passingCourse('c'),
  }))
    cpSync(dir, join(work, 'catalogue', name), { recursive: true });

  const bash = (command: string): number | null =>
    spawnSync('bash', ['-eo', 'pipefail', '-c', command], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 240_000,
    }).status;
  for (const shard of shards) {
    const status = bash(batch.replaceAll('${{ matrix.shard }}', shard));
    assert.ok(status === 0 || status === 1, `shard ${shard} ran (exit ${status})`);
    assert.ok(existsSync(join(work, `shard-${shard}.json`)));
  }
  assert.equal(bash(merge), 1, 'the joined report fails: the catalogue holds a failing course');
  const junit = readFileSync(join(work, 'catalogue.xml'), 'utf8');
  assert.equal((junit.match(/<testsuite /g) ?? []).length, 3, 'one test suite per package');
  assert.ok(existsSync(join(work, 'catalogue-report', 'index.html')));
});
