/** SCORM 1.2 multi-SCO courses on the sequencing engine: flow and choice through the organization, prerequisites, LMSFinish. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { parseManifestFile } from '../../src/manifest/parse-manifest-file.js';
import type { ScormManifest } from '../../src/manifest/model.js';
import {
  createSequencingSession,
  scorm12LessonStatus,
  SequencingDefinitionError,
  SequencingStateError,
  type SequencingSession,
  type SessionOutcome,
} from '../../src/sequencing/index.js';
import { scorm12AttemptReport } from '../../src/sequencing/attempt-report.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { spelledOut } from '../helpers/course-text.js';

const FIXTURE = resolve(FIXTURES_DIR, 'courses/scorm12-multi/imsmanifest.xml');

async function fixture(): Promise<ScormManifest> {
  return (await parseManifestFile(FIXTURE)).manifest;
}

function delivered(out: SessionOutcome): string {
  assert.equal(out.kind, 'deliver', JSON.stringify(out));
  return out.kind === 'deliver' ? out.activityId : '';
}

function denied(out: SessionOutcome): string {
  assert.equal(out.kind, 'denied', JSON.stringify(out));
  return out.kind === 'denied' ? spelledOut(out, out.reason) : '';
}

/** The SCO `id` sets its lesson status and LMSFinish runs; the learner then asks for `next`. */
function finish(s: SequencingSession, id: string, values: Record<string, string>): void {
  const out = s.terminate(id, scorm12AttemptReport(values));
  assert.equal(out.kind, 'nothing', 'a 1.2 SCO leaves the next request to the learner');
}

function manifest12(items: string): ScormManifest {
  return parseManifest(`<?xml version="1.0"?>
<manifest identifier="M" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="O"><organization identifier="O"><title>Course</title>${items}</organization></organizations>
  <resources><resource identifier="R" type="webcontent" adlcp:scormtype="sco" href="sco.html"/></resources>
</manifest>`).manifest;
}

test('a 1.2 organization is a tree with flow and choice everywhere and no rules', async () => {
  const s = createSequencingSession(await fixture());
  assert.equal(s.tree.scormVersion, '1.2');
  assert.deepEqual(
    s.tree.activities.map((a) => a.id),
    ['fire_safety', 'intro', 'extinguishers', 'types', 'use', 'quiz', 'certificate'],
  );
  for (const a of s.tree.activities) {
    assert.equal(a.def.controlMode.flow, true, a.id);
    assert.equal(a.def.controlMode.choice, true, a.id);
    assert.equal(a.def.preConditionRules.length, 0);
  }
  assert.equal(s.tree.byId.get('quiz')?.scorm12?.masteryScore, 80);
  assert.equal(s.tree.byId.get('use')?.scorm12?.prerequisites?.script, 'types');
  assert.ok(
    (s.tree.byId.get('use')?.scorm12?.prerequisites?.pos.line ?? 0) > 20,
    'the prerequisites line is kept',
  );
});

test('continue and previous flow through the organization; prerequisites stop flow and choice, naming the script', async () => {
  const s = createSequencingSession(await fixture());
  assert.equal(delivered(s.launch()), 'intro');
  finish(s, 'intro', { 'cmi.core.lesson_status': 'completed' });
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'types');
  // use needs types: types is still incomplete.
  finish(s, 'types', { 'cmi.core.lesson_status': 'incomplete' });
  const blocked = denied(s.navigate({ type: 'continue' }));
  assert.match(blocked, /"use" has prerequisites "types" that are not met \("types" is incomplete\)/);
  assert.equal(s.currentActivity, 'types', 'a denied request leaves the learner where they were');
  assert.equal(delivered(s.navigate({ type: 'previous' })), 'intro');
  const quiz = s.isValid({ type: 'choice', target: 'quiz' });
  assert.equal(quiz.valid, false);
  assert.match(
    spelledOut(quiz, quiz.reason ?? ''),
    /"quiz" has prerequisites "intro & 2\*\{types,use\}" that are not met/,
  );
  const toc = s.navigationState().toc.find((e) => e.id === 'certificate');
  assert.equal(toc?.selectable, false);
  assert.match(spelledOut(toc ?? {}, toc?.whyNot ?? ''), /quiz = "passed"/);
  // Completing types opens use; use and intro open the quiz.
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'types' })), 'types');
  finish(s, 'types', { 'cmi.core.lesson_status': 'completed' });
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'use');
  finish(s, 'use', { 'cmi.core.lesson_status': 'passed' });
  assert.equal(s.isValid({ type: 'choice', target: 'quiz' }).valid, true);
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'quiz');
  // Score 40 against masteryscore 80: the LMS decides failed at LMSFinish; the certificate stays locked.
  finish(s, 'quiz', { 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '40' });
  assert.equal(s.tracking.activities['quiz']?.lessonStatus, 'failed');
  assert.match(denied(s.navigate({ type: 'continue' })), /"quiz" is failed/);
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'quiz' })), 'quiz');
  finish(s, 'quiz', {
    'cmi.core.lesson_status': 'completed',
    'cmi.core.score.raw': '85',
    'cmi.core.session_time': '00:02:30',
  });
  assert.equal(s.tracking.activities['quiz']?.lessonStatus, 'passed');
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'certificate');
  finish(s, 'certificate', {});
  assert.equal(
    s.tracking.activities['certificate']?.lessonStatus,
    'completed',
    'never set: completed at LMSFinish',
  );
  const end = s.navigate({ type: 'continue' });
  assert.equal(end.kind, 'ended', 'continue past the last item ends the course');
});

test('a delivered 1.2 SCO starts with its launch data, mastery score, time limit and last lesson status', async () => {
  const s = createSequencingSession(await fixture());
  const first = s.launch();
  assert.equal(first.kind === 'deliver' && first.runtime.launchData, 'lang=en');
  assert.equal(first.kind === 'deliver' && first.runtime.lessonStatus, 'not attempted');
  finish(s, 'intro', { 'cmi.core.lesson_status': 'completed' });
  for (const id of ['types', 'use']) {
    delivered(s.navigate({ type: 'continue' }));
    finish(s, id, { 'cmi.core.lesson_status': 'completed' });
  }
  const quiz = s.navigate({ type: 'continue' });
  assert.equal(delivered(quiz), 'quiz');
  if (quiz.kind === 'deliver') {
    assert.equal(quiz.runtime.masteryScore, 80);
    assert.equal(quiz.runtime.maxTimeAllowed, '00:10:00');
    assert.equal(quiz.runtime.timeLimitAction, 'continue,message');
    assert.equal(quiz.runtime.entry, 'ab-initio');
  }
  finish(s, 'quiz', { 'cmi.core.lesson_status': 'incomplete' });
  const again = s.navigate({ type: 'choice', target: 'quiz' });
  assert.equal(again.kind === 'deliver' && again.runtime.lessonStatus, 'incomplete', '1.2 keeps the status');
});

test('the cluster of items rolls up: its status answers prerequisites that name it', () => {
  const m = manifest12(`
    <item identifier="B"><title>Block</title>
      <item identifier="B1" identifierref="R"><title>B1</title></item>
      <item identifier="B2" identifierref="R"><title>B2</title></item>
    </item>
    <item identifier="after" identifierref="R"><title>After</title><adlcp:prerequisites type="aicc_script">B</adlcp:prerequisites></item>`);
  const s = createSequencingSession(m);
  assert.equal(delivered(s.launch()), 'B1');
  finish(s, 'B1', { 'cmi.core.lesson_status': 'completed' });
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'B2');
  const after = s.isValid({ type: 'choice', target: 'after' });
  assert.match(spelledOut(after, after.reason ?? ''), /"B" is incomplete/);
  finish(s, 'B2', { 'cmi.core.lesson_status': 'completed' });
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'after');
});

test('LMSFinish rules: not attempted → completed; mastery decides unless incomplete or no-credit; LMSCommit keeps the status', () => {
  const r = (values: Record<string, string>) => scorm12AttemptReport(values);
  assert.equal(scorm12LessonStatus(r({}), null, true), 'completed');
  assert.equal(scorm12LessonStatus(r({}), null, false), 'not attempted');
  assert.equal(scorm12LessonStatus(r({ 'cmi.core.lesson_status': 'browsed' }), null, true), 'browsed');
  const scored = { 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '79.5' };
  assert.equal(scorm12LessonStatus(r(scored), 80, true), 'failed');
  assert.equal(scorm12LessonStatus(r({ ...scored, 'cmi.core.score.raw': '80' }), 80, true), 'passed');
  assert.equal(scorm12LessonStatus(r(scored), null, true), 'completed', 'no mastery score: the SCO decides');
  assert.equal(scorm12LessonStatus(r({ ...scored, 'cmi.core.lesson_status': 'passed' }), 90, true), 'failed');
  assert.equal(
    scorm12LessonStatus(r({ ...scored, 'cmi.core.lesson_status': 'incomplete' }), 80, true),
    'incomplete',
  );
  assert.equal(scorm12LessonStatus(r({ ...scored, 'cmi.core.credit': 'no-credit' }), 50, true), 'completed');
  assert.equal(scorm12LessonStatus(r(scored), 80, false), 'completed', 'LMSCommit: not final yet');
});

test('the 1.2 attempt report reads cmi.core.* and the session time becomes tracked duration', async () => {
  assert.deepEqual(
    scorm12AttemptReport({
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '90',
      'cmi.core.score.min': '0',
      'cmi.core.score.max': '100',
      'cmi.core.session_time': '0001:30:00.5',
      'cmi.core.exit': 'suspend',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_location': 'p3',
    }),
    {
      lessonStatus: 'passed',
      score: { raw: 90, min: 0, max: 100 },
      sessionTime: '0001:30:00.5',
      exit: 'suspend',
      credit: 'credit',
    },
  );
  const s = createSequencingSession(await fixture());
  s.launch();
  finish(s, 'intro', { 'cmi.core.lesson_status': 'completed', 'cmi.core.session_time': '01:02:03.5' });
  assert.equal(s.tracking.activities['intro']?.attemptExperiencedDuration, 3_723_500);
  const completed = s.navigationState().toc.find((e) => e.id === 'intro');
  assert.equal(completed?.completionStatus, 'completed');
});

test('suspend with a 1.2 tree: lesson statuses survive serialize/restore; a bad saved lesson status is refused', async () => {
  const m = await fixture();
  const s = createSequencingSession(m);
  s.launch();
  finish(s, 'intro', { 'cmi.core.lesson_status': 'completed' });
  delivered(s.navigate({ type: 'continue' }));
  const out = s.terminate('types', {
    ...scorm12AttemptReport({ 'cmi.core.lesson_status': 'incomplete' }),
    exit: 'suspend',
  });
  assert.equal(out.kind, 'nothing');
  assert.equal(s.navigate({ type: 'suspendAll' }).kind, 'ended');
  const saved = JSON.parse(JSON.stringify(s.serialize())) as ReturnType<SequencingSession['serialize']>;
  const again = createSequencingSession(m, { restore: saved });
  assert.equal(delivered(again.launch()), 'types');
  assert.equal(again.tracking.activities['intro']?.lessonStatus, 'completed');
  const bad = structuredClone(saved);
  (bad.state.activities['intro'] as unknown as Record<string, unknown>).lessonStatus = 'aced';
  assert.throws(
    () => createSequencingSession(m, { restore: bad }),
    (e: unknown) =>
      e instanceof SequencingStateError && /"lessonStatus" is not a SCORM 1.2 lesson status/.test(e.message),
  );
});

test('prerequisites that cannot be evaluated refuse the session, naming the item, the script and the line', () => {
  const cases: Array<[string, RegExp]> = [
    [
      '<adlcp:prerequisites type="aicc_script">intro &amp; ghost</adlcp:prerequisites>',
      /names "ghost", which is not an item identifier/,
    ],
    [
      '<adlcp:prerequisites type="aicc_script">intro &amp;</adlcp:prerequisites>',
      /cannot be read \("intro &"\)/,
    ],
    ['<adlcp:prerequisites type="javascript">intro</adlcp:prerequisites>', /type="javascript"/],
  ];
  for (const [xml, message] of cases) {
    const m = manifest12(
      `<item identifier="intro" identifierref="R"><title>I</title></item><item identifier="next" identifierref="R"><title>N</title>${xml}</item>`,
    );
    assert.throws(
      () => createSequencingSession(m),
      (e: unknown) =>
        e instanceof SequencingDefinitionError &&
        e.problems.length === 1 &&
        e.problems[0]?.activityId === 'next' &&
        message.test(e.message) &&
        /<adlcp:prerequisites> of item "next"/.test(e.message) &&
        /line \d+/.test(e.message),
      xml,
    );
  }
});

test('a SCORM 1.2 item without prerequisites type is accepted (the lint reports it)', () => {
  const m = manifest12(
    `<item identifier="a" identifierref="R"><title>A</title></item><item identifier="b" identifierref="R"><title>B</title><adlcp:prerequisites>a</adlcp:prerequisites></item>`,
  );
  const s = createSequencingSession(m);
  assert.equal(delivered(s.launch()), 'a');
  assert.match(denied(s.navigate({ type: 'continue' })), /"b" has prerequisites "a"/);
});

test('a 1.2 item with children and its own resource: its page is delivered first (flow and choice), then its children', () => {
  const m = manifest12(`
    <item identifier="a" identifierref="R"><title>A</title></item>
    <item identifier="p" identifierref="R"><title>Parent</title>
      <adlcp:prerequisites type="aicc_script">a</adlcp:prerequisites>
      <adlcp:masteryscore>80</adlcp:masteryscore>
      <item identifier="c1" identifierref="R"><title>C1</title></item>
      <item identifier="c2" identifierref="R"><title>C2</title></item>
    </item>`);
  const s = createSequencingSession(m);
  assert.deepEqual(
    s.tree.activities.map((a) => [a.id, a.resourceId]),
    [
      ['O', null],
      ['a', 'R'],
      ['p#children', null],
      ['p', 'R'],
      ['c1', 'R'],
      ['c2', 'R'],
    ],
  );
  const cluster = s.tree.byId.get('p#children');
  const page = s.tree.byId.get('p');
  assert.equal(page?.title, 'Parent');
  assert.equal(
    cluster?.scorm12?.prerequisites?.script,
    'a',
    "the item's prerequisites gate its page and children",
  );
  assert.equal(page?.scorm12?.prerequisites, null);
  assert.equal(page?.scorm12?.masteryScore, 80, 'the mastery score is the page’s (the SCO’s)');
  assert.equal(delivered(s.navigate({ type: 'start' })), 'a');
  assert.match(denied(s.navigate({ type: 'choice', target: 'c1' })), /prerequisites|"a"/);
  finish(s, 'a', { 'cmi.core.lesson_status': 'completed' });
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'p');
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'c1');
  assert.equal(delivered(s.navigate({ type: 'previous' })), 'p');
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'c2' })), 'c2');
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'p' })), 'p');
});
