/** The learner's own file (global objectives, adl.data buckets): round trip, ids checked, corrupt files refused. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { LearnerStateStore, LEARNER_STATE_FORMAT } from '../../src/session/navigation/learner-state.js';
import { isScormTesterError } from '../../src/core/errors.js';
import { tempDir } from '../helpers/temp.js';

test('global objectives and shared data round-trip through the learner file', async () => {
  const store = new LearnerStateStore(tempDir('scorm-tester-learner-'));
  const first = await store.load('ann');
  first.globalObjectives.write('ann', 'g1', { satisfied: true, normalizedMeasure: 0.8 });
  first.sharedData.set('bucket', 'value');
  const path = await first.save();
  assert.equal(path, store.pathFor('ann'));
  const again = await store.load('ann');
  assert.deepEqual(again.globalObjectives.read('ann', 'g1'), { satisfied: true, normalizedMeasure: 0.8 });
  assert.equal(again.sharedData.get('bucket'), 'value');
  assert.deepEqual(again.objectiveIds(), ['g1']);
  assert.notEqual(store.pathFor('bob'), store.pathFor('ann'), 'one file per learner');
  assert.equal((await store.load('bob')).sharedData.get('bucket'), undefined);
});

test('a learner file that is unreadable, of another learner or with bad records is SESSION_STATE_CORRUPT', async () => {
  const store = new LearnerStateStore(tempDir('scorm-tester-learner-'));
  const good = await store.load('ann');
  const path = await good.save();
  const valid = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const cases: Array<[string, string]> = [
    ['{not json', 'not valid JSON'],
    [JSON.stringify({ ...valid, format: 'other' }), LEARNER_STATE_FORMAT],
    [JSON.stringify({ ...valid, learner_id: 'bob' }), '"bob"'],
    [JSON.stringify({ ...valid, global_objectives: { g: { satisfied: 'yes' } } }), 'global_objectives'],
    [JSON.stringify({ ...valid, global_objectives: { g: { __proto__x: 1 } } }), 'global_objectives'],
    [JSON.stringify({ ...valid, shared_data: { b: 42 } }), 'shared_data'],
  ];
  for (const [text, mention] of cases) {
    writeFileSync(path, text);
    await assert.rejects(store.load('ann'), (error: unknown) => {
      assert.ok(isScormTesterError(error));
      assert.equal(error.code, 'SESSION_STATE_CORRUPT');
      assert.ok(error.message.includes(mention), `${error.message} mentions ${mention}`);
      assert.match(error.message, /include_learner_state: true/);
      assert.match(error.message, /new_attempt: true/);
      return true;
    });
  }
  assert.deepEqual(await store.clear('ann'), { path, deleted: true });
  assert.equal((await store.load('ann')).objectiveIds().length, 0);
});
