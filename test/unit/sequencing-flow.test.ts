import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { createSequencingSession, type SessionOutcome } from '../../src/sequencing/index.js';
import { cluster, leaf, scorm2004 } from '../fixtures/seqlint/build-manifest.js';

const FLOW = '<imsss:controlMode flow="true"/>';

function session(xml: string, options: Parameters<typeof createSequencingSession>[1] = {}) {
  return createSequencingSession(parseManifest(xml).manifest, options);
}

function delivered(o: SessionOutcome): string {
  assert.equal(o.kind, 'deliver', JSON.stringify(o));
  return o.kind === 'deliver' ? o.activityId : '';
}

test('start delivers the first leaf in flow order, continue walks the tree, past the end the session ends', () => {
  const s = session(
    scorm2004([cluster('M1', [leaf('A'), leaf('B')], { seq: FLOW }), leaf('C')], { orgSeq: FLOW }),
  );
  assert.equal(delivered(s.navigate({ type: 'start' })), 'A');
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'B');
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'C');
  assert.equal(delivered(s.navigate({ type: 'previous' })), 'B');
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'C');
  assert.deepEqual(s.navigate({ type: 'continue' }).kind, 'ended');
  assert.equal(s.currentActivity, null);
});

test('continue without flow on the parent is denied with NB.2.1-4 and a reason naming the control', () => {
  const s = session(scorm2004([leaf('A'), leaf('B')]));
  const start = s.navigate({ type: 'start' });
  assert.equal(start.kind, 'denied', 'no flow at the root: start has nothing to deliver');
  assert.equal(delivered(s.navigate({ type: 'choice', target: 'B' })), 'B');
  const out = s.navigate({ type: 'continue' });
  assert.equal(out.kind, 'denied');
  if (out.kind === 'denied') {
    assert.equal(out.code, 'NB.2.1-4');
    assert.match(out.reason, /flow="false"/);
  }
});

test('requests before start need a current activity (NB.2.1-2); start twice is NB.2.1-1', () => {
  const s = session(scorm2004([leaf('A')], { orgSeq: FLOW }));
  const c = s.navigate({ type: 'continue' });
  assert.equal(c.kind === 'denied' && c.code, 'NB.2.1-2');
  delivered(s.navigate({ type: 'start' }));
  const again = s.navigate({ type: 'start' });
  assert.equal(again.kind === 'denied' && again.code, 'NB.2.1-1');
});

test('forwardOnly denies previous; skip rules are passed over in both directions', () => {
  const skipB =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule></imsss:sequencingRules>';
  const s = session(scorm2004([leaf('A'), leaf('B', { seq: skipB }), leaf('C')], { orgSeq: FLOW }));
  assert.equal(delivered(s.navigate({ type: 'start' })), 'A');
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'C');
  assert.equal(delivered(s.navigate({ type: 'previous' })), 'A');
  const f = session(
    scorm2004([leaf('A'), leaf('B')], { orgSeq: '<imsss:controlMode flow="true" forwardOnly="true"/>' }),
  );
  delivered(f.navigate({ type: 'start' }));
  delivered(f.navigate({ type: 'continue' }));
  const prev = f.navigate({ type: 'previous' });
  assert.equal(prev.kind === 'denied' && prev.code, 'NB.2.1-5');
});

test('disabled activities and attempt limits stop delivery', () => {
  const disabled =
    '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions><imsss:ruleAction action="disabled"/></imsss:preConditionRule></imsss:sequencingRules>';
  const s = session(scorm2004([leaf('A'), leaf('B', { seq: disabled })], { orgSeq: FLOW }));
  delivered(s.navigate({ type: 'start' }));
  const c = s.navigate({ type: 'continue' });
  assert.equal(c.kind === 'denied' && c.code, 'SB.2.2-2');
  const limited = session(
    scorm2004([leaf('A', { seq: '<imsss:limitConditions attemptLimit="1"/>' }), leaf('B')], { orgSeq: FLOW }),
  );
  delivered(limited.navigate({ type: 'start' }));
  delivered(limited.navigate({ type: 'continue' }));
  const back = limited.navigate({ type: 'previous' });
  assert.equal(back.kind === 'denied' && back.code, 'SB.2.2-2', 'A has used its only attempt');
  const choice = limited.navigate({ type: 'choice', target: 'A' });
  assert.equal(choice.kind === 'denied' && choice.code, 'DB.1.1-3');
});

test('a terminated SCO with adl.nav.request continue moves on; without one the LMS waits', () => {
  const s = session(scorm2004([leaf('A'), leaf('B')], { orgSeq: FLOW }));
  delivered(s.navigate({ type: 'start' }));
  assert.equal(s.terminate('A', { completionStatus: 'completed' }).kind, 'nothing');
  assert.equal(delivered(s.navigate({ type: 'continue' })), 'B');
  assert.equal(s.terminate('B', { navRequest: 'exitAll' }).kind, 'ended');
  assert.equal(s.tracking.activities['ORG']?.attemptCount, 1);
});
