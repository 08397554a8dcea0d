/**
 * Saved learner state records the package that wrote it (resolved path + manifest hash), and an open
 * says how that writer relates to the package open now: the same package, the same path with an edited
 * manifest, another package with the same manifest identifier, or unknown (a file saved before writers
 * were recorded), never a false claim.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprintPackage, writerRelation } from '../../src/session/package-fingerprint.js';
import { SavedStateStore } from '../../src/session/saved-state.js';
import { savedStateWriter } from '../../src/session/saved-state-writer.js';
import { tempDir } from '../helpers/temp.js';

const suspended = { 'cmi.exit': 'suspend', 'cmi.suspend_data': 'page=3' };
const launch = { scoId: 'sco', scormVersion: '2004' as const, newAttempt: false };

test('fingerprint: the resolved package path (links followed) and a hash of the manifest bytes', async () => {
  const root = tempDir('st-fingerprint-');
  const pkg = join(root, 'course');
  mkdirSync(pkg);
  writeFileSync(join(pkg, 'imsmanifest.xml'), '<manifest identifier="X"/>');
  symlinkSync(pkg, join(root, 'link'));
  const direct = await fingerprintPackage(pkg, join(pkg, 'imsmanifest.xml'));
  const viaLink = await fingerprintPackage(join(root, 'link'), join(pkg, 'imsmanifest.xml'));
  assert.deepEqual(viaLink, direct);
  assert.match(direct.manifest_sha256, /^[0-9a-f]{64}$/);
  writeFileSync(join(pkg, 'imsmanifest.xml'), '<manifest identifier="X" version="2"/>');
  const edited = await fingerprintPackage(pkg, join(pkg, 'imsmanifest.xml'));
  assert.equal(writerRelation(direct, direct), 'this_package');
  assert.equal(writerRelation(direct, edited), 'this_package_edited');
  assert.equal(writerRelation({ ...direct, package_path: '/elsewhere' }, direct), 'other_package');
  assert.equal(writerRelation(undefined, direct), 'unknown');
  assert.equal(writerRelation({ package_path: 3 } as never, direct), 'unknown');
});

test('saves record their package per activity and for the sequencing section; older files read as unknown writer', async () => {
  const store = new SavedStateStore(tempDir('st-writer-'));
  const a = { package_path: '/courses/a', manifest_sha256: 'aa' };
  const b = { package_path: '/courses/b', manifest_sha256: 'aa' };
  await store.saveCourse(
    { courseId: 'SAME_ID', writer: a },
    { scormVersion: '2004', activities: { sco: suspended }, sequencing: { format: 'x' } },
  );
  const decision = await store.decide({ courseId: 'SAME_ID', writer: b }, launch);
  assert.ok(decision.resume);
  assert.deepEqual(decision.activity.written_by, a);
  assert.deepEqual((await store.load({ courseId: 'SAME_ID' }))?.sequencing_written_by, a);

  const fromB = savedStateWriter([decision.activity.written_by], b);
  assert.equal(fromB.writer, 'other_package');
  assert.equal(fromB.package_path, '/courses/a');
  assert.match(fromB.message, /another package with the same manifest identifier/);
  assert.match(fromB.message, /saved_state_writer\.package_path/);
  assert.match(fromB.message, /new_attempt: true/);
  assert.match(fromB.message, /scorm_clear_saved_data/);
  assert.doesNotMatch(fromB.message, /courses\/a/, 'the sentence names the field, not the path');

  const fromA = savedStateWriter([decision.activity.written_by], a);
  assert.equal(fromA.writer, 'this_package');
  assert.equal(fromA.package_path, null);
  assert.doesNotMatch(fromA.message, /another package|unknown/);

  // Another package saving an activity, without sequencing, leaves the sequencing section's writer alone.
  await store.saveCourse(
    { courseId: 'SAME_ID', writer: b },
    { scormVersion: '2004', activities: { other: suspended } },
  );
  const file = await store.load({ courseId: 'SAME_ID' });
  assert.deepEqual(file?.sequencing_written_by, a);
  assert.deepEqual(
    file?.activities.map((x) => [x.sco_id, x.written_by?.package_path]),
    [
      ['sco', '/courses/a'],
      ['other', '/courses/b'],
    ],
  );
  assert.equal(
    savedStateWriter([file?.sequencing_written_by, file?.activities[1]?.written_by], a).writer,
    'other_package',
  );

  // A file saved before writers were recorded.
  const path = store.pathFor({ courseId: 'SAME_ID' });
  const old = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> & {
    activities: Record<string, unknown>[];
  };
  delete old.sequencing_written_by;
  for (const activity of old.activities) delete activity.written_by;
  writeFileSync(path, JSON.stringify(old));
  const unknown = await store.decide({ courseId: 'SAME_ID', writer: a }, launch);
  assert.ok(unknown.resume);
  const said = savedStateWriter([unknown.activity.written_by], a);
  assert.equal(said.writer, 'unknown');
  assert.match(said.message, /writer is unknown/);
  assert.doesNotMatch(said.message, /was written by another package/);
});
