import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listElements, lookupElement, type ScormVersion } from '../../src/rte/datamodel/index.js';

function access(version: ScormVersion, name: string): string | undefined {
  return lookupElement(version, name)?.access;
}

test('SCORM 1.2: concrete indexed names resolve to their patterns with indices', () => {
  const info = lookupElement('1.2', 'cmi.interactions.12.correct_responses.3.pattern');
  assert.equal(info?.pattern, 'cmi.interactions.n.correct_responses.n.pattern');
  assert.deepEqual(info?.indices, [12, 3]);
  assert.equal(info?.version, '1.2');
  assert.equal(info?.name, 'cmi.interactions.12.correct_responses.3.pattern');
  assert.equal(lookupElement('1.2', 'cmi.objectives.0.score.raw')?.pattern, 'cmi.objectives.n.score.raw');
});

test('SCORM 1.2: unknown, half-indexed and placeholder names are rejected', () => {
  for (const name of [
    'cmi.core.lesson_statuss',
    'cmi.completion_status',
    'cmi.interactions.id',
    'cmi.interactions.n.id',
    'cmi.interactions.x.id',
    'cmi.core',
    'cmi.core.score',
    'cmi._children',
    '',
  ]) {
    assert.equal(lookupElement('1.2', name), undefined, name);
  }
});

test('SCORM 1.2: access of representative elements', () => {
  const expected: Record<string, string> = {
    'cmi.core.student_id': 'ro',
    'cmi.core.student_name': 'ro',
    'cmi.core.lesson_location': 'rw',
    'cmi.core.credit': 'ro',
    'cmi.core.lesson_status': 'rw',
    'cmi.core.entry': 'ro',
    'cmi.core.score.raw': 'rw',
    'cmi.core.total_time': 'ro',
    'cmi.core.lesson_mode': 'ro',
    'cmi.core.exit': 'wo',
    'cmi.core.session_time': 'wo',
    'cmi.suspend_data': 'rw',
    'cmi.launch_data': 'ro',
    'cmi.comments': 'rw',
    'cmi.comments_from_lms': 'ro',
    'cmi.objectives.0.id': 'rw',
    'cmi.objectives.0.status': 'rw',
    'cmi.student_data.mastery_score': 'ro',
    'cmi.student_preference.audio': 'rw',
    'cmi.interactions.0.id': 'wo',
    'cmi.interactions.0.objectives.0.id': 'wo',
    'cmi.interactions.0.student_response': 'wo',
    'cmi.interactions.0.latency': 'wo',
    'cmi.interactions._count': 'ro',
    'cmi.interactions.0.objectives._count': 'ro',
    'cmi._version': 'ro',
  };
  for (const [name, acc] of Object.entries(expected)) assert.equal(access('1.2', name), acc, name);
});

test('SCORM 2004: access of representative elements', () => {
  const expected: Record<string, string> = {
    'cmi.completion_status': 'rw',
    'cmi.success_status': 'rw',
    'cmi.completion_threshold': 'ro',
    'cmi.credit': 'ro',
    'cmi.entry': 'ro',
    'cmi.exit': 'wo',
    'cmi.session_time': 'wo',
    'cmi.total_time': 'ro',
    'cmi.learner_id': 'ro',
    'cmi.learner_name': 'ro',
    'cmi.location': 'rw',
    'cmi.mode': 'ro',
    'cmi.progress_measure': 'rw',
    'cmi.scaled_passing_score': 'ro',
    'cmi.score.scaled': 'rw',
    'cmi.suspend_data': 'rw',
    'cmi.launch_data': 'ro',
    'cmi.max_time_allowed': 'ro',
    'cmi.time_limit_action': 'ro',
    'cmi.interactions.4.learner_response': 'rw',
    'cmi.interactions.4.id': 'rw',
    'cmi.comments_from_learner.0.comment': 'rw',
    'cmi.comments_from_lms.0.comment': 'ro',
    'cmi.objectives.2.score.scaled': 'rw',
    'adl.nav.request': 'rw',
    'adl.nav.request_valid.continue': 'ro',
    'adl.data.0.id': 'ro',
    'adl.data.0.store': 'rw',
    'cmi._version': 'ro',
  };
  for (const [name, acc] of Object.entries(expected)) assert.equal(access('2004', name), acc, name);
});

test('SCORM 2004: 1.2 names and bogus keywords are not in the model', () => {
  for (const name of [
    'cmi.core.lesson_status',
    'cmi.core.score.raw',
    'cmi.interactions.0.student_response',
    'cmi.interactions.0.objectives._children',
    'cmi.interactions.0.time',
    'cmi.student_preference.audio',
    'adl.nav.request_valid.choice',
    'adl.nav.request_valid.choice.{target=}',
    'adl.nav.request_valid.choice.target',
  ]) {
    assert.equal(lookupElement('2004', name), undefined, name);
  }
});

test('SCORM 2004: navigation targets are captured whole, dots included', () => {
  const info = lookupElement('2004', 'adl.nav.request_valid.choice.{target=module.2-a}');
  assert.equal(info?.pattern, 'adl.nav.request_valid.choice.{target=ID}');
  assert.equal(info?.target, 'module.2-a');
  assert.equal(info?.access, 'ro');
  assert.equal(lookupElement('2004', 'adl.nav.request_valid.jump.{target=x}')?.target, 'x');
});

test('keyword elements: _children lists, _count and _version', () => {
  assert.deepEqual(lookupElement('1.2', 'cmi.core._children')?.children, [
    'student_id',
    'student_name',
    'lesson_location',
    'credit',
    'lesson_status',
    'entry',
    'score',
    'total_time',
    'lesson_mode',
    'exit',
    'session_time',
  ]);
  assert.deepEqual(lookupElement('1.2', 'cmi.core.score._children')?.children, ['raw', 'min', 'max']);
  assert.deepEqual(lookupElement('1.2', 'cmi.interactions._children')?.children, [
    'id',
    'objectives',
    'time',
    'type',
    'correct_responses',
    'weighting',
    'student_response',
    'result',
    'latency',
  ]);
  assert.deepEqual(lookupElement('2004', 'cmi.score._children')?.children, ['scaled', 'raw', 'min', 'max']);
  assert.deepEqual(lookupElement('2004', 'cmi.objectives.3.score._children')?.children, [
    'scaled',
    'raw',
    'min',
    'max',
  ]);
  assert.deepEqual(lookupElement('2004', 'cmi.interactions._children')?.children, [
    'id',
    'type',
    'objectives',
    'timestamp',
    'correct_responses',
    'weighting',
    'learner_response',
    'result',
    'latency',
    'description',
  ]);
  assert.deepEqual(lookupElement('2004', 'adl.data._children')?.children, ['id', 'store']);
  assert.equal(lookupElement('2004', 'cmi.interactions.0.correct_responses._count')?.keyword, '_count');
  assert.equal(lookupElement('1.2', 'cmi._version')?.keyword, '_version');
  assert.equal(lookupElement('1.2', 'cmi._version')?.type.check('3.4'), undefined);
  assert.equal(lookupElement('2004', 'cmi._version')?.type.check('1.0'), undefined);
});

test('catalogue lists are complete and unique', () => {
  for (const version of ['1.2', '2004'] as const) {
    const patterns = listElements(version).map((d) => d.pattern);
    assert.equal(new Set(patterns).size, patterns.length, `${version} has duplicate patterns`);
    for (const d of listElements(version)) {
      if (d.keyword) assert.equal(d.access, 'ro', d.pattern);
      assert.ok(d.type.expected.length > 0, d.pattern);
    }
  }
  assert.equal(listElements('1.2').length, 50);
  assert.equal(listElements('2004').length, 74);
});
