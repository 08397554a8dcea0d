import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryGlobalObjectiveStore } from '../../../src/sequencing/index.js';
import { FLOW, cluster, delivered, leaf, rule, rules, scorm2004, session } from './small-trees.js';
import { spelledOut } from '../../helpers/course-text.js';

const ONE_ATTEMPT = '<imsss:limitConditions attemptLimit="1"/>';
const CHOICE_FLOW = '<imsss:controlMode choice="true" flow="true"/>';

test('validity judges the request on the state the current activity exit would leave: an exit action rule of its parent', () => {
  const s = session(
    scorm2004(
      [
        leaf('A', { seq: ONE_ATTEMPT }),
        cluster('M', [leaf('B1'), leaf('B2')], {
          seq: CHOICE_FLOW + rules(rule('exit', 'exit', ['always'])),
        }),
      ],
      { orgSeq: CHOICE_FLOW },
    ),
  );
  delivered(s.navigate({ type: 'start' }));
  assert.equal(delivered(s.terminate('A', { navRequest: 'continue' })), 'B1');
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'B2' })), 'B2');
  // Exiting B2 also exits M (its exit action rule), so previous starts from M: back to A, which is used up.
  const verdict = s.isValid({ type: 'previous' });
  assert.equal(verdict.valid, false);
  assert.match(spelledOut(verdict, verdict.reason ?? ''), /"A"/);
  assert.equal(s.validity().requests.previous, 'false');
  assert.equal(s.navigate({ type: 'previous' }).kind, 'denied', 'the request really is refused');
});

test('a post-condition rule of the current activity replaces the request: the verdict (and its reason) follow the replacement', () => {
  const s = session(
    scorm2004(
      [
        leaf('A', { seq: ONE_ATTEMPT }),
        leaf('B', { seq: rules(rule('post', 'previous', ['always'])) }),
        leaf('C'),
      ],
      { orgSeq: CHOICE_FLOW },
    ),
  );
  delivered(s.navigate({ type: 'start' }));
  assert.equal(delivered(s.terminate('A', { navRequest: 'continue' })), 'B');
  const verdict = s.isValid({ type: 'choice', target: 'C' });
  assert.equal(verdict.valid, false);
  assert.match(verdict.reason ?? '', /post-condition rule that turns choice into previous/);
  assert.equal(s.validity().choice['C'], 'false');
  assert.equal(s.navigate({ type: 'choice', target: 'C' }).kind, 'denied');
});

test('ending the current attempt writes shared objectives first: a target enabled by that write is valid', () => {
  const writesG =
    '<imsss:objectives><imsss:primaryObjective objectiveID="pB"><imsss:mapInfo targetObjectiveID="G" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>';
  const gatedByG =
    rules(rule('pre', 'disabled', ['not objectiveStatusKnown referencedObjective="obj"'])) +
    '<imsss:objectives><imsss:primaryObjective/><imsss:objective objectiveID="obj"><imsss:mapInfo targetObjectiveID="G"/></imsss:objective></imsss:objectives>';
  const globals = createMemoryGlobalObjectiveStore();
  const s = session(
    scorm2004([leaf('B', { seq: writesG }), leaf('C', { seq: gatedByG })], { orgSeq: CHOICE_FLOW }),
    {
      globalObjectives: globals,
    },
  );
  delivered(s.navigate({ type: 'start' }));
  assert.equal(
    s.isValid({ type: 'choice', target: 'C' }).valid,
    true,
    'B ends satisfied by default and writes G',
  );
  assert.deepEqual(globals.entries(), [], 'the preview wrote nothing to the real store');
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'C' })), 'C');
});

test('validity and navigationState leave the session exactly as it was (tracking state and shared objectives)', () => {
  const globals = createMemoryGlobalObjectiveStore();
  const writes =
    '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="G" writeSatisfiedStatus="true" writeNormalizedMeasure="true"/></imsss:primaryObjective></imsss:objectives>';
  const s = session(
    scorm2004(
      [
        cluster('M', [leaf('A', { seq: writes + ONE_ATTEMPT }), leaf('B')], {
          seq: CHOICE_FLOW + rules(rule('post', 'exitParent', ['satisfied'])),
        }),
        leaf('C'),
      ],
      { orgSeq: FLOW + rules(rule('post', 'retry', ['always'])) },
    ),
    { globalObjectives: globals },
  );
  delivered(s.navigate({ type: 'start' }));
  s.commit('A', { successStatus: 'passed', score: { scaled: 0.8 } });
  const before = JSON.stringify(s.serialize());
  const globalsBefore = JSON.stringify(globals.entries());
  s.navigationState();
  for (const type of ['continue', 'previous', 'retry', 'exitAll', 'suspendAll'] as const) s.isValid({ type });
  s.isValid({ type: 'choice', target: 'C' });
  assert.equal(JSON.stringify(s.serialize()), before);
  assert.equal(JSON.stringify(globals.entries()), globalsBefore);
  assert.equal(s.currentActivity, 'A');
});
