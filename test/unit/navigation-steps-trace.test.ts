/** Navigation steps as written on the command line and in navigation_sequence, and the sequencing trace log. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScormTesterError } from '../../src/core/errors.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { createSequencingSession } from '../../src/sequencing/index.js';
import { navStepText, parseNavStep, parseNavSteps } from '../../src/session/navigation/nav-steps.js';
import { SequencingTraceLog } from '../../src/session/navigation/trace-log.js';

test('nav steps: button words, SN names in any case, targets in both spellings', () => {
  assert.deepEqual(parseNavStep('next'), { type: 'continue' });
  assert.deepEqual(parseNavStep(' Previous '), { type: 'previous' });
  assert.deepEqual(parseNavStep('prev'), { type: 'previous' });
  assert.deepEqual(parseNavStep('suspendall'), { type: 'suspendAll' });
  assert.deepEqual(parseNavStep('exitAll'), { type: 'exitAll' });
  assert.deepEqual(parseNavStep('retryAll'), { type: 'retryAll' });
  assert.deepEqual(parseNavStep('choice:quiz'), { type: 'choice', target: 'quiz' });
  assert.deepEqual(parseNavStep('JUMP=lesson_2'), { type: 'jump', target: 'lesson_2' });
  assert.deepEqual(parseNavStep('{target=a:b}choice'), { type: 'choice', target: 'a:b' });
  // A target named like a request is still a target.
  assert.deepEqual(parseNavStep('{target=choice}jump'), { type: 'jump', target: 'choice' });
  assert.deepEqual(parseNavStep('choice:jump'), { type: 'choice', target: 'jump' });
});

test('nav steps: what is not a request is refused, naming the step and the forms that work', () => {
  for (const bad of [
    '',
    'complete',
    'choice',
    'choice:',
    'choice:  ',
    'jump:',
    '{target=}choice',
    'continue,next',
  ]) {
    assert.equal(parseNavStep(bad), undefined, bad);
  }
  assert.throws(
    () => parseNavSteps(['next', 'complete'], '--nav'),
    (e: unknown) =>
      isScormTesterError(e) &&
      e.code === 'MCP_INVALID_PARAMS' &&
      e.message.includes('--nav: step 2 ("complete")') &&
      e.message.includes('choice:ID'),
  );
  const long = 'x'.repeat(10_000);
  assert.throws(
    () => parseNavSteps([long], 'navigation_sequence'),
    (e: unknown) => isScormTesterError(e) && e.message.length < 600,
  );
  assert.throws(
    () =>
      parseNavSteps(
        Array.from({ length: 101 }, () => 'next'),
        'navigation_sequence',
      ),
    /at most 100 steps/,
  );
  assert.deepEqual(
    parseNavSteps(['next', 'choice:b'], 'x').map((s) => navStepText(s.request)),
    ['continue', 'choice:b'],
  );
});

const MANIFEST = `<?xml version="1.0"?>
<manifest identifier="M" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="O"><organization identifier="O"><title>T</title>
    <item identifier="a" identifierref="R"><title>A</title></item>
    <item identifier="b" identifierref="R"><title>B</title>
      <imsss:sequencing><imsss:sequencingRules><imsss:preConditionRule>
        <imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions>
        <imsss:ruleAction action="disabled"/></imsss:preConditionRule></imsss:sequencingRules></imsss:sequencing>
    </item>
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources><resource identifier="R" type="webcontent" adlcp:scormType="sco" href="a.html"><file href="a.html"/></resource></resources>
</manifest>`;

test('trace log: events numbered and tagged by request, levels filtered on read, denials summarised', () => {
  const log = new SequencingTraceLog(10_000, () => 42);
  const seq = createSequencingSession(parseManifest(MANIFEST).manifest, { trace: log.sink });
  assert.equal(seq.navigate({ type: 'start' }).kind, 'deliver');
  const denied = seq.navigate({ type: 'choice', target: 'b' });
  assert.equal(denied.kind, 'denied');

  assert.equal(log.requests, 2);
  const all = log.read('verbose');
  assert.deepEqual(
    all.map((e) => e.seq),
    all.map((_, i) => i + 1),
  );
  assert.ok(all.every((e) => e.time === 42 && (e.request === 1 || e.request === 2)));
  const basic = log.read('basic');
  const detailed = log.read('detailed');
  assert.ok(basic.length < detailed.length && detailed.length <= all.length);
  assert.ok(basic.every((e) => e.level === 'basic'));
  assert.ok(detailed.every((e) => e.level !== 'verbose'));
  assert.ok(
    all.some((e) => e.level === 'verbose' && e.kind === 'rule'),
    'the disabled rule is evaluated',
  );
  // Rule evaluations carry each condition's value.
  const rule = all.find((e) => e.kind === 'rule' && e.activity === 'b');
  assert.ok(rule && Array.isArray(rule.data?.conditions));

  const summary = log.summary();
  assert.equal(summary.length, 2);
  assert.deepEqual(summary[0]!.navigation_request, { type: 'start' });
  assert.equal(summary[0]!.outcome?.kind, 'deliver');
  assert.equal(summary[0]!.denied, null);
  assert.deepEqual(summary[1]!.navigation_request, { type: 'choice', target: 'b' });
  assert.equal(summary[1]!.denied?.code, denied.kind === 'denied' ? denied.code : '');
  assert.ok(summary[1]!.denied?.reason);

  // Reading after a point and with a limit.
  const lastOfFirst = all.filter((e) => e.request === 1).at(-1)!.seq;
  assert.ok(log.read('verbose', lastOfFirst).every((e) => e.request === 2));
  assert.equal(log.read('verbose', 0, 3).length, 3);
  assert.equal(log.summary(lastOfFirst).length, 1);
});

test('trace log: bounded, the oldest events go first and are counted', () => {
  const log = new SequencingTraceLog(5);
  for (let i = 0; i < 12; i++) log.sink({ level: 'basic', process: 'P', kind: 'k' });
  assert.equal(log.read('verbose').length, 5);
  assert.equal(log.dropped, 7);
  assert.equal(log.lastSeq, 12);
  assert.equal(log.read('verbose')[0]!.seq, 8);
  log.clear();
  assert.equal(log.read('verbose').length, 0);
});
