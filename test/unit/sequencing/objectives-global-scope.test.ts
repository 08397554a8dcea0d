import { test } from 'node:test';
import assert from 'node:assert/strict';
import { delivered, leaf, rule, rules, scorm2004, session } from './small-trees.js';

const A_SEQ =
  rules(rule('pre', 'skip', ['attempted']), rule('post', 'exitParent', ['always'])) +
  '<imsss:objectives><imsss:primaryObjective objectiveID="pA"><imsss:mapInfo targetObjectiveID="G" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>';
const B_SEQ =
  rules(rule('pre', 'skip', ['not objectiveStatusKnown referencedObjective="obj"'])) +
  '<imsss:objectives><imsss:primaryObjective/><imsss:objective objectiveID="obj"><imsss:mapInfo targetObjectiveID="G"/></imsss:objective></imsss:objectives>';
const ROOT_RETRIES = '<imsss:controlMode flow="true"/>' + rules(rule('post', 'retry', ['always']));

/** A writes G and exits up to the root, whose post-condition retries it; B is skipped while G is unknown. */
function afterRootRetry(globalToSystem: boolean): string {
  const s = session(
    scorm2004([leaf('A', { seq: A_SEQ }), leaf('B', { seq: B_SEQ }), leaf('C')], {
      orgSeq: ROOT_RETRIES,
      orgAttrs: `adlseq:objectivesGlobalToSystem="${globalToSystem}"`,
    }),
  );
  assert.equal(delivered(s.navigate({ type: 'start' })), 'A');
  return delivered(s.terminate('A', { successStatus: 'failed', navRequest: 'continue' }));
}

test('objectivesGlobalToSystem="false": a retry of the root is a new attempt on the tree and its global objectives start unknown', () => {
  assert.equal(afterRootRetry(false), 'C');
});

test('objectivesGlobalToSystem="true": global objectives outlive a retry of the root', () => {
  assert.equal(afterRootRetry(true), 'B');
});
