/** Navigation steps as written on the command line and in navigation_sequence, and the sequencing trace log. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScormTesterError } from '../../src/core/errors.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import {
  createSequencingSession,
  type NavigationRequest,
  type TraceEvent,
} from '../../src/sequencing/index.js';
import { navStepText, parseNavStep, parseNavSteps } from '../../src/session/navigation/nav-steps.js';
import {
  traceReport,
  type TracedEvent,
  type TraceReport,
} from '../../src/session/navigation/trace-report.js';

/** A report made without foldRepeats lists every event. */
function events(report: TraceReport): TracedEvent[] {
  return report.trace as TracedEvent[];
}
import type { NavLogEntry } from '../../src/session/navigation/types.js';
import { spelledOut } from '../helpers/course-text.js';

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
      e.code === 'INVALID_ARGUMENT' &&
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

/** The navigator's log entries for these requests, each with the engine's own trace of it. */
function logOf(requests: NavigationRequest[]): NavLogEntry[] {
  let events: TraceEvent[] = [];
  const seq = createSequencingSession(parseManifest(MANIFEST).manifest, { trace: (e) => events.push(e) });
  return requests.map((request) => {
    events = [];
    const out = seq.navigate(request);
    const denied = out.kind === 'denied';
    return {
      applicable: true,
      sn_available: true,
      request: navStepText(request),
      source: 'lms',
      success: !denied,
      outcome: out.kind === 'deliver' ? 'delivered' : out.kind,
      message: out.kind === 'deliver' ? null : out.reason,
      code: denied ? out.code : null,
      process: denied ? out.process : null,
      unloaded: null,
      delivered:
        out.kind === 'deliver'
          ? {
              activity_id: out.activityId,
              title: out.activityId,
              launch_url: 'a.html',
              entry: 'ab-initio',
              runtime_attempt: 1,
            }
          : null,
      current_activity: seq.currentActivity,
      session_ended: false,
      at: '2026-01-01T00:00:00.000Z',
      trace: events,
    };
  });
}

test('trace report: each request with its outcome, events filtered by level, denials named', () => {
  const log = logOf([{ type: 'start' }, { type: 'choice', target: 'b' }]);
  const verbose = traceReport(log, { level: 'verbose' });
  const detailed = traceReport(log, { level: 'detailed' });
  const basic = traceReport(log, { level: 'basic' });

  assert.ok(basic.trace.length < detailed.trace.length && detailed.trace.length < verbose.trace.length);
  assert.ok(events(basic).every((e) => e.level === 'basic'));
  assert.ok(events(detailed).every((e) => e.level !== 'verbose'));
  assert.ok(
    events(basic).some((e) => e.kind === 'request') && events(basic).some((e) => e.kind === 'denied'),
  );
  assert.ok(
    events(detailed).some((e) => e.kind === 'enter'),
    'processes entered',
  );
  // The rule that disables b, with each condition's value.
  const rule = events(verbose).find((e) => e.kind === 'rule' && e.activity === 'b');
  assert.ok(rule, 'the disabled rule is evaluated');
  assert.deepEqual(
    (rule.data?.conditions as { condition: string; value: string }[]).map((c) => [c.condition, c.value]),
    [['always', 'true']],
  );
  assert.ok(events(verbose).every((e) => e.request === 1 || e.request === 2));

  assert.deepEqual(
    verbose.requests.map((r) => [r.request, r.navigation_request, r.outcome, r.delivered_activity]),
    [
      [1, 'start', 'delivered', 'a'],
      [2, 'choice:b', 'denied', null],
    ],
  );
  assert.equal(verbose.denials.length, 1);
  assert.equal(verbose.denials[0]!.navigation_request, 'choice:b');
  assert.ok(verbose.denials[0]!.code && verbose.denials[0]!.message && verbose.denials[0]!.process);
  assert.equal(
    verbose.requests.reduce((n, r) => n + r.events, 0),
    verbose.events_total,
  );
});

test('trace report: only requests after a point, and at most maxEvents listed (the rest counted)', () => {
  const log = logOf([{ type: 'start' }, { type: 'choice', target: 'b' }, { type: 'continue' }]);
  const later = traceReport(log, { level: 'verbose', sinceRequest: 1 });
  assert.deepEqual(
    later.requests.map((r) => r.request),
    [2, 3],
  );
  assert.ok(events(later).every((e) => e.request >= 2));
  const capped = traceReport(log, { level: 'verbose', maxEvents: 3 });
  assert.equal(capped.trace.length, 3);
  assert.equal(capped.events_omitted, capped.events_total - 3);
  assert.equal(capped.next_cursor, '3');
  assert.deepEqual(traceReport([], { level: 'basic' }).requests, []);
});

test('trace report: the events are paged within a byte budget, and the pages list every event once', () => {
  const log = logOf([{ type: 'start' }, { type: 'choice', target: 'b' }, { type: 'continue' }]);
  const whole = traceReport(log, { level: 'verbose' });
  const budgetBytes = JSON.stringify({ ...whole, trace: [] }).length + 4_000;
  const listed: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = traceReport(log, { level: 'verbose', budgetBytes, ...(cursor ? { cursor } : {}) });
    pages += 1;
    assert.ok(page.trace.length > 0);
    assert.ok(JSON.stringify(page.trace).length <= 4_000 || page.trace.length === 1);
    assert.equal(page.events_omitted, page.events_total - page.trace.length);
    page.rollups.forEach((at) => assert.equal(events(page)[at]!.kind, 'rollup'));
    listed.push(...page.trace);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  assert.ok(pages > 1, `${whole.trace.length} events fit one page of 4,000 bytes`);
  assert.deepEqual(listed, whole.trace);
});

test('engine trace: a denied validity check is traced with its rules; a valid one leaves nothing (it runs again for real)', () => {
  const events: TraceEvent[] = [];
  const seq = createSequencingSession(parseManifest(MANIFEST).manifest, { trace: (e) => events.push(e) });
  seq.navigate({ type: 'start' });
  events.length = 0;
  assert.equal(seq.isValid({ type: 'choice', target: 'a' }).valid, true);
  assert.equal(events.length, 0);
  const verdict = seq.isValid({ type: 'choice', target: 'b' });
  assert.equal(verdict.valid, false);
  assert.ok(
    events.some((e) => e.kind === 'rule' && e.activity === 'b'),
    'the disabled rule of b',
  );
  assert.ok(events.some((e) => e.kind === 'denied' && e.code === verdict.code));
  // Without a sink nothing is collected (the TOC checks every activity this way).
  assert.equal(
    createSequencingSession(parseManifest(MANIFEST).manifest).isValid({ type: 'start' }).valid,
    true,
  );
});

test("engine trace: a SCO's adl.nav.request that is not a request is traced as a denial (NB.2.1-13)", () => {
  const events: TraceEvent[] = [];
  const seq = createSequencingSession(parseManifest(MANIFEST).manifest, { trace: (e) => events.push(e) });
  seq.navigate({ type: 'start' });
  events.length = 0;
  const out = seq.terminate('a', { completionStatus: 'completed', navRequest: 'warp-9' });
  assert.equal(out.kind, 'denied');
  const denied = events.find((e) => e.kind === 'denied');
  assert.equal(denied?.code, 'NB.2.1-13');
  assert.match(spelledOut(denied ?? {}, denied?.message ?? ''), /"warp-9" is not a navigation request/);
  assert.equal(denied?.activity, 'a');
});

test('trace report: a run of events seen before is said once as a reference, and expanding the references gives every event back in order', () => {
  const requests: NavigationRequest[] = [{ type: 'start' }];
  for (let i = 0; i < 6; i++) requests.push({ type: 'choice', target: 'b' });
  const log = logOf(requests);
  const whole = events(traceReport(log, { level: 'verbose' }));
  const folded = traceReport(log, { level: 'verbose', foldRepeats: true });
  assert.ok(folded.events_folded > 0);
  assert.ok(folded.trace.length < whole.length, 'fewer entries than events');
  assert.ok(JSON.stringify(folded.trace).length < JSON.stringify(whole).length / 2);
  assert.deepEqual(expand(folded.trace), whole);
});

test('trace report: folded pages within a byte budget list every event once, references pointing back only', () => {
  const requests: NavigationRequest[] = [{ type: 'start' }];
  for (let i = 0; i < 12; i++) requests.push({ type: 'choice', target: 'b' });
  const log = logOf(requests);
  const whole = events(traceReport(log, { level: 'verbose' }));
  const entries: TraceReport['trace'] = [];
  let cursor: string | undefined;
  do {
    const page = traceReport(log, { level: 'verbose', foldRepeats: true, budgetBytes: 5_000, cursor });
    for (const e of page.trace) if ('repeat_of' in e) assert.ok(e.repeat_of + e.count <= e.index);
    entries.push(...page.trace);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  assert.deepEqual(expand(entries), whole);
});

/** What a reader does with the references: copy each referenced run, with the reference's request and indexes. */
function expand(entries: TraceReport['trace']): TracedEvent[] {
  const out: TracedEvent[] = [];
  for (const e of entries) {
    if (!('repeat_of' in e)) {
      out.push(e);
      continue;
    }
    for (let k = 0; k < e.count; k++)
      out.push({ ...out[e.repeat_of + k]!, index: e.index + k, request: e.request });
  }
  return out;
}
