/**
 * Several read maps on one objective, and a measure read from a global that does not know it.
 * Ruling (see readThroughMaps in src/sequencing/objective-maps.ts): the last map in manifest order whose
 * global knows the value wins (ADL's sample RTE reads the last read map; the CAM book reads a global only
 * when it knows the value); with no global knowing a measure, the local measure counts (CAM mapInfo
 * readNormalizedMeasure, SN RB.1.2.a).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryGlobalObjectiveStore, type SessionOutcome } from '../../../src/sequencing/index.js';
import type { GlobalObjectiveRecord } from '../../../src/sequencing/tracking-model.js';
import { delivered, FLOW, leaf, rule, rules, scorm2004, session } from './small-trees.js';

function objectiveInit(o: SessionOutcome, id: string) {
  assert.equal(o.kind, 'deliver');
  return o.kind === 'deliver' ? o.runtime.objectives.find((x) => x.id === id) : undefined;
}

function primary(id: string, maps: string, byMeasure = false): string {
  const measure = byMeasure ? ' satisfiedByMeasure="true"' : '';
  const min = byMeasure ? '<imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>' : '';
  return `<imsss:objectives><imsss:primaryObjective objectiveID="${id}"${measure}>${min}${maps}</imsss:primaryObjective></imsss:objectives>`;
}

/** The runtime initialization of objective "p" of the first activity, with the globals preset. */
function launchWith(seq: string, globals: Record<string, GlobalObjectiveRecord>) {
  const store = createMemoryGlobalObjectiveStore();
  for (const [id, record] of Object.entries(globals)) store.write('L', id, record);
  const s = session(scorm2004([leaf('A', { seq }), leaf('B')], { orgSeq: FLOW }), {
    globalObjectives: store,
    learnerId: 'L',
  });
  const start = s.navigate({ type: 'start' });
  assert.equal(delivered(start), 'A');
  return objectiveInit(start, 'p');
}

const TWO_READS = '<imsss:mapInfo targetObjectiveID="g1"/><imsss:mapInfo targetObjectiveID="g2"/>';

test('two read maps that both know a satisfied status: the last map wins', () => {
  const o = launchWith(primary('p', TWO_READS), { g1: { satisfied: false }, g2: { satisfied: true } });
  assert.equal(o?.successStatus, 'passed');
  const reversed = launchWith(primary('p', TWO_READS), { g1: { satisfied: true }, g2: { satisfied: false } });
  assert.equal(reversed?.successStatus, 'failed');
});

test('the last read map knows nothing: an earlier map that knows the status counts', () => {
  const o = launchWith(primary('p', TWO_READS), { g1: { satisfied: true } });
  assert.equal(o?.successStatus, 'passed');
});

test('a later map that does not read satisfaction does not take part', () => {
  const maps =
    '<imsss:mapInfo targetObjectiveID="g1"/><imsss:mapInfo targetObjectiveID="g2" readSatisfiedStatus="false"/>';
  const o = launchWith(primary('p', maps), { g1: { satisfied: true }, g2: { satisfied: false } });
  assert.equal(o?.successStatus, 'passed');
});

test('two read maps that both know a measure: the last map gives the measure and the status by measure', () => {
  const o = launchWith(primary('p', TWO_READS, true), {
    g1: { normalizedMeasure: 0.9 },
    g2: { normalizedMeasure: 0.2 },
  });
  assert.deepEqual([o?.scaled, o?.successStatus], [0.2, 'failed']);
});

test('extended objective maps (adlseq): the last read map that knows a raw score wins', () => {
  const seq = `${primary('p', '')}<adlseq:objectives><adlseq:objective objectiveID="p">
    <adlseq:mapInfo targetObjectiveID="g1"/><adlseq:mapInfo targetObjectiveID="g2"/><adlseq:mapInfo targetObjectiveID="g3"/>
  </adlseq:objective></adlseq:objectives>`;
  const o = launchWith(seq, { g1: { rawScore: 10 }, g2: { rawScore: 20 }, g3: {} });
  assert.equal(o?.raw, 20);
});

test('satisfied by measure, the read global has no measure: the local measure decides (not unknown)', () => {
  // B's post-condition rule turns "previous" into "continue" when B's objective is satisfied.
  const bSeq =
    rules(rule('post', 'continue', ['satisfied'])) +
    primary('p', '<imsss:mapInfo targetObjectiveID="g-read"/>', true);
  const store = createMemoryGlobalObjectiveStore();
  const s = session(scorm2004([leaf('A'), leaf('B', { seq: bSeq }), leaf('C')], { orgSeq: FLOW }), {
    globalObjectives: store,
    learnerId: 'L',
  });
  s.navigate({ type: 'start' });
  assert.equal(delivered(s.terminate('A', { navRequest: 'continue' })), 'B');
  const after = s.terminate('B', {
    objectives: [{ id: 'p', score: { scaled: 0.7 } }],
    navRequest: 'previous',
  });
  assert.equal(store.read('L', 'g-read'), undefined, 'g-read is never written');
  assert.equal(delivered(after), 'C');
});

test('satisfied by measure, the read global knows a measure: it wins over the local one', () => {
  const bSeq =
    rules(rule('post', 'continue', ['satisfied'])) +
    primary('p', '<imsss:mapInfo targetObjectiveID="g-read"/>', true);
  const store = createMemoryGlobalObjectiveStore();
  store.write('L', 'g-read', { normalizedMeasure: 0.1 });
  const s = session(scorm2004([leaf('A'), leaf('B', { seq: bSeq }), leaf('C')], { orgSeq: FLOW }), {
    globalObjectives: store,
    learnerId: 'L',
  });
  s.navigate({ type: 'start' });
  assert.equal(delivered(s.terminate('A', { navRequest: 'continue' })), 'B');
  const after = s.terminate('B', {
    objectives: [{ id: 'p', score: { scaled: 0.7 } }],
    navRequest: 'previous',
  });
  assert.equal(delivered(after), 'A');
});
