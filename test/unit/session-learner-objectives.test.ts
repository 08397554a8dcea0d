/**
 * Which course wrote each of a learner's global objectives, and which ones a course reads without
 * having written them: kept in the learner's file, read back from older files without it, cleared by id.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { LearnerStateStore, LEARNER_STATE_FORMAT } from '../../src/session/navigation/learner-state.js';
import { foreignObjectives } from '../../src/session/navigation/foreign-objectives.js';
import { buildSeqTree } from '../../src/sequencing/activity-tree.js';
import { parseManifestFile } from '../../src/manifest/parse-manifest-file.js';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

test('each write is marked with its course; the file keeps it; a clear by id keeps the rest', async () => {
  const store = new LearnerStateStore(tempDir('st-learner-'));
  const a = await store.load(undefined, undefined, 'course-a');
  a.globalObjectives.write('learner-1', 'g1', { satisfied: true });
  a.globalObjectives.write('learner-1', 'g2', { normalizedMeasure: 0.5 });
  a.sharedData.set('bucket', 'kept');
  await a.save();
  const b = await store.load(undefined, undefined, 'course-b');
  b.globalObjectives.write('learner-1', 'g2', { normalizedMeasure: 0.9 });
  await b.save();
  assert.deepEqual(
    (await store.load()).objectives().map((o) => [o.id, o.writtenBy]),
    [
      ['g1', 'course-a'],
      ['g2', 'course-b'],
    ],
  );
  assert.deepEqual(await store.clearObjectives(undefined, undefined, ['g2', 'unknown']), {
    path: store.pathFor(),
    cleared: ['g2'],
    kept: ['g1'],
  });
  const after = await store.load();
  assert.deepEqual(after.objectiveIds(), ['g1']);
  assert.equal(after.sharedData.get('bucket'), 'kept', 'adl.data stays');
});

test('a learner file written before writers were kept loads, with the writer unknown', async () => {
  const store = new LearnerStateStore(tempDir('st-learner-'));
  writeFileSync(
    store.pathFor(),
    JSON.stringify({
      format: LEARNER_STATE_FORMAT,
      learner_id: 'learner-1',
      namespace: 'mcp',
      saved_at: '2026-01-01T00:00:00.000Z',
      global_objectives: { g1: { satisfied: true } },
      shared_data: {},
    }),
  );
  assert.deepEqual((await store.load()).objectives(), [
    { id: 'g1', record: { satisfied: true }, writtenBy: null },
  ]);
  writeFileSync(
    store.pathFor(),
    readFileSync(store.pathFor(), 'utf8').replace(
      '"shared_data"',
      '"global_objective_writers":{"g1":7},"shared_data"',
    ),
  );
  await assert.rejects(store.load(), { code: 'SESSION_STATE_CORRUPT' });
});

test('foreign objectives: only targets the course reads, and only those another course (or no one known) wrote', async () => {
  const { manifest } = await parseManifestFile(join(FIXTURES_DIR, 'courses/seq-global/imsmanifest.xml'));
  const tree = buildSeqTree(manifest);
  const held = [
    { id: 'com.example.g-obj', record: { satisfied: true }, writtenBy: 'other' },
    { id: 'unrelated', record: { satisfied: true }, writtenBy: 'other' },
  ];
  assert.deepEqual(foreignObjectives(held, tree, 'com.example.seq-global'), [
    { id: 'com.example.g-obj', written_by_course: 'other', satisfied: true },
  ]);
  assert.deepEqual(
    foreignObjectives([{ ...held[0]!, writtenBy: 'com.example.seq-global' }], tree, 'com.example.seq-global'),
    [],
  );
  assert.equal(foreignObjectives([{ ...held[0]!, writtenBy: null }], tree, 'x').length, 1);
});
