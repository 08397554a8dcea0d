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
    { id: 'g1', record: { satisfied: true }, writtenBy: null, writtenByPackage: null },
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
    { id: 'com.example.g-obj', record: { satisfied: true }, writtenBy: 'other', writtenByPackage: null },
    { id: 'unrelated', record: { satisfied: true }, writtenBy: 'other', writtenByPackage: null },
  ];
  assert.deepEqual(foreignObjectives(held, tree, 'com.example.seq-global'), [
    {
      id: 'com.example.g-obj',
      written_by_course: 'other',
      written_by_package: null,
      writer: 'unknown',
      satisfied: true,
    },
  ]);
  assert.deepEqual(
    foreignObjectives([{ ...held[0]!, writtenBy: 'com.example.seq-global' }], tree, 'com.example.seq-global'),
    [],
  );
  assert.equal(foreignObjectives([{ ...held[0]!, writtenBy: null }], tree, 'x').length, 1);
});

test('foreign objectives: another package with the same course id is another writer; this package, edited or not, is not', async () => {
  const { manifest } = await parseManifestFile(join(FIXTURES_DIR, 'courses/seq-global/imsmanifest.xml'));
  const tree = buildSeqTree(manifest);
  const id = 'com.example.seq-global';
  const here = { package_path: '/courses/a', manifest_sha256: 'aa' };
  const held = (writtenByPackage: typeof here | null) => [
    { id: 'com.example.g-obj', record: { satisfied: true }, writtenBy: id, writtenByPackage },
  ];
  const other = foreignObjectives(
    held({ package_path: '/courses/b', manifest_sha256: 'aa' }),
    tree,
    id,
    here,
  );
  assert.deepEqual(
    other.map((o) => [o.id, o.writer, o.written_by_package?.package_path]),
    [['com.example.g-obj', 'other_package', '/courses/b']],
  );
  assert.deepEqual(foreignObjectives(held(here), tree, id, here), []);
  assert.deepEqual(foreignObjectives(held({ ...here, manifest_sha256: 'bb' }), tree, id, here), []);
  // Written under this course id before packages were recorded: no claim either way.
  assert.deepEqual(foreignObjectives(held(null), tree, id, here), []);
});

test('learner file: each objective keeps the package that wrote it; older files read as unknown', async () => {
  const store = new LearnerStateStore(tempDir('st-learner-pkg-'));
  const writer = { package_path: '/courses/a', manifest_sha256: 'aa' };
  const state = await store.load(undefined, undefined, 'course-a', writer);
  state.globalObjectives.write('learner', 'g1', { satisfied: true });
  await state.save();
  const again = await store.load();
  assert.deepEqual(
    again.objectives().map((o) => [o.id, o.writtenBy, o.writtenByPackage]),
    [['g1', 'course-a', writer]],
  );
  const text = readFileSync(store.pathFor(), 'utf8');
  const parsed = JSON.parse(text) as Record<string, unknown>;
  delete parsed.global_objective_writer_packages;
  writeFileSync(store.pathFor(), JSON.stringify(parsed));
  assert.deepEqual(
    (await store.load()).objectives().map((o) => o.writtenByPackage),
    [null],
  );
});
