import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupElement, validateValue, type ScormVersion } from '../../src/rte/datamodel/index.js';

function check(version: ScormVersion, element: string, value: unknown, context = {}) {
  const info = lookupElement(version, element);
  assert.ok(info, `${element} should exist in ${version}`);
  return validateValue(info, value, context);
}

function accepts(version: ScormVersion, element: string, values: unknown[]): void {
  for (const v of values) {
    const r = check(version, element, v);
    assert.equal(r.ok, true, `${element} should accept ${String(v)}: ${r.ok ? '' : r.reason}`);
  }
}

function rejects(version: ScormVersion, element: string, values: unknown[], kind?: string): void {
  for (const v of values) {
    const r = check(version, element, v);
    assert.equal(r.ok, false, `${element} should reject ${JSON.stringify(v)}`);
    if (!r.ok) {
      assert.ok(r.reason.length > 0 && r.expected.length > 0);
      if (kind) assert.equal(r.kind, kind, `${element} = ${JSON.stringify(v)}: ${r.reason}`);
    }
  }
}

test('1.2 CMIVocabulary: lesson_status, exit, objectives status', () => {
  accepts('1.2', 'cmi.core.lesson_status', ['passed', 'completed', 'failed', 'incomplete', 'browsed']);
  rejects(
    '1.2',
    'cmi.core.lesson_status',
    ['complete', 'Completed', 'not attempted', '', 'passed '],
    'vocabulary',
  );
  accepts('1.2', 'cmi.objectives.0.status', ['not attempted', 'passed']);
  accepts('1.2', 'cmi.core.exit', ['time-out', 'suspend', 'logout', '']);
  rejects('1.2', 'cmi.core.exit', ['normal', 'exit']);
  accepts('1.2', 'cmi.interactions.0.type', ['true-false', 'numeric', 'performance']);
  rejects('1.2', 'cmi.interactions.0.type', ['long-fill-in', 'other']);
  accepts('1.2', 'cmi.interactions.0.result', ['correct', 'wrong', 'unanticipated', 'neutral', '0.5', '-2']);
  rejects('1.2', 'cmi.interactions.0.result', ['incorrect', 'right']);
});

test('vocabulary rejections suggest the right case', () => {
  const r = check('2004', 'cmi.completion_status', 'Completed');
  assert.equal(r.ok, false);
  assert.match(r.ok ? '' : r.reason, /did you mean "completed"/);
});

test('1.2 CMIDecimal / CMIBlank scores are normalized to 0..100', () => {
  accepts('1.2', 'cmi.core.score.raw', ['0', '100', '85.5', '.5', '', 42, '007']);
  rejects('1.2', 'cmi.core.score.raw', ['101', '-1', '100.01'], 'range');
  rejects('1.2', 'cmi.core.score.raw', ['abc', '1e2', '+5', '5,5', ' 5', 'NaN'], 'format');
  accepts('1.2', 'cmi.interactions.0.weighting', ['-3.25', '1000']);
});

test('1.2 CMISInteger preference ranges', () => {
  accepts('1.2', 'cmi.student_preference.audio', ['-1', '0', '100']);
  rejects('1.2', 'cmi.student_preference.audio', ['-2', '101'], 'range');
  rejects('1.2', 'cmi.student_preference.audio', ['1.5', 'loud'], 'format');
  accepts('1.2', 'cmi.student_preference.speed', ['-100', '100']);
  rejects('1.2', 'cmi.student_preference.speed', ['-101']);
  accepts('1.2', 'cmi.student_preference.text', ['-1', '0', '1']);
  rejects('1.2', 'cmi.student_preference.text', ['2']);
});

test('1.2 CMITimespan and CMITime', () => {
  accepts('1.2', 'cmi.core.session_time', ['00:00:00', '0000:12:30', '9999:59:59.99', '12:03:04.5']);
  rejects('1.2', 'cmi.core.session_time', [
    '0:00:00',
    '00000:00:00',
    '00:60:00',
    '00:00:60',
    '00:00:00.123',
    'PT1M',
  ]);
  accepts('1.2', 'cmi.interactions.0.time', ['00:00:00', '23:59:59', '12:30:05.25']);
  rejects('1.2', 'cmi.interactions.0.time', ['24:00:00', '7:00:00', '12:00', '2024-01-01T00:00:00']);
});

test('1.2 CMIString and CMIIdentifier lengths', () => {
  accepts('1.2', 'cmi.core.lesson_location', ['', 'x'.repeat(255)]);
  rejects('1.2', 'cmi.core.lesson_location', ['x'.repeat(256)], 'length');
  accepts('1.2', 'cmi.suspend_data', ['x'.repeat(4096)]);
  rejects('1.2', 'cmi.suspend_data', ['x'.repeat(4097)], 'length');
  accepts('1.2', 'cmi.objectives.0.id', ['obj_1', 'urn:x:y', 'q-1.2']);
  rejects('1.2', 'cmi.objectives.0.id', ['', 'has space', 'tab\there', 'x'.repeat(256)]);
});

test('2004 real(10,7) ranges: scaled, progress, preferences', () => {
  accepts('2004', 'cmi.score.scaled', ['-1', '1', '0.75', '-0.5', 0.5, '0']);
  rejects('2004', 'cmi.score.scaled', ['2', '-1.0001', 2], 'range');
  rejects('2004', 'cmi.score.scaled', ['75%', 'high', '1e-3', ''], 'format');
  accepts('2004', 'cmi.score.raw', ['1000', '-50']);
  accepts('2004', 'cmi.progress_measure', ['0', '1', '0.333']);
  rejects('2004', 'cmi.progress_measure', ['1.5', '-0.1'], 'range');
  accepts('2004', 'cmi.learner_preference.audio_level', ['0', '2.5']);
  rejects('2004', 'cmi.learner_preference.audio_level', ['-1'], 'range');
  accepts('2004', 'cmi.learner_preference.audio_captioning', ['-1', '0', '1']);
  rejects('2004', 'cmi.learner_preference.audio_captioning', ['2', 'on']);
});

test('2004 vocabularies', () => {
  accepts('2004', 'cmi.completion_status', ['completed', 'incomplete', 'not attempted', 'unknown']);
  rejects('2004', 'cmi.completion_status', ['done', 'complete', 'passed'], 'vocabulary');
  accepts('2004', 'cmi.success_status', ['passed', 'failed', 'unknown']);
  rejects('2004', 'cmi.success_status', ['completed', 'pass']);
  accepts('2004', 'cmi.exit', ['time-out', 'suspend', 'logout', 'normal', '']);
  rejects('2004', 'cmi.exit', ['quit']);
  accepts('2004', 'cmi.interactions.0.type', ['long-fill-in', 'other', 'likert']);
  accepts('2004', 'cmi.interactions.0.result', ['correct', 'incorrect', 'unanticipated', 'neutral', '0.75']);
  rejects('2004', 'cmi.interactions.0.result', ['wrong', 'ok']);
});

test('2004 timeinterval (second,10,2)', () => {
  accepts('2004', 'cmi.session_time', ['PT0S', 'PT1H30M5.25S', 'P1DT2H', 'P1Y2M3DT4H5M6S', 'P0D', 'PT10.5S']);
  rejects(
    '2004',
    'cmi.session_time',
    ['P', 'PT', 'P1DT', '00:01:30', 'PT1.234S', 'P1W', 'PT-1S', '1H', 'pt1h', ''],
    'format',
  );
  const r = check('2004', 'cmi.session_time', '0000:01:30');
  assert.match(r.ok ? '' : r.reason, /SCORM 1\.2/);
});

test('2004 time (second,10,0)', () => {
  accepts('2004', 'cmi.interactions.0.timestamp', [
    '2024',
    '2024-05',
    '2024-05-01',
    '2024-05-01T13',
    '2024-05-01T13:20',
    '2024-05-01T13:20:05',
    '2024-05-01T13:20:05.5',
    '2024-05-01T13:20:05.25Z',
    '2024-05-01T13:20:05.2+01:00',
    '2024-05-01T13:20:05.2-0530',
    '2024-02-29',
    '1970-01-01',
    '2038-12-31',
  ]);
  rejects(
    '2004',
    'cmi.interactions.0.timestamp',
    ['1969-12-31', '2039-01-01', '2023-02-29', '2024-13-01', '2024-04-31'],
    'range',
  );
  rejects('2004', 'cmi.interactions.0.timestamp', ['2024-05-01T25:00', '2024-05-01T13:61'], 'range');
  rejects(
    '2004',
    'cmi.interactions.0.timestamp',
    ['24-05-01', '2024/05/01', '2024-05-01 13:20', '2024-05-01T13:20:05.123', ''],
    'format',
  );
  const r = check('2004', 'cmi.interactions.0.timestamp', '2024-05-01T13:20:05Z');
  assert.match(r.ok ? '' : r.reason, /time zone may only follow fractional seconds/);
});

test('2004 identifiers (long_identifier_type)', () => {
  accepts('2004', 'cmi.objectives.0.id', [
    'obj-1',
    'urn:acme:objective:1',
    'http://example.com/o?x=1#a',
    'q%20one',
    'é1',
    'http://[::1]/o',
  ]);
  rejects(
    '2004',
    'cmi.objectives.0.id',
    ['', 'has space', 'urn:x', 'urn::y', '50%', 'a<b', 'a"b', 'a[1]'],
    'format',
  );
  rejects('2004', 'cmi.objectives.0.id', ['x'.repeat(4001)], 'spm');
});

test('2004 characterstring and localized_string SPM', () => {
  accepts('2004', 'cmi.location', ['', 'x'.repeat(1000)]);
  rejects('2004', 'cmi.location', ['x'.repeat(1001)], 'spm');
  accepts('2004', 'cmi.suspend_data', ['x'.repeat(64000)]);
  accepts('2004', 'cmi.comments_from_learner.0.comment', [
    '{lang=en}Hello',
    'plain',
    '{lang=de-CH}' + 'x'.repeat(4000),
  ]);
  rejects('2004', 'cmi.comments_from_learner.0.comment', ['{lang=english!}Hello'], 'format');
  rejects('2004', 'cmi.interactions.0.description', ['{lang=en}' + 'x'.repeat(251)], 'spm');
  accepts('2004', 'cmi.learner_preference.language', ['', 'en', 'en-US', 'fra', 'zh-Hant-TW', 'x-klingon']);
  rejects('2004', 'cmi.learner_preference.language', ['english', 'e', 'en_US', 'en-'], 'format');
});

test('2004 adl.nav.request and adl.data', () => {
  accepts('2004', 'adl.nav.request', [
    'continue',
    'previous',
    'exit',
    'exitAll',
    'abandon',
    'abandonAll',
    'suspendAll',
    '_none_',
    '{target=sco-2}choice',
    '{target=urn:a:b}jump',
  ]);
  rejects(
    '2004',
    'adl.nav.request',
    ['choice', 'jump', 'start', 'resumeAll', 'next', 'Continue'],
    'vocabulary',
  );
  rejects('2004', 'adl.nav.request', ['{target=}choice', '{target=a b}choice'], 'format');
  accepts('2004', 'adl.data.0.store', ['anything']);
  rejects('2004', 'adl.data.0.store', ['x'.repeat(64001)], 'spm');
});

test('non-string SetValue arguments: primitives are converted, objects refused', () => {
  accepts('2004', 'cmi.location', [0, true, 12n]);
  rejects('2004', 'cmi.location', [{}, null, undefined, ['a']], 'not_string');
  accepts('1.2', 'cmi.core.score.raw', [99.5]);
});
