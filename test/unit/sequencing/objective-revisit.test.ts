/**
 * An activity revisited within one attempt of its parent, with an objective satisfied by measure and
 * mapped to several globals (reads and writes on different global objectives). SN book: the measure is
 * read through the readNormalizedMeasure map when the global knows it, else the local one counts; a new
 * attempt starts the local objective unknown; and what the new attempt never learned does not erase
 * what the earlier attempt wrote to its global objectives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryGlobalObjectiveStore, type SessionOutcome } from '../../../src/sequencing/index.js';
import { delivered, FLOW, leaf, scorm2004, session } from './small-trees.js';

function byMeasure(id: string, maps: string): string {
  return `<imsss:objectives><imsss:primaryObjective objectiveID="${id}" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>${maps}</imsss:primaryObjective></imsss:objectives>`;
}

/** A reads measure and status from g-read, writes them to g-measure and g-status; C reads g-measure and g-status. */
const A = byMeasure(
  'pa',
  `<imsss:mapInfo targetObjectiveID="g-read"/>
   <imsss:mapInfo targetObjectiveID="g-measure" readSatisfiedStatus="false" readNormalizedMeasure="false" writeNormalizedMeasure="true"/>
   <imsss:mapInfo targetObjectiveID="g-status" readSatisfiedStatus="false" readNormalizedMeasure="false" writeSatisfiedStatus="true"/>`,
);
const C_MEASURE = byMeasure('pc', '<imsss:mapInfo targetObjectiveID="g-measure"/>');
const C_STATUS =
  '<imsss:objectives><imsss:primaryObjective objectiveID="pc"><imsss:mapInfo targetObjectiveID="g-status"/></imsss:primaryObjective></imsss:objectives>';

function objectiveInit(o: SessionOutcome, id: string) {
  assert.equal(o.kind, 'deliver');
  return o.kind === 'deliver' ? o.runtime.objectives.find((x) => x.id === id) : undefined;
}

function revisit(cSeq: string) {
  const store = createMemoryGlobalObjectiveStore();
  const s = session(
    scorm2004([leaf('A', { seq: A }), leaf('B'), leaf('C', { seq: cSeq })], { orgSeq: FLOW }),
    { globalObjectives: store, learnerId: 'L' },
  );
  assert.equal(delivered(s.navigate({ type: 'start' })), 'A');
  const first = { objectives: [{ id: 'pa', score: { scaled: 0.8 } }], navRequest: 'continue' };
  assert.equal(delivered(s.terminate('A', first)), 'B');
  assert.deepEqual(store.read('L', 'g-measure'), { normalizedMeasure: 0.8 });
  assert.deepEqual(store.read('L', 'g-status'), { satisfied: true });
  const again = s.terminate('B', { navRequest: 'previous' });
  assert.equal(delivered(again), 'A');
  assert.equal(s.tracking.activities['A']!.attemptCount, 2, 'a new attempt on A within the root’s attempt');
  assert.equal(s.tracking.activities['']?.attemptCount ?? 1, 1);
  // g-read knows nothing and the new attempt starts the local objective unknown.
  assert.equal(objectiveInit(again, 'pa')?.successStatus, 'unknown');
  // The revisit reports nothing about pa: what the first attempt wrote must stay.
  assert.equal(delivered(s.terminate('A', { navRequest: 'continue' })), 'B');
  return { s, store };
}

test('a revisit that reports no measure leaves the measure and status the first attempt wrote to its globals', () => {
  const { store } = revisit(C_MEASURE);
  assert.deepEqual(store.read('L', 'g-measure'), { normalizedMeasure: 0.8 });
  assert.deepEqual(store.read('L', 'g-status'), { satisfied: true });
});

test('an objective satisfied by measure reads the measure another activity wrote: passed, not unknown', () => {
  const { s } = revisit(C_MEASURE);
  const c = s.terminate('B', { navRequest: 'continue' });
  assert.equal(delivered(c), 'C');
  assert.deepEqual([objectiveInit(c, 'pc')?.successStatus, objectiveInit(c, 'pc')?.scaled], ['passed', 0.8]);
});

test('an objective reading the status written by measure sees it satisfied after the revisit', () => {
  const { s } = revisit(C_STATUS);
  const c = s.terminate('B', { navRequest: 'continue' });
  assert.equal(objectiveInit(c, 'pc')?.successStatus, 'passed');
});

test('a revisit that does report a measure replaces what the first attempt wrote', () => {
  const store = createMemoryGlobalObjectiveStore();
  const s = session(
    scorm2004([leaf('A', { seq: A }), leaf('B'), leaf('C', { seq: C_MEASURE })], { orgSeq: FLOW }),
    { globalObjectives: store, learnerId: 'L' },
  );
  s.navigate({ type: 'start' });
  s.terminate('A', { objectives: [{ id: 'pa', score: { scaled: 0.8 } }], navRequest: 'continue' });
  s.terminate('B', { navRequest: 'previous' });
  s.terminate('A', { objectives: [{ id: 'pa', score: { scaled: 0.3 } }], navRequest: 'continue' });
  assert.deepEqual(store.read('L', 'g-measure'), { normalizedMeasure: 0.3 });
  assert.deepEqual(store.read('L', 'g-status'), { satisfied: false });
  const c = s.terminate('B', { navRequest: 'continue' });
  assert.equal(objectiveInit(c, 'pc')?.successStatus, 'failed');
});

test('extended scores (adlseq write maps) are not erased by a revisit that reports none of it', () => {
  const writes = `<imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives>
    <adlseq:objectives><adlseq:objective objectiveID="p"><adlseq:mapInfo targetObjectiveID="g-ext" readRawScore="false" readMaxScore="false" writeRawScore="true" writeMaxScore="true"/></adlseq:objective></adlseq:objectives>`;
  const store = createMemoryGlobalObjectiveStore();
  const s = session(scorm2004([leaf('A', { seq: writes }), leaf('B')], { orgSeq: FLOW }), {
    globalObjectives: store,
    learnerId: 'L',
  });
  s.navigate({ type: 'start' });
  s.terminate('A', { score: { raw: 42, max: 50 }, navRequest: 'continue' });
  assert.deepEqual(store.read('L', 'g-ext'), { rawScore: 42, maxScore: 50 });
  assert.equal(delivered(s.terminate('B', { navRequest: 'previous' })), 'A');
  s.terminate('A', { navRequest: 'continue' });
  assert.deepEqual(store.read('L', 'g-ext'), { rawScore: 42, maxScore: 50 });
  // A report that does carry a value replaces it.
  s.terminate('B', { navRequest: 'previous' });
  s.terminate('A', { score: { raw: 7 }, navRequest: 'continue' });
  assert.deepEqual(store.read('L', 'g-ext'), { rawScore: 7, maxScore: 50 });
});
