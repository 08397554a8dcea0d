import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import {
  createSequencingSession,
  SequencingDefinitionError,
  type DefinitionProblem,
} from '../../src/sequencing/index.js';
import { leaf, rule, rules, scorm2004, type ManifestOptions } from '../fixtures/seqlint/build-manifest.js';
import { spelledOut } from '../helpers/course-text.js';

const FLOW = '<imsss:controlMode flow="true"/>';

function problemsOf(items: string[], o: ManifestOptions = {}): DefinitionProblem[] {
  const { manifest } = parseManifest(scorm2004(items, { orgSeq: FLOW, ...o }));
  try {
    createSequencingSession(manifest);
  } catch (e) {
    if (e instanceof SequencingDefinitionError) return [...e.problems];
    throw e;
  }
  return [];
}

function onlyProblem(items: string[], o: ManifestOptions = {}): DefinitionProblem {
  const problems = problemsOf(items, o);
  assert.equal(problems.length, 1, JSON.stringify(problems, null, 1));
  return problems[0]!;
}

test('a dangling IDRef refuses the session, naming the item, the IDRef, the known IDs and the line', () => {
  const p = onlyProblem([leaf('A', { seqAttrs: 'IDRef="nope"' })], {
    collection: `<imsss:sequencing ID="shared">${FLOW}</imsss:sequencing>`,
  });
  assert.equal(p.activityId, 'A');
  assert.match(p.message, /item "A" references IDRef="nope"/);
  assert.match(p.message, /known IDs: "shared"/);
  assert.match(p.fix, /<imsss:sequencing ID="nope">/);
  assert.ok(p.pos && p.pos.line > 1, 'points at the IDRef attribute');
});

test('an IDRef without any sequencingCollection says so', () => {
  const p = onlyProblem([leaf('A', { seqAttrs: 'IDRef="x"' })]);
  assert.match(p.message, /the manifest has no sequencingCollection/);
});

test('collection members that reference each other in a cycle are reported with the cycle', () => {
  const p = onlyProblem([leaf('A', { seqAttrs: 'IDRef="one"' })], {
    collection: '<imsss:sequencing ID="one" IDRef="two"/><imsss:sequencing ID="two" IDRef="one"/>',
  });
  assert.match(p.message, /cycle \(one → two → one\)/);
  assert.match(
    p.fix,
    /Remove IDRef from the <imsss:sequencing> elements inside <imsss:sequencingCollection>/,
  );
});

test('an IDRef chain and an ambiguous collection ID are refused too', () => {
  const chain = onlyProblem([leaf('A', { seqAttrs: 'IDRef="one"' })], {
    collection: '<imsss:sequencing ID="one" IDRef="two"/><imsss:sequencing ID="two"/>',
  });
  assert.match(chain.message, /one → two/);
  const twice = onlyProblem([leaf('A', { seqAttrs: 'IDRef="one"' })], {
    collection: '<imsss:sequencing ID="one"/><imsss:sequencing ID="one"/>',
  });
  assert.match(twice.message, /2 members of the <imsss:sequencingCollection> have ID="one"/);
});

test('a mapInfo without targetObjectiveID and duplicate objectiveIDs are refused', () => {
  const untargeted = onlyProblem([
    leaf('A', {
      seq: '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="  " writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>',
    }),
  ]);
  assert.match(untargeted.message, /mapInfo> of objective "p" on item "A" has no targetObjectiveID/);
  const twice = onlyProblem([
    leaf('A', {
      seq: '<imsss:objectives><imsss:primaryObjective objectiveID="p"/><imsss:objective objectiveID="o"/><imsss:objective objectiveID="o"/></imsss:objectives>',
    }),
  ]);
  assert.match(twice.message, /item "A" has two objectives with objectiveID="o"/);
});

test('a global objective read but never written is not an error (ADL OB-03b does it on purpose)', () => {
  const problems = problemsOf(
    [
      leaf('A', {
        seq: '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="g"/></imsss:primaryObjective></imsss:objectives>',
      }),
    ],
    { orgAttrs: 'adlseq:objectivesGlobalToSystem="false"' },
  );
  assert.deepEqual(problems, []);
});

test('two items with one identifier are refused', () => {
  const p = onlyProblem([leaf('A'), leaf('A')]);
  assert.match(p.message, /Two activities have the identifier "A"/);
});

test('an unknown organization and a manifest without one are refused with what exists', () => {
  const { manifest } = parseManifest(scorm2004([leaf('A')]));
  assert.throws(
    () => createSequencingSession(manifest, { organizationId: 'other' }),
    (e: unknown) =>
      e instanceof SequencingDefinitionError && /no organization "other" \(it has "ORG"\)/.test(e.message),
  );
  const empty = parseManifest(
    scorm2004([leaf('A')]).replace(/<organization [\s\S]*<\/organization>/, ''),
  ).manifest;
  assert.throws(
    () => createSequencingSession(empty),
    (e: unknown) => e instanceof SequencingDefinitionError && /no <organization>/.test(e.message),
  );
});

test('the error message carries every problem with its line and fix', () => {
  const { manifest } = parseManifest(
    scorm2004([leaf('A', { seqAttrs: 'IDRef="x"' }), leaf('B', { seqAttrs: 'IDRef="y"' })], { orgSeq: FLOW }),
  );
  assert.throws(
    () => createSequencingSession(manifest),
    (e: unknown) =>
      e instanceof SequencingDefinitionError &&
      e.problems.length === 2 &&
      /IDRef="x".*line \d+.*Set IDRef/s.test(e.message) &&
      /IDRef="y"/.test(e.message),
  );
});

test('denials name the rule, limit or control that refuses the request', () => {
  const disabled = rules(
    rule('pre', 'disabled', ['condition="satisfied"', 'operator="not" condition="attempted"'], 'any'),
  );
  const { manifest } = parseManifest(
    scorm2004(
      [
        leaf('A'),
        leaf('D', { seq: disabled }),
        leaf('L', { seq: '<imsss:limitConditions attemptLimit="1"/>' }),
        leaf('H', { seq: rules(rule('pre', 'hiddenFromChoice', ['condition="always"'])) }),
      ],
      { orgSeq: FLOW },
    ),
  );
  const s = createSequencingSession(manifest);
  assert.equal(s.navigate({ type: 'start' }).kind, 'deliver');
  const toD = s.navigate({ type: 'choice', target: 'D' });
  assert.equal(toD.kind, 'denied');
  if (toD.kind === 'denied') {
    assert.equal(toD.code, 'DB.1.1-3');
    assert.match(
      spelledOut(toD, toD.reason),
      /"D" is disabled by its precondition rule "disabled" if satisfied or not attempted/,
    );
  }
  assert.equal(s.navigate({ type: 'choice', target: 'L' }).kind, 'deliver');
  const back = s.terminate('L', { completionStatus: 'completed', navRequest: '{target=A}choice' });
  assert.equal(back.kind === 'deliver' && back.activityId, 'A');
  const limit = s.isValid({ type: 'choice', target: 'L' });
  assert.equal(limit.valid, false);
  assert.match(
    spelledOut(limit, limit.reason ?? ''),
    /"L" has used up its attemptLimit of 1 \(1 attempt\(s\)\)/,
  );
  const start = s.isValid({ type: 'start' });
  assert.match(spelledOut(start, start.reason ?? ''), /already begun \(current activity "A"\).*NB\.2\.1-1/);
  const hidden = s.isValid({ type: 'choice', target: 'H' });
  assert.match(
    spelledOut(hidden, hidden.reason ?? ''),
    /"H" is hidden from choice by its precondition rule "hiddenFromChoice" if always \(SB\.2\.9-3\)/,
  );
  const unknown = s.navigate({ type: 'choice', target: 'nowhere' });
  assert.equal(
    unknown.kind === 'denied' && spelledOut(unknown, unknown.reason),
    'no activity "nowhere" in the activity tree',
  );
  const entry = s.navigationState().toc.find((e) => e.id === 'D');
  assert.equal(entry?.selectable, false);
  assert.match(entry?.whyNot ?? '', /disabled by its precondition rule/);
});
