import assert from 'node:assert/strict';
import { test } from 'node:test';
import { courseDefect } from '../../bench/learner-diagnosis.js';
import { learnerStep, newLearnerMemory, type LearnerCall } from '../../bench/learner-step.js';
import {
  isFinished,
  pageFingerprint,
  pageKey,
  stopReason,
  stoppedAt,
  STUCK_STEPS,
  UNMOVED_SCROLLS,
  worthScrolling,
  scrolledToSomething,
  type JourneyProgress,
} from '../../bench/learner-stop-rules.js';
import {
  learnerSummary,
  learnerTable,
  medianToolCalls,
  type LearnerJourneyResult,
} from '../../bench/learner-table.js';

const progress = (over: Partial<JourneyProgress>): JourneyProgress => ({
  status: null,
  fingerprints: [],
  calls: 0,
  elapsedMs: 0,
  ...over,
});

test('a course is finished when SCORM 2004 says completed or passed, or SCORM 1.2 completed or passed', () => {
  assert.equal(isFinished({ completion_status: 'completed', success_status: 'unknown' }), true);
  assert.equal(isFinished({ completion_status: 'incomplete', success_status: 'passed' }), true);
  assert.equal(isFinished({ lesson_status: 'passed' }), true);
  assert.equal(isFinished({ lesson_status: 'completed' }), true);
  assert.equal(isFinished({ lesson_status: 'failed' }), false);
  assert.equal(isFinished({ completion_status: 'incomplete', success_status: 'failed' }), false);
  assert.equal(isFinished(null), false);
});

test('the journey is stuck only when the page stayed the same for three steps running', () => {
  const same = Array.from({ length: STUCK_STEPS }, () => 'a');
  assert.equal(stopReason(progress({ fingerprints: ['x', ...same] })), null);
  assert.deepEqual(stopReason(progress({ fingerprints: ['x', 'a', ...same] })), {
    kind: 'stuck',
    steps: STUCK_STEPS,
  });
  assert.equal(stopReason(progress({ fingerprints: ['a', 'a', 'b', 'a'] })), null);
});

test('completion wins over being stuck or out of budget; the budget counts calls and time', () => {
  const budget = { calls: 10, ms: 1000 };
  assert.deepEqual(
    stopReason(
      progress({ status: { lesson_status: 'passed' }, fingerprints: ['a', 'a', 'a', 'a'], calls: 99 }),
      budget,
    ),
    { kind: 'completed' },
  );
  assert.deepEqual(stopReason(progress({ calls: 10 }), budget), { kind: 'budget_calls', calls: 10 });
  assert.deepEqual(stopReason(progress({ elapsedMs: 1500 }), budget), {
    kind: 'budget_time',
    ms: 1500,
  });
  assert.equal(stopReason(progress({ calls: 9, elapsedMs: 999 }), budget), null);
});

test('the page fingerprint follows what a learner sees, not the refs of a new snapshot', () => {
  const page = {
    sco_url: 'http://127.0.0.1/c/index.html',
    title: 'Check 1',
    headings: [{ level: 1, text: 'Check 1', ref: 'f1e3' }],
    text_summary: 'Which process turns water into vapour?',
    interactive_count: 4,
    scorm: { completion_status: 'incomplete' },
    interactive_elements: [{ ref: 'f1e1' }],
  };
  const renumbered = {
    ...page,
    headings: [{ level: 1, text: 'Check 1', ref: 'f1e9' }],
    interactive_elements: [{ ref: 'f1e7' }],
  };
  assert.equal(pageFingerprint(page), pageFingerprint(renumbered));
  assert.notEqual(pageFingerprint(page), pageFingerprint({ ...page, text_summary: 'Correct!' }));
  assert.notEqual(
    pageFingerprint(page),
    pageFingerprint({ ...page, scorm: { completion_status: 'completed' } }),
  );
});

const row = (over: Partial<LearnerJourneyResult>): LearnerJourneyResult => ({
  course: 'demo',
  steps: 8,
  tool_calls: 49,
  failed_calls: 0,
  wall_ms: 13_400,
  pages_seen: 6,
  slide_reached: 5,
  slides_total: 6,
  completion: 'completed',
  success: 'failed',
  score: '1',
  stop: { kind: 'completed' },
  why: null,
  ...over,
});

test('the table has one row per course, with calls per step, budget, slides, status, why it stopped, and escaped cells', () => {
  const table = learnerTable([
    row({ budget: { calls: 116, ms: 348_000, rule: '80 + 6 × 6 slides' } }),
    row({
      course: 'storyline-1',
      tool_calls: 30,
      failed_calls: 2,
      slide_reached: null,
      slides_total: null,
      completion: 'incomplete',
      success: null,
      score: null,
      stop: { kind: 'stuck', steps: 3 },
      why: 'scorm_dom_click on button "A | B" (f1e2) (DOM_NOT_ACTIONABLE)',
    }),
  ]).split('\n');
  assert.equal(table.length, 4);
  assert.match(table[0]!, /^\| course \| steps \| tool calls \(failed\) \|/);
  assert.equal(
    table[2],
    '| demo | 8 | 49 (0) | 6.1 | 116 calls / 5.8 min (80 + 6 × 6 slides) | 13 | 6, slide 5/6 | completed | failed | 1 | completed |  |',
  );
  assert.equal(
    table[3],
    '| storyline-1 | 8 | 30 (2) | 3.8 |  | 13 | 6 | incomplete |  |  | stuck (3 steps unchanged) | scorm_dom_click on button "A \\| B" (f1e2) (DOM_NOT_ACTIONABLE) |',
  );
});

test('the median tool calls per course, and the summary line under the table', () => {
  const results = [
    row({ tool_calls: 49 }),
    row({ course: 'a', tool_calls: 20, stop: { kind: 'budget_calls', calls: 80 } }),
    row({ course: 'b', tool_calls: 80, stop: { kind: 'stuck', steps: 3 } }),
    row({ course: 'c', tool_calls: 30, stop: { kind: 'budget_time', ms: 240_000 } }),
  ];
  assert.equal(medianToolCalls(results), 39.5);
  assert.equal(medianToolCalls([]), null);
  assert.equal(learnerSummary(results), '1 of 4 courses completed; median tool calls per course: 39.5');
});

test('the course defect is an error finding about missing files or a plug-in, and an error anomaly with its likely cause', () => {
  const validation = {
    findings: [
      { rule: 'cp.excess_baggage', severity: 'warning', file: 'README.md' },
      { rule: 'cp.file_missing', severity: 'error', file: 'imsmanifest.xml', line: 40 },
      { rule: 'cp.file_missing', severity: 'error', file: 'imsmanifest.xml', line: 41 },
    ],
  };
  const apiCalls = {
    anomalies: [
      { type: 'late_commit', severity: 'warning' },
      { type: 'initialize_never_called', severity: 'error' },
    ],
  };
  assert.equal(
    courseDefect(validation, apiCalls),
    'course defect: cp.file_missing imsmanifest.xml:40 (+1 more); anomaly: initialize_never_called',
  );
  assert.equal(
    courseDefect(validation, { anomalies: [] }),
    'course defect: cp.file_missing imsmanifest.xml:40 (+1 more)',
  );
  assert.equal(courseDefect({ findings: [] }, apiCalls), 'course defect (anomaly): initialize_never_called');
  assert.equal(
    courseDefect(
      { findings: [] },
      {
        anomalies: [
          {
            type: 'initialize_never_called',
            severity: 'error',
            likely_cause: 'the course turned its own SCORM tracking off',
          },
        ],
      },
    ),
    'course defect (anomaly): initialize_never_called (likely: the course turned its own SCORM tracking off)',
  );
  assert.equal(
    courseDefect({ findings: [{ rule: 'cp.schema_invalid', severity: 'error' }] }, { anomalies: [] }),
    null,
  );
  assert.equal(
    courseDefect(
      { findings: [] },
      {
        anomalies: [
          { type: 'missing_terminate', severity: 'error' },
          { type: 'status_never_reported', severity: 'warning' },
          { type: 'status_never_reported', severity: 'warning' },
        ],
      },
    ),
    'course defect (anomaly): missing_terminate, status_never_reported (2 SCO attempts)',
    'a course whose SCOs never report a status cannot be completed: named beside the first error',
  );
  assert.equal(
    courseDefect({ findings: [] }, { anomalies: [{ type: 'status_never_reported', severity: 'warning' }] }),
    'course defect (anomaly): status_never_reported',
  );
  assert.equal(courseDefect(undefined, undefined), null);
});

test('pages seen tell slides apart by their slide title when a player keeps one document title and heading (storyline-3)', () => {
  const state = {
    sco_url: 'index_lms.html',
    title: 'DIGITAL LEADERSHIP c1',
    headings: [{ text: 'DIGITAL LEADERSHIP c1' }],
  };
  assert.notEqual(pageKey(state, 'Objectives'), pageKey(state, 'Introduction'));
  assert.equal(pageKey(state, 'Objectives'), pageKey({ ...state }, 'Objectives'));
  assert.equal(pageKey(state, null), pageKey(state, null));
});

test('a course whose pages never scroll is not scrolled again after a few pages', () => {
  assert.equal(worthScrolling(0), true);
  assert.equal(worthScrolling(UNMOVED_SCROLLS - 1), true);
  assert.equal(worthScrolling(UNMOVED_SCROLLS), false);
});

test("a scroll by the page's margin only counts as a page that does not scroll (lectora-1: 32 px)", () => {
  assert.equal(scrolledToSomething({ moved: true, after: { top: 32, max_top: 32 } }), false);
  assert.equal(scrolledToSomething({ moved: true, after: { top: 900, max_top: 900 } }), true);
  assert.equal(scrolledToSomething({ moved: false, after: { top: 0, max_top: 0 } }), false);
  assert.equal(scrolledToSomething({ moved: true }), true);
});

test('a course our tools named as recording nothing stops at once, said as such', () => {
  assert.match(
    stoppedAt({ kind: 'course_defect' }, 'scorm_dom_click on x', 'page "Menu"'),
    /stopped on page "Menu": the course records nothing/,
  );
});

test('out of budget is said as such, not as a page where no control took the learner further', () => {
  assert.equal(
    stoppedAt({ kind: 'budget_calls', calls: 80 }, null, 'page "Activity"'),
    'out of budget after page "Activity", still going on',
  );
  assert.equal(
    stoppedAt({ kind: 'stuck', steps: 3 }, null, 'page "Menu"'),
    'page "Menu": no control took the learner further',
  );
  assert.equal(
    stoppedAt({ kind: 'budget_calls', calls: 80 }, 'scorm_dom_click on x', 'page "A"'),
    'scorm_dom_click on x',
  );
});

test('a drawn drop-down: the learner clicks its box open once, then clicks one of its rows (not arrow keys)', async () => {
  const calls: Array<[string, unknown]> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push([tool, args.ref ?? (args.options as { ref?: string } | undefined)?.ref]);
    return { ok: true, data: {} };
  };
  const memory = newLearnerMemory();
  const box = { ref: 'f1e5', name: '--- SELECT ---', role: 'button', purpose: 'selection', state: {} };
  const closed = { interactive_elements: [box], assessments: [] };
  await learnerStep(
    call,
    { session_id: 's', fingerprint: 'a', place: 'slide', elements: closed, slide: null },
    memory,
  );
  assert.deepEqual(calls, [['scorm_dom_click', 'f1e5']]);
  const rows = [
    { ref: 'f1e6', name: 'Olivia', role: 'button', purpose: 'answer_option', state: {} },
    { ref: 'f1e7', name: 'Ethan', role: 'button', purpose: 'answer_option', state: {} },
  ];
  const open = {
    interactive_elements: [box, ...rows],
    assessments: [{ kind: 'dropdown', type: 'selection', question: 'Who?', options: ['f1e6', 'f1e7'] }],
  };
  calls.length = 0;
  await learnerStep(
    call,
    { session_id: 's', fingerprint: 'b', place: 'slide', elements: open, slide: null },
    memory,
  );
  assert.deepEqual(calls, [['scorm_dom_click', 'f1e6']]);
  // Closed again on the same box name (the player keeps its first box under the layer): not reopened.
  calls.length = 0;
  await learnerStep(
    call,
    { session_id: 's', fingerprint: 'c', place: 'slide', elements: closed, slide: null },
    memory,
  );
  assert.equal(
    calls.some(([tool, ref]) => tool === 'scorm_dom_click' && ref === 'f1e5'),
    false,
  );
});
