import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cluster, delivered, FLOW, leaf, rule, rules, scorm2004, session } from './small-trees.js';

test('exitAll after cmi.exit="suspend": the course attempt ends, the next launch starts new attempts (no resume)', () => {
  const s = session(scorm2004([cluster('P', [leaf('A'), leaf('B')], { seq: FLOW })], { orgSeq: FLOW }));
  assert.equal(delivered(s.launch()), 'A');
  assert.equal(s.terminate('A', { exit: 'suspend', navRequest: 'exitAll' }).kind, 'ended');
  assert.equal(s.tracking.activities['P']!.isSuspended, false, 'no ancestor stays suspended');
  const again = s.launch();
  assert.equal(again.how, 'start');
  assert.equal(delivered(again), 'A');
  assert.equal(again.kind === 'deliver' && again.runtime.entry, 'ab-initio');
  assert.equal(s.tracking.activities['P']!.attemptCount, 2, 'the cluster begins a new attempt');
  assert.equal(s.tracking.activities['A']!.attemptCount, 2);
});

test('rule evaluations ignore what a child recorded in an earlier attempt on the activity tree', () => {
  const skipIfSatisfied = rules(rule('pre', 'skip', ['satisfied']));
  const xml = scorm2004([leaf('L'), leaf('A', { seq: skipIfSatisfied }), leaf('B')], { orgSeq: FLOW });
  const s = session(xml);
  assert.equal(delivered(s.launch()), 'L');
  assert.equal(delivered(s.terminate('L', { navRequest: 'continue' })), 'A');
  assert.equal(delivered(s.terminate('A', { successStatus: 'passed', navRequest: 'continue' })), 'B');
  assert.equal(s.terminate('B', { navRequest: 'exitAll' }).kind, 'ended');
  assert.equal(delivered(s.launch()), 'L');
  assert.equal(
    delivered(s.terminate('L', { navRequest: 'continue' })),
    'A',
    'A passed in the previous course attempt: unknown now, so not skipped',
  );
  assert.equal(delivered(s.terminate('A', { successStatus: 'passed', navRequest: 'continue' })), 'B');
  assert.equal(
    delivered(s.terminate('B', { navRequest: 'previous' })),
    'L',
    'within the current course attempt the satisfied A is skipped',
  );
});
