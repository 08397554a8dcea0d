import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  SAVED_STATE_FORMAT,
  SavedStateStore,
  sanitizeCourseId,
  type SavedState,
} from '../../src/session/saved-state.js';
import { tempDir } from '../helpers/temp.js';

function store(): SavedStateStore {
  return new SavedStateStore(tempDir('scorm-tester-state-'));
}

const key = { courseId: 'course/1' };
const sco = (scoId: string, data: Record<string, string>, scormVersion: '1.2' | '2004' = '2004') => ({
  ...key,
  scoId,
  scormVersion,
  data,
});
const launch = (scoId: string, scormVersion: '1.2' | '2004' = '2004') => ({
  scoId,
  scormVersion,
  newAttempt: false,
});

function isCorrupt(pattern: RegExp) {
  return (e: Error & { code?: string }): boolean => {
    assert.equal(e.code, 'SESSION_STATE_CORRUPT');
    assert.match(e.message, pattern);
    assert.match(e.message, /new_attempt: true/);
    assert.match(e.message, /scorm_clear_saved_data/);
    return true;
  };
}

test('file names: readable prefix + hash of the exact course id; ids differing in "/", ":" or "_" do not collide', () => {
  const s = store();
  assert.equal(sanitizeCourseId('com.example:course/1 ü'), 'com.example_course_1_');
  const paths = ['course/1', 'course:1', 'course_1', 'course 1'].map((courseId) => s.pathFor({ courseId }));
  assert.equal(new Set(paths).size, 4);
  for (const path of paths) assert.match(basename(path), /^mcp_course_1_[0-9a-f]{32}\.json$/);
  assert.notEqual(
    s.pathFor(key),
    s.pathFor({ ...key, learnerId: 'someone-else' }),
    'the learner is in the key',
  );
  assert.equal(s.pathFor(key), s.pathFor({ ...key, learnerId: 'learner-1' }), 'the default learner');
  const long = s.pathFor({ courseId: 'x'.repeat(5000) });
  assert.ok(basename(long).length < 120, 'long course ids give short names');
});

test('each SCO has its own saved data model; a resume restores only into the SCO it came from', async () => {
  const s = store();
  await s.save(
    sco('intro', { 'cmi.exit': 'suspend', 'cmi.location': 'p3', 'cmi.suspend_data': 'intro-state' }),
  );
  const quiz = await s.decide(key, launch('quiz'));
  assert.equal(quiz.resume === false && quiz.reason, 'no_saved_state');
  const intro = await s.decide(key, launch('intro'));
  assert.ok(intro.resume);
  assert.equal(intro.activity.data['cmi.suspend_data'], 'intro-state');

  await s.save(sco('quiz', { 'cmi.exit': 'normal', 'cmi.location': 'q9' }));
  const file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  assert.equal(file.format, SAVED_STATE_FORMAT);
  assert.equal(file.course_id, 'course/1');
  assert.equal(file.learner_id, 'learner-1');
  assert.equal(file.sequencing, null);
  assert.deepEqual(
    file.activities.map((a) => [a.sco_id, a.data['cmi.location']]),
    [
      ['intro', 'p3'],
      ['quiz', 'q9'],
    ],
  );
  assert.equal((await s.decide(key, launch('intro'))).resume, true, 'saving quiz keeps intro');
  assert.equal((await s.decide({ ...key, learnerId: 'other' }, launch('intro'))).resume, false);
});

test('resume only with exit=suspend and a location, in the same SCORM version, unless a new attempt is forced', async () => {
  const s = store();
  await s.save(sco('a', { 'cmi.exit': 'suspend', 'cmi.location': 'p3' }));
  assert.equal((await s.decide(key, launch('a'))).resume, true);
  assert.equal((await s.decide(key, { ...launch('a'), newAttempt: true })).resume, false);
  const otherVersion = await s.decide(key, launch('a', '1.2'));
  assert.equal(otherVersion.resume === false && otherVersion.reason, 'scorm_version_changed');
  await s.save(sco('a', { 'cmi.exit': 'suspend', 'cmi.location': '' }));
  const noLoc = await s.decide(key, launch('a'));
  assert.equal(noLoc.resume === false && noLoc.reason, 'no_location');
  await s.save(sco('a', { 'cmi.exit': 'normal', 'cmi.location': 'p3' }));
  const normal = await s.decide(key, launch('a'));
  assert.equal(normal.resume === false && normal.reason, 'exit_not_suspend');
  assert.equal(normal.resume === false && normal.exit, 'normal');
  await s.save(sco('b', { 'cmi.core.exit': 'suspend', 'cmi.core.lesson_location': '2' }, '1.2'));
  assert.equal((await s.decide(key, launch('b', '1.2'))).resume, true);
});

test('concurrent saves of several SCOs keep every one; writes are atomic; clear deletes the file', async () => {
  const s = store();
  await Promise.all(
    Array.from({ length: 20 }, (_, i) => s.save(sco(`sco${i % 5}`, { 'cmi.location': String(i) }))),
  );
  assert.deepEqual(readdirSync(s.dir), [basename(s.pathFor(key))]);
  const file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  assert.deepEqual(file.activities.map((a) => a.sco_id).sort(), ['sco0', 'sco1', 'sco2', 'sco3', 'sco4']);
  assert.deepEqual(await s.clear(key), { path: s.pathFor(key), deleted: true });
  assert.equal((await s.clear(key)).deleted, false);
});

test('a sequencing section in the file is kept when an activity is saved', async () => {
  const s = store();
  await s.save(sco('a', { 'cmi.location': '1' }));
  const file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  writeFileSync(s.pathFor(key), JSON.stringify({ ...file, sequencing: { tree: { a: 'attempted' } } }));
  await s.save(sco('b', { 'cmi.location': '2' }));
  const after = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  assert.deepEqual(after.sequencing, { tree: { a: 'attempted' } });
});

test('a corrupt file, or one holding another course or learner, is SESSION_STATE_CORRUPT with both ways out', async () => {
  const s = store();
  writeFileSync(s.pathFor(key), '{"format": "scorm-tester/saved-state@2", "activities": [');
  await assert.rejects(s.decide(key, launch('a')), isCorrupt(/not valid JSON/));
  assert.equal((await s.decide(key, { ...launch('a'), newAttempt: true })).resume, false);

  await s.save({ courseId: 'course:1', scoId: 'a', scormVersion: '2004', data: { 'cmi.location': 'x' } });
  copyFileSync(s.pathFor({ courseId: 'course:1' }), s.pathFor(key));
  await assert.rejects(s.decide(key, launch('a')), isCorrupt(/course_id "course:1", not "course\/1"/));

  await s.save({ ...sco('a', {}), learnerId: 'ann' });
  copyFileSync(s.pathFor({ ...key, learnerId: 'ann' }), s.pathFor(key));
  await assert.rejects(s.decide(key, launch('a')), isCorrupt(/learner_id "ann"/));

  const valid = JSON.parse(readFileSync(s.pathFor({ ...key, learnerId: 'ann' }), 'utf8')) as SavedState;
  const broken: Array<[unknown, RegExp]> = [
    [{ ...valid, format: 'scorm-tester/saved-state@9' }, /not a scorm-tester\/saved-state@2 file/],
    [{ ...valid, learner_id: 'learner-1', activities: {} }, /no activities list/],
    [
      {
        ...valid,
        learner_id: 'learner-1',
        activities: [{ sco_id: 'a', scorm_version: '2004', data: { x: 1 } }],
      },
      /not a map of strings/,
    ],
    [
      {
        ...valid,
        learner_id: 'learner-1',
        activities: [valid.activities[0], valid.activities[0]],
      },
      /appears twice/,
    ],
    [{ ...valid, learner_id: 'learner-1', sequencing: [] }, /sequencing section/],
  ];
  for (const [content, why] of broken) {
    writeFileSync(s.pathFor(key), JSON.stringify(content));
    await assert.rejects(s.decide(key, launch('a')), isCorrupt(why));
  }
  await s.save(sco('a', { 'cmi.exit': 'suspend', 'cmi.location': 'p1' }));
  assert.equal((await s.decide(key, launch('a'))).resume, true, 'a save after a new attempt replaces it');
});

test('a first-format file is migrated once when its course id matches exactly, and ignored otherwise', async () => {
  const s = store();
  const legacy = s.legacyPathFor(key);
  assert.ok(legacy?.endsWith('mcp_course_1.json'));
  const old = (courseId: string) =>
    JSON.stringify({
      format: 'scorm-tester/saved-state@1',
      course_id: courseId,
      namespace: 'mcp',
      scorm_version: '2004',
      sco_id: 'intro',
      saved_at: '2026-01-01T00:00:00.000Z',
      data: { 'cmi.exit': 'suspend', 'cmi.location': 'old' },
    });

  // Another course whose id sanitizes to the same old name: ignored and left alone.
  writeFileSync(legacy!, old('course:1'));
  assert.equal((await s.decide(key, launch('intro'))).resume, false);
  assert.ok(existsSync(legacy!));
  assert.equal((await s.clear(key)).deleted, false);
  assert.ok(existsSync(legacy!), 'clear leaves another course alone');

  writeFileSync(legacy!, old('course/1'));
  assert.equal((await s.decide(key, launch('quiz'))).resume, false, 'the old file was for intro only');
  assert.ok(!existsSync(legacy!), 'migrated');
  const decision = await s.decide(key, launch('intro'));
  assert.ok(decision.resume);
  assert.equal(decision.activity.data['cmi.location'], 'old');
  assert.equal(decision.activity.saved_at, '2026-01-01T00:00:00.000Z');
  assert.equal(s.legacyPathFor({ ...key, learnerId: 'ann' }), null, 'the old format had no learners');
});
