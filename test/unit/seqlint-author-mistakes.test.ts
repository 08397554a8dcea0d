/**
 * Sequencing mistakes an author makes writing a pre-test / content / post-test course (issue 24,
 * point 3): each is a small manifest of our own, with the mistake and with it corrected.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../src/core/findings.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { lintSequencing } from '../../src/lint/sequencing/index.js';
import { cluster, leaf, rule, rules, scorm2004 } from '../fixtures/seqlint/build-manifest.js';
import { courseTextOf } from '../helpers/course-text.js';

function lint(xml: string): Finding[] {
  return lintSequencing(parseManifest(xml), 'strict');
}

function only(xml: string, id: string): Finding[] {
  const all = lint(xml);
  const mine = all.filter((f) => f.rule === id);
  assert.deepEqual(
    all.filter((f) => f.rule !== id).map((f) => f.rule),
    [],
    JSON.stringify(all, null, 2),
  );
  return mine;
}

/** The i-th course text the finding quotes. */
function quotedOf(f: Finding, i: number): string | undefined {
  return courseTextOf(f, 'quoted').split('\n')[i];
}

const FLOW_ONLY = '<imsss:controlMode choice="false" flow="true"/>';
const OBJECTIVE_SET = '<imsss:deliveryControls objectiveSetByContent="true"/>';

/** A pre-test whose primary objective writes global "passed"; `extra` goes after the objectives. */
function pretest(mapAttrs = 'writeSatisfiedStatus="true"', extra = ''): string {
  return leaf('PRETEST', {
    seq: `<imsss:objectives><imsss:primaryObjective objectiveID="pre"><imsss:mapInfo targetObjectiveID="passed" ${mapAttrs}/></imsss:primaryObjective></imsss:objectives>${extra}`,
  });
}

/** Content skipped when the global "passed" is satisfied. */
const CONTENT_SKIPPED = leaf('CONTENT', {
  seq: `${rules(rule('pre', 'skip', ['referencedObjective="known" condition="satisfied"']))}<imsss:objectives><imsss:primaryObjective objectiveID="c"/><imsss:objective objectiveID="known"><imsss:mapInfo targetObjectiveID="passed" readSatisfiedStatus="true"/></imsss:objective></imsss:objectives>`,
});

test('seq.target_objective_unread: a global objective one SCO writes and none reads', () => {
  const xml = scorm2004([pretest('writeSatisfiedStatus="true"', OBJECTIVE_SET), leaf('CONTENT')], {
    orgSeq: FLOW_ONLY,
  });
  const [f, ...rest] = only(xml, 'seq.target_objective_unread');
  assert.equal(rest.length, 0);
  assert.equal(f?.severity, 'warning');
  assert.match(f?.message ?? '', /is written \(satisfied status\) by item/);
  assert.deepEqual([quotedOf(f!, 0), quotedOf(f!, 1), quotedOf(f!, 2)], ['passed', 'PRETEST', 'pre']);
  assert.match(f?.fix ?? '', /readSatisfiedStatus="true"/);
  const line = xml.split('\n').findIndex((l) => l.includes('targetObjectiveID="passed"')) + 1;
  assert.equal(f?.line, line, 'points at the writing mapInfo');

  const corrected = scorm2004([pretest('writeSatisfiedStatus="true"', OBJECTIVE_SET), CONTENT_SKIPPED], {
    orgSeq: FLOW_ONLY,
  });
  assert.deepEqual(lint(corrected), []);
});

test('seq.target_objective_unread: the writer reading its own map back shares nothing; two writers are another rule', () => {
  // readSatisfiedStatus defaults to true on the writer's own map: still nobody else reads it.
  const own = scorm2004([pretest('writeSatisfiedStatus="true" readSatisfiedStatus="true"', OBJECTIVE_SET)]);
  assert.equal(only(own, 'seq.target_objective_unread').length, 1);
  const twoWriters = scorm2004([
    pretest('writeSatisfiedStatus="true"', OBJECTIVE_SET),
    leaf('POSTTEST', {
      seq: `<imsss:objectives><imsss:primaryObjective objectiveID="post"><imsss:mapInfo targetObjectiveID="passed" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>${OBJECTIVE_SET}`,
    }),
  ]);
  assert.deepEqual(
    lint(twoWriters).filter((f) => f.rule === 'seq.target_objective_unread'),
    [],
    'the post-test reads what the pre-test wrote when its attempt starts',
  );
});

test('seq.cluster_default_control_mode: a nested cluster left at flow="false" choice="true" in a flow-only course', () => {
  const module = (id: string, seq?: string) =>
    cluster(id, [leaf(`${id}_1`), leaf(`${id}_2`)], seq === undefined ? {} : { seq });
  const xml = scorm2004([module('M1', FLOW_ONLY), module('M2')], { orgSeq: FLOW_ONLY });
  const [f, ...rest] = only(xml, 'seq.cluster_default_control_mode');
  assert.equal(rest.length, 0);
  assert.equal(f?.severity, 'warning');
  assert.equal(quotedOf(f!, 0), 'M2');
  assert.match(
    f?.message ?? '',
    /its parent organization `course_text.quoted\[1\]` is flow-only \(flow="true" choice="false"\)/,
  );
  assert.match(f?.message ?? '', /Continue is denied/);
  assert.match(f?.fix ?? '', /<imsss:controlMode choice="false" flow="true"\/>/);
  const line = xml.split('\n').findIndex((l) => l.includes('identifier="M2"')) + 1;
  assert.equal(f?.line, line, 'points at the cluster');

  assert.deepEqual(
    lint(scorm2004([module('M1', FLOW_ONLY), module('M2', FLOW_ONLY)], { orgSeq: FLOW_ONLY })),
    [],
  );
  // Written modes are a decision, and a parent that allows choice is not flow-only.
  const chosen = '<imsss:controlMode choice="true" flow="false"/>';
  assert.deepEqual(
    lint(scorm2004([module('M1', FLOW_ONLY), module('M2', chosen)], { orgSeq: FLOW_ONLY })),
    [],
  );
  assert.deepEqual(
    lint(scorm2004([module('M1'), module('M2')], { orgSeq: '<imsss:controlMode flow="true"/>' })),
    [],
  );
});

test('seq.sco_credited_on_exit: a pre-test whose pass skips the content, without objectiveSetByContent', () => {
  const xml = scorm2004([pretest(), CONTENT_SKIPPED], { orgSeq: FLOW_ONLY });
  const [f, ...rest] = only(xml, 'seq.sco_credited_on_exit');
  assert.equal(rest.length, 0);
  assert.equal(f?.severity, 'warning');
  assert.equal(quotedOf(f!, 0), 'PRETEST');
  assert.match(
    f?.message ?? '',
    /writes global objective `course_text.quoted\[1\]`, which a rule of item `course_text.quoted\[2\]` tests/,
  );
  assert.equal(quotedOf(f!, 2), 'CONTENT');
  assert.match(f?.message ?? '', /End Attempt Process sets its primary objective to satisfied/);
  assert.match(f?.fix ?? '', /objectiveSetByContent="true"/);

  assert.deepEqual(
    lint(
      scorm2004([pretest('writeSatisfiedStatus="true"', OBJECTIVE_SET), CONTENT_SKIPPED], {
        orgSeq: FLOW_ONLY,
      }),
    ),
    [],
  );
});

test('seq.sco_credited_on_exit: an unused passing score, or a rule for failing, marks a SCO as graded', () => {
  const quiz = (primary: string, extra = '') =>
    scorm2004([leaf('QUIZ', { seq: `${extra}<imsss:objectives>${primary}</imsss:objectives>` })]);
  const unusedScore = quiz(
    '<imsss:primaryObjective objectiveID="q"><imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure></imsss:primaryObjective>',
  );
  const [f] = only(unusedScore, 'seq.sco_credited_on_exit');
  assert.match(
    f?.message ?? '',
    /names minNormalizedMeasure `course_text.quoted\[1\]` but satisfiedByMeasure is false/,
  );
  assert.equal(quotedOf(f!, 1), '0.8');

  const retryOnFail = quiz(
    '<imsss:primaryObjective objectiveID="q"/>',
    rules(rule('post', 'retry', ['operator="not" condition="satisfied"'])),
  );
  assert.match(
    only(retryOnFail, 'seq.sco_credited_on_exit')[0]?.message ?? '',
    /acts when it is not satisfied/,
  );

  // Judged by measure: no score leaves the objective unknown (Objective Rollup Using Measure), not satisfied.
  assert.deepEqual(
    lint(
      quiz(
        '<imsss:primaryObjective objectiveID="q" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure></imsss:primaryObjective>',
      ),
    ),
    [],
  );
  // A content SCO skipped once satisfied is not graded.
  assert.deepEqual(
    lint(
      quiz(
        '<imsss:primaryObjective objectiveID="q"/>',
        rules(rule('pre', 'skip', ['condition="satisfied"'])),
      ),
    ),
    [],
  );
});
