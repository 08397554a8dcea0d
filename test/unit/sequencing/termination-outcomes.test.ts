/**
 * What LMS-side exit and retryAll requests do (TB.2.3 and what follows it), and a delivery that cannot
 * launch: small trees of issue 19, each checked on the validity answer and on the request carried out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TraceEvent } from '../../../src/sequencing/index.js';
import { cluster, delivered, denial, leaf, rule, rules, scorm2004, session } from './small-trees.js';
import { spelledOut } from '../../helpers/course-text.js';

const CHOICE_FLOW = '<imsss:controlMode choice="true" flow="true"/>';
const RETRY_UNTIL_PASSED = rules(rule('post', 'retry', ['not satisfied']));

test('exit on a post-test whose post-condition rule retries it: the attempt ends and a new one begins (TB.2.3, SB.2.10)', () => {
  const s = session(scorm2004([leaf('A'), leaf('T', { seq: RETRY_UNTIL_PASSED })], { orgSeq: CHOICE_FLOW }));
  delivered(s.navigate({ type: 'start' }));
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'T');
  s.commit('T', { completionStatus: 'completed', successStatus: 'failed' });
  assert.equal(s.isValid({ type: 'exit' }).valid, true);
  assert.equal(s.validity().requests.exit, 'true');
  assert.equal(delivered(s.navigate({ type: 'exit' })), 'T');
  assert.equal(s.tracking.activities['T']?.attemptCount, 2);
});

test('exit whose post-condition retry reaches a post-test cluster: retried when it flows, the attempt still ended when it cannot (SB.2.10-3)', () => {
  const tree = (postTestSeq: string) =>
    scorm2004(
      [
        leaf('A'),
        cluster('PT', [leaf('Q', { seq: rules(rule('post', 'exitParent', ['always'])) })], {
          seq: postTestSeq + RETRY_UNTIL_PASSED,
        }),
      ],
      { orgSeq: CHOICE_FLOW },
    );
  const flows = session(tree(CHOICE_FLOW));
  delivered(flows.navigate({ type: 'start' }));
  assert.equal(delivered(flows.navigate({ type: 'continue' })), 'Q');
  flows.commit('Q', { completionStatus: 'completed', successStatus: 'failed' });
  assert.equal(flows.isValid({ type: 'exit' }).valid, true);
  assert.equal(delivered(flows.navigate({ type: 'exit' })), 'Q');
  assert.equal(flows.tracking.activities['PT']?.attemptCount, 2, 'a new attempt on the post-test');

  // PT keeps the default control mode (flow off): its retry cannot flow into Q, but the exit did end Q.
  const stuck = session(tree('<imsss:controlMode choice="true"/>'));
  delivered(stuck.navigate({ type: 'start' }));
  assert.equal(delivered(stuck.navigate({ type: 'choice', target: 'Q' })), 'Q');
  stuck.commit('Q', { completionStatus: 'completed', successStatus: 'failed' });
  assert.equal(stuck.isValid({ type: 'exit' }).valid, true, 'not refused up front');
  const out = stuck.navigate({ type: 'exit' });
  assert.equal(out.kind, 'nothing', JSON.stringify(out));
  assert.match(out.kind === 'nothing' ? out.reason : '', /exit ended the attempt.*retry.*SB\.2\.10-3/);
  assert.equal(stuck.tracking.activities['Q']?.isActive, false);
  assert.equal(stuck.tracking.activities['PT']?.isActive, false);
});

test('retryAll ends every attempt and starts a new attempt of the course at its first leaf', () => {
  const s = session(scorm2004([leaf('A'), leaf('B')], { orgSeq: CHOICE_FLOW }));
  delivered(s.navigate({ type: 'start' }));
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'B');
  const root = s.tree.root.id;
  assert.equal(s.isValid({ type: 'retryAll' }).valid, true);
  assert.equal(delivered(s.navigate({ type: 'retryAll' })), 'A');
  assert.equal(s.tracking.activities[root]?.attemptCount, 2);
  assert.equal(s.tracking.activities['A']?.attemptCount, 2);
});

test('a delivery that cannot launch (identifierref names no resource) begins no attempt and is traced as a denial', () => {
  const events: TraceEvent[] = [];
  const s = session(
    scorm2004([leaf('A'), leaf('B', { ref: 'MISTYPED' }), leaf('C')], { orgSeq: CHOICE_FLOW }),
    {
      trace: (e) => events.push(e),
    },
  );
  delivered(s.navigate({ type: 'start' }));
  const verdict = s.isValid({ type: 'continue' });
  assert.equal(verdict.valid, false);
  assert.equal(verdict.code, 'MANIFEST_LAUNCH_NOT_FOUND');
  assert.equal(s.validity().choice['B'], 'false');
  events.length = 0;
  const refused = denial(s.navigate({ type: 'choice', target: 'B' }));
  assert.equal(refused.code, 'MANIFEST_LAUNCH_NOT_FOUND');
  assert.match(spelledOut(refused, refused.reason), /"MISTYPED"/);
  assert.doesNotMatch(refused.reason, /MISTYPED/, 'the resource id only in course_text');
  assert.equal(s.tracking.activities['B']?.attemptCount, 0, 'no attempt on B');
  assert.equal(s.tracking.activities['B']?.isActive, false);
  assert.ok(
    events.some(
      (e) =>
        e.kind === 'denied' &&
        e.code === 'MANIFEST_LAUNCH_NOT_FOUND' &&
        /MISTYPED/.test(spelledOut(e, e.message ?? '')) &&
        !/MISTYPED/.test(e.message ?? ''),
    ),
    'the failed delivery is in the trace',
  );
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'C' })), 'C');
});
