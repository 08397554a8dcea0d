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

test('resume with exit=suspend and any learner data (not only a location), in the same SCORM version, unless a new attempt is forced', async () => {
  const s = store();
  await s.save(sco('a', { 'cmi.exit': 'suspend', 'cmi.location': 'p3' }));
  assert.equal((await s.decide(key, launch('a'))).resume, true);
  assert.equal((await s.decide(key, { ...launch('a'), newAttempt: true })).resume, false);
  const otherVersion = await s.decide(key, launch('a', '1.2'));
  assert.equal(otherVersion.resume === false && otherVersion.reason, 'scorm_version_changed');
  await s.save(sco('a', { 'cmi.exit': 'suspend', 'cmi.location': '', 'cmi.suspend_data': 'slide=4' }));
  const suspendDataOnly = await s.decide(key, launch('a'));
  assert.ok(suspendDataOnly.resume, 'a bookmark in suspend_data alone resumes');
  assert.deepEqual(suspendDataOnly.learnerData, ['cmi.suspend_data']);
  await s.save(sco('a', { 'cmi.exit': 'normal', 'cmi.location': 'p3' }));
  const normal = await s.decide(key, launch('a'));
  assert.equal(normal.resume === false && normal.reason, 'exit_not_suspend');
  assert.equal(normal.resume === false && normal.exit, 'normal');
  await s.save(sco('b', { 'cmi.core.exit': 'suspend', 'cmi.core.lesson_location': '2' }, '1.2'));
  assert.equal((await s.decide(key, launch('b', '1.2'))).resume, true);
  await s.save(
    sco('c', { 'cmi.core.exit': 'suspend', 'cmi.core.lesson_location': '', 'cmi.suspend_data': 'x' }, '1.2'),
  );
  assert.equal((await s.decide(key, launch('c', '1.2'))).resume, true, '1.2: suspend_data alone resumes');
});

test('learner data: what the SCO wrote (statuses, score, interactions, objectives, comments), not launch values', async () => {
  const s = store();
  const untouched2004 = {
    'cmi.exit': 'suspend',
    'cmi.location': '',
    'cmi.suspend_data': '',
    'cmi.completion_status': 'unknown',
    'cmi.success_status': 'unknown',
    'cmi.score.scaled': '',
    'cmi.interactions._count': '0',
    'cmi.objectives._count': '1',
    'cmi.objectives.0.id': 'obj-from-manifest',
    'cmi.objectives.0.success_status': 'unknown',
    'cmi.session_time': 'PT5S',
    'cmi.total_time': 'PT5S',
    'cmi.learner_id': 'learner-1',
    'cmi.entry': 'ab-initio',
  };
  await s.save(sco('empty', untouched2004));
  const empty = await s.decide(key, launch('empty'));
  assert.equal(empty.resume === false && empty.reason, 'suspended_without_data');
  assert.equal(empty.resume === false && empty.setAside, undefined, 'nothing to set aside');
  for (const [element, value] of <Array<[string, string]>>[
    ['cmi.completion_status', 'incomplete'],
    ['cmi.success_status', 'failed'],
    ['cmi.score.scaled', '0.5'],
    ['cmi.interactions._count', '1'],
    ['cmi.objectives.0.success_status', 'passed'],
    ['cmi.comments_from_learner._count', '1'],
    ['cmi.progress_measure', '0.3'],
  ]) {
    await s.save(sco('one', { ...untouched2004, [element]: value }));
    const decision = await s.decide(key, launch('one'));
    assert.ok(decision.resume, element);
    assert.deepEqual(decision.learnerData, [element]);
  }
  const untouched12 = {
    'cmi.core.exit': 'suspend',
    'cmi.core.lesson_location': '',
    'cmi.core.lesson_status': 'not attempted',
    'cmi.core.score.raw': '',
    'cmi.suspend_data': '',
    'cmi.interactions._count': '0',
    'cmi.core.session_time': '00:00:05',
  };
  await s.save(sco('empty12', untouched12, '1.2'));
  const empty12 = await s.decide(key, launch('empty12', '1.2'));
  assert.equal(empty12.resume === false && empty12.reason, 'suspended_without_data');
  for (const [element, value] of <Array<[string, string]>>[
    ['cmi.core.lesson_status', 'incomplete'],
    ['cmi.core.score.raw', '40'],
    ['cmi.comments', 'note'],
    ['cmi.objectives.0.status', 'passed'],
  ]) {
    await s.save(sco('one12', { ...untouched12, [element]: value }, '1.2'));
    const decision = await s.decide(key, launch('one12', '1.2'));
    assert.ok(decision.resume, element);
  }
});

test('a new attempt over saved learner data keeps it as a previous attempt; a resumed attempt replaces its own data', async () => {
  const s = store();
  await s.save(
    sco('a', { 'cmi.exit': 'normal', 'cmi.suspend_data': 'first', 'cmi.completion_status': 'completed' }),
  );
  const fresh = await s.decide(key, launch('a'));
  assert.equal(fresh.resume === false && fresh.reason, 'exit_not_suspend');
  assert.deepEqual(fresh.resume === false && fresh.setAside?.learner_data, [
    'cmi.suspend_data',
    'cmi.completion_status',
  ]);
  await s.save({ ...sco('a', { 'cmi.exit': 'suspend', 'cmi.suspend_data': 'second' }), newAttempt: true });
  let file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  let a = file.activities.find((x) => x.sco_id === 'a')!;
  assert.equal(a.data['cmi.suspend_data'], 'second');
  assert.deepEqual(
    a.previous_attempts?.map((p) => p.data['cmi.suspend_data']),
    ['first'],
  );
  // Resumed: the same attempt goes on; its earlier attempts stay.
  await s.save(sco('a', { 'cmi.exit': 'normal', 'cmi.suspend_data': 'second, finished' }));
  file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  a = file.activities.find((x) => x.sco_id === 'a')!;
  assert.equal(a.data['cmi.suspend_data'], 'second, finished');
  assert.deepEqual(
    a.previous_attempts?.map((p) => p.data['cmi.suspend_data']),
    ['first'],
  );
  for (let i = 0; i < 8; i++) {
    await s.save({ ...sco('a', { 'cmi.exit': 'normal', 'cmi.suspend_data': `n${i}` }), newAttempt: true });
  }
  file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  a = file.activities.find((x) => x.sco_id === 'a')!;
  assert.equal(a.previous_attempts?.length, 5, 'the newest five are kept');
  assert.equal(a.previous_attempts?.[0]?.data['cmi.suspend_data'], 'n6');
  // A new attempt over a corrupt file starts fresh and replaces it.
  writeFileSync(s.pathFor(key), '{ not json');
  const overCorrupt = await s.decide(key, { ...launch('a'), newAttempt: true });
  assert.equal(overCorrupt.resume === false && overCorrupt.reason, 'new_attempt');
});

test('the activity left suspended most recently is where a course without sequencing state reopens', async () => {
  const s = store();
  const ids = new Set(['one', 'two', 'three']);
  assert.equal(await s.lastSuspended(key, ids), null);
  await s.save(sco('one', { 'cmi.exit': 'suspend', 'cmi.suspend_data': 'a' }));
  await new Promise((r) => setImmediate(r));
  await s.save(sco('two', { 'cmi.exit': 'suspend', 'cmi.suspend_data': 'b' }));
  await s.save(sco('three', { 'cmi.exit': 'normal', 'cmi.suspend_data': 'c' }));
  const file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  file.activities.find((x) => x.sco_id === 'one')!.saved_at = '2026-01-01T00:00:00.000Z';
  file.activities.find((x) => x.sco_id === 'two')!.saved_at = '2026-01-02T00:00:00.000Z';
  writeFileSync(s.pathFor(key), JSON.stringify(file));
  assert.equal((await s.lastSuspended(key, ids))?.sco_id, 'two');
  assert.equal((await s.lastSuspended(key, new Set(['one', 'three'])))?.sco_id, 'one');
  await s.saveCourse(key, { scormVersion: '2004', activities: {}, sequencing: { format: 'x' } });
  assert.equal(await s.lastSuspended(key, ids), null, 'sequencing decides where a sequenced course resumes');
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

test('the SCORM attempt of a launch: a resume keeps the saved number, a new attempt over learner data takes the next', async () => {
  const s = store();
  assert.equal((await s.decide(key, launch('a'))).attempt, 1, 'nothing saved: the first attempt');
  const suspended = { 'cmi.exit': 'suspend', 'cmi.location': 'p3' };
  await s.save(sco('a', suspended));
  assert.deepEqual(await s.decide(key, launch('a')).then((d) => [d.resume, d.attempt]), [true, 1]);
  // The resumed attempt is saved again: still attempt 1; then it ends normally.
  await s.save(sco('a', { ...suspended, 'cmi.exit': 'normal', 'cmi.completion_status': 'completed' }));
  assert.deepEqual(await s.decide(key, launch('a')).then((d) => [d.resume, d.attempt]), [false, 2]);
  await s.save({ ...sco('a', { 'cmi.location': 'p1' }), newAttempt: true });
  assert.equal((await s.load(key))?.activities.find((x) => x.sco_id === 'a')?.attempt, 2);
  // A new attempt over an attempt with no learner data replaces it, number and all.
  await s.save(sco('b', { 'cmi.exit': 'normal' }));
  assert.equal((await s.decide(key, launch('b'))).attempt, 1);
  // A file written before the number was kept: 1 + the previous attempts it lists.
  const file = JSON.parse(readFileSync(s.pathFor(key), 'utf8')) as SavedState;
  const a = file.activities.find((x) => x.sco_id === 'a')!;
  delete a.attempt;
  writeFileSync(s.pathFor(key), JSON.stringify(file));
  assert.equal(a.previous_attempts?.length, 1);
  assert.equal((await s.decide(key, { ...launch('a'), newAttempt: true })).attempt, 3);
});
