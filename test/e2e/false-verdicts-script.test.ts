/**
 * scripts/false-verdicts.mjs on generated correct courses (test/helpers/corpus/): it finds folders
 * and zips recursively, guesses the authoring tool, runs validate, run and run --nav with the built
 * CLI, reports a broken package and a timed-out command and goes on, and prints a table or JSON.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { buildZip } from '../helpers/zip-writer.js';
import { writeCourse, type CorpusCourse } from '../helpers/corpus/family.js';

const SCRIPT = join(REPO_ROOT, 'scripts/false-verdicts.mjs');

function script(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [SCRIPT, ...args],
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
      (error, stdout, stderr) => resolve({ status: child.exitCode ?? (error ? -1 : 0), stdout, stderr }),
    );
  });
}

function filesOf(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesOf(full, base) : [relative(base, full)];
  });
}

const plain = (name: string, scos: number): CorpusCourse => ({
  name,
  edition: '2004 4th Edition',
  wrapper: 'pipwerks',
  scos,
  records: false,
  bookmark: 'location',
  suspendFirst: false,
});

interface Report {
  packages: Array<{
    package: string;
    tool: string;
    scos: number;
    validate: { errors: Array<{ rule: string }> };
    runs: Array<{ mode: string; initialized: boolean | null; errors: unknown[] }>;
    failures: string[];
    possible_false_errors: number;
  }>;
  total_possible_false_errors: number;
}

let root: string;
before(async () => {
  root = tempDir('scorm-tester-false-verdicts-');
  const single = await writeCourse(join(root, 'folders'), plain('single', 1));
  await writeCourse(join(root, 'folders'), plain('multi', 2));
  // A correct course that looks like a Storyline export by its files.
  const storyline = join(root, 'folders', 'storyline-like');
  cpSync(single, storyline, { recursive: true });
  mkdirSync(join(storyline, 'story_content'));
  writeFileSync(join(storyline, 'story_content', 'user.js'), '// player settings\n');
  mkdirSync(join(root, 'zips'));
  writeFileSync(
    join(root, 'zips', 'single.zip'),
    buildZip(filesOf(single).map((name) => ({ name, data: readFileSync(join(single, name)) }))),
  );
  mkdirSync(join(root, 'broken'));
  writeFileSync(join(root, 'broken', 'imsmanifest.xml'), '<manifest');
});

test('false-verdicts --json: every package found and checked, correct ones clean, the broken one reported', async () => {
  const r = await script(root, '--json');
  assert.equal(r.status, 1, r.stderr);
  const report = JSON.parse(r.stdout) as Report;
  const byName = new Map(report.packages.map((p) => [p.package, p]));
  assert.deepEqual([...byName.keys()].sort(), [
    'broken',
    'folders/multi',
    'folders/single',
    'folders/storyline-like',
    'zips/single.zip',
  ]);
  for (const name of ['folders/single', 'folders/multi', 'folders/storyline-like', 'zips/single.zip']) {
    const p = byName.get(name)!;
    assert.equal(p.possible_false_errors, 0, JSON.stringify(p));
    assert.ok(
      p.runs.every((run) => run.initialized === true),
      name,
    );
  }
  assert.equal(byName.get('folders/storyline-like')!.tool, 'Articulate Storyline');
  assert.equal(byName.get('folders/single')!.tool, 'unknown');
  assert.equal(byName.get('zips/single.zip')!.scos, 1);
  const multi = byName.get('folders/multi')!;
  assert.equal(multi.scos, 2);
  assert.deepEqual(
    multi.runs.map((run) => run.mode),
    ['run', 'run --nav'],
  );
  const broken = byName.get('broken')!;
  assert.deepEqual(
    broken.validate.errors.map((e) => e.rule),
    ['xml.malformed'],
  );
  assert.ok(
    broken.failures.some((f) => f.startsWith('run exited 2')),
    broken.failures.join('\n'),
  );
  assert.equal(report.total_possible_false_errors, broken.possible_false_errors);
});

test('false-verdicts: a table of every package and tool; each command past --timeout-ms is reported and the next package still runs', async () => {
  const r = await script(root, '--timeout-ms', '1');
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /^package\s+tool\s+validate errors\s+run error anomalies\s+failed$/m);
  assert.match(r.stdout, /^folders\/storyline-like\s+Articulate Storyline\s+0\s+0\s+yes$/m);
  assert.match(r.stdout, /^zips\/single\.zip\s+unknown\s+0\s+0\s+yes$/m);
  for (const name of [
    'broken',
    'folders/multi',
    'folders/single',
    'folders/storyline-like',
    'zips/single.zip',
  ])
    assert.match(
      r.stdout,
      new RegExp(
        `^${name.replace('.', '\\.')} \\(.*\\):\\n  failed: validate timed out after 1 ms\\n  failed: run timed out after 1 ms$`,
        'm',
      ),
      name,
    );
  assert.match(r.stdout, /^5 packages, \d+ possible false errors$/m);
});
