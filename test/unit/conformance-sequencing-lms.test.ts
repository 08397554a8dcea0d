/** The harness pieces around the sequencing engine: UI answers from navigation state, the SCO's data as an attempt report. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attemptReport } from '../../src/sequencing/attempt-report.js';
import type { UiState } from '../../src/conformance/lms.js';
import { answerUiQuestions } from '../../src/conformance/ui-questions.js';
import { buildRteInit } from '../../src/rte/adapter/rte-init.js';
import { StrictApi2004 } from '../../src/rte/strict/index.js';

const UI: UiState = {
  continueEnabled: true,
  previousEnabled: false,
  tocEnabled: true,
  toc: [
    { title: 'LMS Test Content Package X', visible: true, selectable: true },
    { title: 'Activity 1', visible: true, selectable: false },
    { title: 'Activity 2', visible: false, selectable: false },
  ],
};

test('UI questions: controls, TOC entries by title, and the root named by its organization title', () => {
  const check = answerUiQuestions(
    [
      'continue.enabled',
      'previous.disabled',
      'toc.enabled.selectable@Activity 1',
      'toc.visible@Activity 2',
      'toc.enabled.selectable@the activity that corresponds to the root of "LMS Test Content Package X"',
      'toc.visible@No Such Activity',
    ],
    'Y~Y~N~N~Y~N',
    UI,
  );
  assert.equal(check.answered, 'Y~Y~N~N~Y~N');
  assert.equal(check.pass, true);
  assert.equal(answerUiQuestions(['continue.enabled'], 'Y~N', UI).pass, false, 'counts must agree');
});

test('attempt report: statuses, scores, objectives, exit and the pending request from flat cmi values', () => {
  const report = attemptReport(
    {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.5',
      'cmi.score.raw': '50',
      'cmi.progress_measure': '0.8',
      'cmi.session_time': 'PT1M',
      'cmi.exit': 'suspend',
      'cmi.objectives.0.id': 'obj1',
      'cmi.objectives.0.success_status': 'failed',
      'cmi.objectives.0.score.min': '-1',
      'cmi.objectives.1.id': 'obj2',
      'cmi.objectives.1.progress_measure': 'not a number',
    },
    '{target=activity_2}choice',
    new Set(),
  );
  assert.deepEqual(report, {
    navRequest: '{target=activity_2}choice',
    completionStatus: 'completed',
    successStatus: 'passed',
    score: { scaled: 0.5, raw: 50 },
    progressMeasure: 0.8,
    sessionTime: 'PT1M',
    exit: 'suspend',
    objectives: [{ id: 'obj1', successStatus: 'failed', score: { min: -1 } }, { id: 'obj2' }],
  });
  assert.deepEqual(attemptReport({}, '_none_', new Set()), { navRequest: '_none_' });
});

test('attempt report: an unknown status is reported only when the SCO set it itself', () => {
  const values = {
    'cmi.success_status': 'unknown',
    'cmi.objectives.0.id': 'obj1',
    'cmi.objectives.0.success_status': 'unknown',
    'cmi.objectives.0.completion_status': 'unknown',
  };
  assert.deepEqual(attemptReport(values, '_none_', new Set()), {
    navRequest: '_none_',
    objectives: [{ id: 'obj1' }],
  });
  assert.deepEqual(
    attemptReport(values, '_none_', new Set(['cmi.success_status', 'cmi.objectives.0.success_status'])),
    {
      navRequest: '_none_',
      successStatus: 'unknown',
      objectives: [{ id: 'obj1', successStatus: 'unknown' }],
    },
  );
});

test('the strict 2004 API tells what the SCO set itself from what the LMS loaded', () => {
  const init = buildRteInit({ version: '2004', scoId: 'sco1', learnerId: 'learner1' });
  const api = new StrictApi2004({
    init: {
      ...init,
      values: { ...init.values, 'cmi.objectives.0.id': 'p', 'cmi.objectives.0.success_status': 'failed' },
    },
  });
  api.Initialize('');
  api.SetValue('cmi.objectives.0.success_status', 'unknown');
  api.SetValue('cmi.success_status', 'bogus');
  assert.deepEqual([...api.setByContent()], ['cmi.objectives.0.success_status'], 'refused sets do not count');
});
