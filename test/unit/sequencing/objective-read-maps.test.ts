import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FLOW, delivered, leaf, rule, rules, scorm2004, session } from './small-trees.js';

const WRITES_G =
  '<imsss:objectives><imsss:primaryObjective objectiveID="pA"><imsss:mapInfo targetObjectiveID="G" writeNormalizedMeasure="true" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>';
const READS_G =
  '<imsss:objectives><imsss:primaryObjective objectiveID="pB"><imsss:mapInfo targetObjectiveID="G"/></imsss:primaryObjective></imsss:objectives>';

/** A writes G; B reads G and reports its own opposite local value; B's post-condition rule turns "previous" into "continue". */
function afterB(condition: string): string {
  const s = session(
    scorm2004(
      [
        leaf('A', { seq: WRITES_G }),
        leaf('B', { seq: rules(rule('post', 'continue', [condition])) + READS_G }),
        leaf('C'),
      ],
      { orgSeq: FLOW },
    ),
  );
  assert.equal(delivered(s.navigate({ type: 'start' })), 'A');
  const toB = s.terminate('A', { successStatus: 'passed', score: { scaled: 0.95 }, navRequest: 'continue' });
  assert.equal(delivered(toB), 'B');
  return delivered(
    s.terminate('B', { successStatus: 'failed', score: { scaled: 0.1 }, navRequest: 'previous' }),
  );
}

test('a read map makes the shared measure win over the local one when the global knows it (SN objective map read)', () => {
  assert.equal(afterB('objectiveMeasureGreaterThan measureThreshold="0.9"'), 'C');
});

test('a read map makes the shared satisfied status win over the local one when the global knows it', () => {
  assert.equal(afterB('satisfied'), 'C');
});

test('with a read map and no known global value, the local status does not count (as ADL CM-13 expects)', () => {
  const s = session(
    scorm2004(
      [leaf('A'), leaf('B', { seq: rules(rule('post', 'continue', ['satisfied'])) + READS_G }), leaf('C')],
      {
        orgSeq: FLOW,
      },
    ),
  );
  delivered(s.navigate({ type: 'start' }));
  assert.equal(delivered(s.terminate('A', { navRequest: 'continue' })), 'B');
  assert.equal(delivered(s.terminate('B', { successStatus: 'passed', navRequest: 'previous' })), 'A');
});
