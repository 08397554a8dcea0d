/**
 * The parts of `batch` that decide what runs: the shard split (stable, covering, path-normalised), the
 * resume state (atomic rewrite, read back by content hash) and merge-reports' refusal of overlapping shards.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { normalisedPath, parseShard, shardOf } from '../../src/app/batch/shard.js';
import { ResumeState } from '../../src/app/batch/resume-state.js';
import { mergeReports, MergeError } from '../../src/app/batch/merge.js';
import { emptyCounts, type BatchReport, type PackageResult } from '../../src/app/batch/report.js';
import { tempDir } from '../helpers/temp.js';

const result = (path: string, hash: string): PackageResult => ({
  path,
  content_hash: hash,
  verdict: 'pass',
  scorm_version: '1.2',
  findings: emptyCounts(),
  scos: [],
  duration_ms: 1,
});

const report = (shard: string, packages: PackageResult[]): BatchReport => ({
  kind: 'scorm-tester-batch',
  version: '0',
  shards: [shard],
  totals: { packages: packages.length, pass: packages.length, fail: 0, error: 0 },
  packages,
  duration_ms: 1,
});

test('--shard i/n: only 1 <= i <= n', () => {
  assert.deepEqual(parseShard('2/3'), { index: 2, total: 3 });
  for (const bad of ['0/3', '4/3', '1/0', '1', 'a/b', '1/2/3']) assert.equal(parseShard(bad), null, bad);
});

test('the split puts every package in exactly one shard, the same way for the same path however written', () => {
  const paths = Array.from({ length: 200 }, (_, i) => `catalogue/course-${i}.zip`);
  const shards = paths.map((p) => shardOf(p, 4));
  assert.ok(shards.every((s) => s >= 1 && s <= 4));
  for (let s = 1; s <= 4; s++)
    assert.ok(shards.filter((x) => x === s).length > 20, `shard ${s} gets a share`);
  assert.equal(normalisedPath('./catalogue//a\\b/'), 'catalogue/a/b');
  assert.equal(shardOf('./catalogue//course-7.zip', 4), shardOf('catalogue/course-7.zip', 4));
});

test('the resume state is rewritten whole after each result and read back by content hash', async () => {
  const dir = tempDir('scorm-tester-state-');
  const file = join(dir, 'state.json');
  const state = await ResumeState.load(file);
  assert.equal(state.size, 0);
  await Promise.all([state.record(result('a', 'h1')), state.record(result('b', 'h2'))]);
  assert.deepEqual(readdirSync(dir), ['state.json'], 'no temporary file left');
  const again = await ResumeState.load(file);
  assert.equal(again.size, 2);
  assert.equal(again.resultFor('h2')?.path, 'b');
  assert.equal(again.resultFor('h3'), undefined);
  assert.ok(existsSync(file));
});

test('merge-reports lists packages as the unsharded run does (by path) and refuses a package two shards both ran', () => {
  const merged = mergeReports([
    {
      source: 's1.json',
      report: report('1/2', [result('cat/a', 'h1'), result('cat/c', 'h3'), result('cat/e', 'h5')]),
    },
    { source: 's2.json', report: report('2/2', [result('cat/b', 'h2'), result('cat/d', 'h4')]) },
  ]);
  assert.deepEqual(
    merged.packages.map((p) => p.path),
    ['cat/a', 'cat/b', 'cat/c', 'cat/d', 'cat/e'],
  );
  assert.deepEqual(merged.shards, ['1/2', '2/2']);
  assert.equal(merged.totals.packages, 5);
  assert.throws(
    () =>
      mergeReports([
        { source: 's1.json', report: report('1/2', [result('a', 'h1')]) },
        { source: 's2.json', report: report('2/2', [result('a', 'h1')]) },
      ]),
    MergeError,
  );
});
