import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareElements,
  elementMetadata,
  patternMatcher,
  readElement,
  selectElements,
} from '../../src/runtime/data-model/index.js';

const SNAP_2004: Record<string, string> = {
  'cmi.location': 'p2',
  'cmi.completion_status': 'incomplete',
  'cmi.interactions._count': '2',
  'cmi.interactions.0.id': 'q1',
  'cmi.interactions.0.result': 'correct',
  'cmi.interactions.0.objectives._count': '0',
  'cmi.interactions.1.id': 'q2',
  'cmi.interactions.1.result': 'wrong',
  'cmi.interactions.1.objectives._count': '0',
  'cmi.objectives._count': '0',
  'cmi.session_time': 'PT0S',
};

test('patternMatcher: interior * is one segment, trailing * is everything below', () => {
  const ids = patternMatcher('cmi.interactions.*.id');
  assert.ok(ids('cmi.interactions.0.id'));
  assert.ok(!ids('cmi.interactions.0.objectives.0.id'));
  const below = patternMatcher('cmi.interactions.*');
  assert.ok(below('cmi.interactions._count'));
  assert.ok(below('cmi.interactions.1.objectives._count'));
  assert.ok(!below('cmi.interactions'));
  assert.ok(patternMatcher('cmi.core.lesson_*')('cmi.core.lesson_status'));
  assert.ok(!patternMatcher('cmi.score.raw')('cmiXscore.raw'), 'dots are literal');
});

test('compareElements orders numeric segments by value', () => {
  const names = ['cmi.objectives.10.id', 'cmi.objectives.2.id', 'cmi.objectives._count', 'cmi.location'];
  assert.deepEqual(names.sort(compareElements), [
    'cmi.location',
    'cmi.objectives.2.id',
    'cmi.objectives.10.id',
    'cmi.objectives._count',
  ]);
});

test('selectElements: no names returns the whole snapshot in natural order', () => {
  const { data, errors } = selectElements('2004', SNAP_2004, {});
  assert.equal(Object.keys(data).length, Object.keys(SNAP_2004).length);
  assert.deepEqual(errors, []);
  assert.equal(Object.keys(data)[0], 'cmi.completion_status');
});

test('selectElements: wildcards expand over the collection, exact names read as given', () => {
  const { data, errors } = selectElements('2004', SNAP_2004, {
    elements: ['cmi.location'],
    patterns: ['cmi.interactions.*.id'],
  });
  assert.deepEqual(data, {
    'cmi.interactions.0.id': 'q1',
    'cmi.interactions.1.id': 'q2',
    'cmi.location': 'p2',
  });
  assert.deepEqual(errors, []);
  // A * in `elements` is a pattern too.
  const all = selectElements('2004', SNAP_2004, { elements: ['cmi.interactions.*'] });
  assert.equal(all.data['cmi.interactions._count'], '2');
  assert.equal(all.data['cmi.interactions.1.result'], 'wrong');
});

test('selectElements: a pattern over an empty collection reports its _count', () => {
  const { data, errors } = selectElements('2004', SNAP_2004, { patterns: ['cmi.objectives.*.id'] });
  assert.deepEqual(data, {});
  assert.equal(errors.length, 1);
  assert.equal(errors[0]?.reason, 'no_match');
  assert.match(errors[0]?.message ?? '', /cmi\.objectives\._count is 0/);
});

test('readElement: keywords come from the catalogue; wrong names and indices explain themselves', () => {
  assert.deepEqual(readElement('2004', SNAP_2004, 'cmi._version'), { value: '1.0' });
  assert.deepEqual(readElement('1.2', {}, 'cmi._version'), { value: '3.4' });
  const children = readElement('1.2', {}, 'cmi.core._children');
  assert.ok('value' in children && children.value.split(',').includes('lesson_status'));

  const wrongVersion = readElement('2004', SNAP_2004, 'cmi.core.lesson_status');
  assert.ok('error' in wrongVersion);
  assert.equal(wrongVersion.error.reason, 'unknown_element');
  assert.match(wrongVersion.error.message, /SCORM 1\.2 element.*cmi\.completion_status/);

  const typo = readElement('2004', SNAP_2004, 'cmi.locaton');
  assert.ok('error' in typo && /spelling/.test(typo.error.message));

  const beyond = readElement('2004', SNAP_2004, 'cmi.interactions.5.id');
  assert.ok('error' in beyond);
  assert.equal(beyond.error.reason, 'index_out_of_range');
  assert.match(beyond.error.message, /cmi\.interactions\._count is 2/);

  const nested = readElement('2004', SNAP_2004, 'cmi.interactions.0.objectives.0.id');
  assert.ok('error' in nested && nested.error.reason === 'index_out_of_range');
  assert.match(nested.error.message, /cmi\.interactions\.0\.objectives\._count is 0/);
});

test('elementMetadata: access and type from the catalogue', () => {
  const sessionTime = elementMetadata('2004', 'cmi.session_time');
  assert.equal(sessionTime?.access, 'wo');
  assert.equal(typeof sessionTime?.type, 'string');
  assert.ok(sessionTime?.expected);
  assert.equal(elementMetadata('2004', 'cmi.interactions._count')?.keyword, '_count');
  assert.equal(elementMetadata('1.2', 'cmi.core.student_name')?.access, 'ro');
  assert.equal(elementMetadata('1.2', 'cmi.nope'), null);
});
