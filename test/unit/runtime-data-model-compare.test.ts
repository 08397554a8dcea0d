import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScormTesterError } from '../../src/core/errors.js';
import { compareSnapshots, flattenSnapshot } from '../../src/runtime/data-model/index.js';

test('compareSnapshots: added, changed, unchanged and removed, in natural order', () => {
  const diff = compareSnapshots(
    { 'cmi.location': 'p1', 'cmi.score.raw': '', 'cmi.exit': '', 'cmi.objectives.10.id': 'x' },
    { 'cmi.location': 'p2', 'cmi.score.raw': '', 'cmi.objectives.2.id': 'o2', 'cmi.objectives.10.id': 'x' },
  );
  assert.deepEqual(diff.summary, { total_elements: 5, added: 1, changed: 1, unchanged: 2, removed: 1 });
  assert.deepEqual(diff.changed, [{ element: 'cmi.location', before: 'p1', after: 'p2' }]);
  assert.deepEqual(diff.added, [{ element: 'cmi.objectives.2.id', value: 'o2' }]);
  assert.deepEqual(diff.removed, [{ element: 'cmi.exit', value: '' }]);
  assert.deepEqual(
    diff.unchanged.map((u) => u.element),
    ['cmi.objectives.10.id', 'cmi.score.raw'],
  );
});

test('compareSnapshots: types matter ("80" is not 80)', () => {
  const diff = compareSnapshots({ 'cmi.score.raw': '80' }, { 'cmi.score.raw': 80 });
  assert.equal(diff.summary.changed, 1);
});

test('flattenSnapshot: nested objects, arrays and whole scorm_data_model_get results', () => {
  const nested = flattenSnapshot({
    cmi: { location: 'p1', interactions: [{ id: 'q1' }, { id: 'q2' }], comments: {} },
  });
  assert.deepEqual(Object.fromEntries(nested), {
    'cmi.location': 'p1',
    'cmi.interactions.0.id': 'q1',
    'cmi.interactions.1.id': 'q2',
    'cmi.comments': {},
  });
  const wrapped = flattenSnapshot({ data: { 'cmi.location': 'p1' }, element_count: 1 });
  assert.deepEqual(Object.fromEntries(wrapped), { 'cmi.location': 'p1' });
  // A snapshot that happens to hold a "data" key is not unwrapped.
  assert.ok(flattenSnapshot({ data: { x: 1 }, 'cmi.location': 'p' }).has('data.x'));
});

test('flattenSnapshot: a non-object is INVALID_ARGUMENT naming the side', () => {
  assert.throws(
    () => compareSnapshots({}, ['a']),
    (e) => isScormTesterError(e) && e.code === 'INVALID_ARGUMENT' && /after/.test(e.message),
  );
});
