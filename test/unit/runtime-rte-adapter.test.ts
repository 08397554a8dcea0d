import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScormTesterError } from '../../src/core/errors.js';
import type { Item } from '../../src/manifest/model.js';
import {
  buildRteInit,
  launchFieldsFromItem,
  staticNavigationOracle,
  unknownNavigationOracle,
} from '../../src/rte/adapter/index.js';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ScormTesterError, String(err));
    return err.code;
  }
  return 'no error';
}

test('2004 launch data becomes engine values, with LMS defaults', () => {
  const init = buildRteInit({
    version: '2004',
    scoId: 'sco-1',
    learnerId: 'u42',
    learnerName: 'Doe, Jane',
    launchData: 'chapter=3',
    completionThreshold: '0.8',
    scaledPassingScore: ' 0.7 ',
    maxTimeAllowed: 'PT1H30M',
    timeLimitAction: 'exit,message',
    objectiveIds: ['obj-a', 'obj-b', 'obj-a'],
    credit: 'no-credit',
    mode: 'review',
  });
  assert.equal(init.version, '2004');
  assert.equal(init.settings.lmsCommitUrl, false);
  assert.equal(init.settings.autocommit, false);
  assert.deepEqual(init.values, {
    'cmi.learner_id': 'u42',
    'cmi.learner_name': 'Doe, Jane',
    'cmi.credit': 'no-credit',
    'cmi.mode': 'review',
    'cmi.entry': 'ab-initio',
    'cmi.launch_data': 'chapter=3',
    'cmi.total_time': 'PT0S',
    'cmi.completion_threshold': '0.8',
    'cmi.scaled_passing_score': '0.7',
    'cmi.max_time_allowed': 'PT1H30M',
    'cmi.time_limit_action': 'exit,message',
    'cmi.objectives.0.id': 'obj-a',
    'cmi.objectives.1.id': 'obj-b',
  });
});

test('1.2 launch data maps to the 1.2 element names', () => {
  const init = buildRteInit({
    version: '1.2',
    scoId: 'item1',
    masteryScore: '80',
    maxTimeAllowed: '0001:30:00',
    timeLimitAction: 'continue,no message',
    launchData: 'x',
  });
  assert.equal(init.values['cmi.core.student_id'], 'learner-1');
  assert.equal(init.values['cmi.core.lesson_mode'], 'normal');
  assert.equal(init.values['cmi.core.entry'], 'ab-initio');
  assert.equal(init.values['cmi.core.total_time'], '0000:00:00');
  assert.equal(init.values['cmi.student_data.mastery_score'], '80');
  assert.equal(init.values['cmi.student_data.max_time_allowed'], '0001:30:00');
  assert.equal(init.values['cmi.student_data.time_limit_action'], 'continue,no message');
  assert.equal(init.values['cmi.launch_data'], 'x');
});

test('restored data resumes the attempt but never overrides launch-owned elements', () => {
  const init = buildRteInit({
    version: '2004',
    scoId: 's',
    learnerName: 'New Name',
    objectiveIds: ['obj-a', 'obj-new'],
    restore: {
      'cmi.location': 'slide_5',
      'cmi.suspend_data': '{"p":5}',
      'cmi.exit': 'suspend',
      'cmi.session_time': 'PT5M',
      'cmi.learner_name': 'Old Name',
      'cmi.total_time': 'PT10M',
      'cmi.objectives._count': '1',
      'cmi.objectives.0.id': 'obj-a',
      'cmi.objectives.0.success_status': 'passed',
      'adl.nav.request': 'continue',
    },
  });
  assert.equal(init.values['cmi.entry'], 'resume');
  assert.equal(init.values['cmi.location'], 'slide_5');
  assert.equal(init.values['cmi.total_time'], 'PT10M');
  assert.equal(init.values['cmi.learner_name'], 'New Name');
  assert.equal(init.values['cmi.exit'], undefined);
  assert.equal(init.values['cmi.session_time'], undefined);
  assert.equal(init.values['cmi.objectives._count'], undefined);
  assert.equal(init.values['adl.nav.request'], undefined);
  assert.equal(init.values['cmi.objectives.0.success_status'], 'passed');
  // Manifest objectives already present are not duplicated; new ones are appended.
  assert.equal(init.values['cmi.objectives.1.id'], 'obj-new');
  assert.equal(init.values['cmi.objectives.2.id'], undefined);
});

test('values the engine would reject fail fast with a precise message', () => {
  assert.equal(
    code(() => buildRteInit({ version: '2004', scoId: 's', completionThreshold: '1.5' })),
    'INVALID_ARGUMENT',
  );
  assert.equal(
    code(() => buildRteInit({ version: '2004', scoId: 's', maxTimeAllowed: '01:00:00' })),
    'INVALID_ARGUMENT',
  );
  assert.equal(
    code(() => buildRteInit({ version: '1.2', scoId: 's', maxTimeAllowed: 'PT1H' })),
    'INVALID_ARGUMENT',
  );
  assert.equal(
    code(() => buildRteInit({ version: '1.2', scoId: 's', masteryScore: '80%' })),
    'INVALID_ARGUMENT',
  );
  assert.equal(
    code(() => buildRteInit({ version: '1.2', scoId: 's', timeLimitAction: 'stop' })),
    'INVALID_ARGUMENT',
  );
  assert.equal(
    code(() => buildRteInit({ version: '2004', scoId: 's', masteryScore: '80' })),
    'INVALID_ARGUMENT',
  );
  assert.equal(
    code(() => buildRteInit({ version: '2004', scoId: '' })),
    'INVALID_ARGUMENT',
  );
  try {
    buildRteInit({ version: '1.2', scoId: 'item7', masteryScore: '180' });
  } catch (err) {
    assert.match((err as Error).message, /item7/);
    assert.match((err as Error).message, /between 0 and 100/);
  }
});

test('manifest items give their launch fields (2004 sequencing and 1.2 adlcp elements)', () => {
  const item2004 = {
    dataFromLMS: 'd',
    timeLimitAction: 'continue,message',
    completionThreshold: { minProgressMeasure: '0.8', text: null, completedByMeasure: true },
    sequencing: {
      idRef: null,
      objectives: {
        primary: { objectiveID: 'p', satisfiedByMeasure: true, minNormalizedMeasure: null },
        others: [{ objectiveID: 'o2' }, { objectiveID: null }],
      },
      limitConditions: { attemptAbsoluteDurationLimit: 'PT30M' },
    },
  } as unknown as Item;
  assert.deepEqual(launchFieldsFromItem(item2004, '2004'), {
    launchData: 'd',
    completionThreshold: '0.8',
    scaledPassingScore: '1.0',
    maxTimeAllowed: 'PT30M',
    timeLimitAction: 'continue,message',
    objectiveIds: ['p', 'o2'],
  });
  const item12 = {
    datafromlms: 'x',
    masteryscore: '75',
    maxtimeallowed: '00:10:00',
    timelimitaction: null,
  } as unknown as Item;
  assert.deepEqual(launchFieldsFromItem(item12, '1.2'), {
    launchData: 'x',
    masteryScore: '75',
    maxTimeAllowed: '00:10:00',
    timeLimitAction: null,
    objectiveIds: [],
  });
});

test('navigation oracles: unknown by default, fixed answers on request', () => {
  const u = unknownNavigationOracle.snapshot('x');
  assert.equal(u.requests.continue, 'unknown');
  assert.equal(u.otherTargets, 'unknown');
  const s = staticNavigationOracle({ requests: { continue: 'true' }, choice: { intro: 'false' } }).snapshot(
    'x',
  );
  assert.equal(s.requests.continue, 'true');
  assert.equal(s.requests.previous, 'unknown');
  assert.equal(s.choice.intro, 'false');
});
