import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { SavedStateStore, sanitizeCourseId } from '../../src/session/saved-state.js';
import { tempDir } from '../helpers/temp.js';

function store(): SavedStateStore {
  return new SavedStateStore(tempDir('scorm-tester-state-'));
}

const base = { course_id: 'course/1', namespace: 'mcp', scorm_version: '2004' as const, sco_id: 'sco1' };

test('file name is namespace + sanitized course id', () => {
  const s = store();
  assert.equal(sanitizeCourseId('com.example:course/1 ü'), 'com.example_course_1_');
  assert.ok(s.pathFor('course/1').endsWith('mcp_course_1.json'));
});

test('resume only with exit=suspend and a location, unless a new attempt is forced', async () => {
  const s = store();
  assert.deepEqual((await s.decide('course/1', { newAttempt: false })).resume, false);
  await s.save({ ...base, data: { 'cmi.exit': 'suspend', 'cmi.location': 'p3' } });
  const d = await s.decide('course/1', { newAttempt: false });
  assert.equal(d.resume, true);
  assert.equal((await s.decide('course/1', { newAttempt: true })).resume, false);
  await s.save({ ...base, data: { 'cmi.exit': 'suspend', 'cmi.location': '' } });
  const noLoc = await s.decide('course/1', { newAttempt: false });
  assert.equal(noLoc.resume === false && noLoc.reason, 'no_location');
  await s.save({ ...base, data: { 'cmi.exit': 'normal', 'cmi.location': 'p3' } });
  const normal = await s.decide('course/1', { newAttempt: false });
  assert.equal(normal.resume === false && normal.reason, 'exit_not_suspend');
  await s.save({
    ...base,
    scorm_version: '1.2',
    data: { 'cmi.core.exit': 'suspend', 'cmi.core.lesson_location': '2' },
  });
  assert.equal((await s.decide('course/1', { newAttempt: false })).resume, true);
});

test('writes are atomic (no temp files left) and clear deletes the file', async () => {
  const s = store();
  await Promise.all(
    Array.from({ length: 20 }, (_, i) => s.save({ ...base, data: { 'cmi.location': String(i) } })),
  );
  assert.deepEqual(readdirSync(s.dir), ['mcp_course_1.json']);
  assert.deepEqual(await s.clear('course/1'), { path: s.pathFor('course/1'), deleted: true });
  assert.equal((await s.clear('course/1')).deleted, false);
});

test('a corrupt file is a SESSION_STATE_CORRUPT error that says how to recover', async () => {
  const s = store();
  writeFileSync(s.pathFor('course/1'), '{"format": "scorm-tester/saved-state@1", "data": {');
  await assert.rejects(s.decide('course/1', { newAttempt: false }), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'SESSION_STATE_CORRUPT');
    assert.match(e.message, /new_attempt|scorm_clear_saved_data/);
    return true;
  });
  assert.equal((await s.decide('course/1', { newAttempt: true })).resume, false);
});
