import { test } from 'node:test';
import assert from 'node:assert/strict';
import { traceIssues, type TracedCall, type TracedStep } from '../../src/dom/scenario/trace-issues.js';

let callIndex = 0;
function call(method: string, args: unknown[], result = 'true', error_code = '0'): TracedCall {
  return { index: callIndex++, method, args, result, error_code };
}
function step(index: number, over: Partial<TracedStep> = {}): TracedStep {
  return {
    index,
    ok: true,
    answerChanged: false,
    api_calls: [],
    data_model_changes: [],
    console_errors: [],
    ...over,
  };
}
const set = (element: string, value: string): Pick<TracedStep, 'api_calls' | 'data_model_changes'> => ({
  api_calls: [call('SetValue', [element, value])],
  data_model_changes: [{ element, to: value }],
});

test('an answer given on the page but never recorded in cmi.interactions is reported at its step', () => {
  const issues = traceIssues('2004', [step(0), step(1, { answerChanged: true }), step(2)], {});
  assert.deepEqual(
    issues.map((i) => [i.type, i.step_index]),
    [['answer_not_recorded', 1]],
  );
  assert.match(issues[0]!.fix, /learner_response/);
});

test('an answer recorded by a later step (a Check button) is not an issue; a complete record neither', () => {
  const dm = {
    'cmi.interactions.0.id': 'q1',
    'cmi.interactions.0.result': 'correct',
    'cmi.interactions.0.learner_response': 'a',
  };
  const steps = [
    step(0, { answerChanged: true }),
    step(1, set('cmi.interactions.0.id', 'q1')),
    step(2, { api_calls: [call('Commit', [''])] }),
  ];
  assert.deepEqual(traceIssues('2004', steps, dm), []);
});

test('interactions without result or response, failed SetValue calls and console errors', () => {
  const steps = [
    step(0, {
      api_calls: [
        call('SetValue', ['cmi.interactions.0.id', 'q1']),
        call('SetValue', ['cmi.bogus', 'x'], 'false', '401'),
      ],
      data_model_changes: [{ element: 'cmi.interactions.0.id', to: 'q1' }],
    }),
    step(1, { console_errors: [{ text: 'TypeError: x is undefined' }] }),
  ];
  const issues = traceIssues('2004', steps, {
    'cmi.interactions.0.id': 'q1',
    'cmi.interactions.0.result': '',
  });
  assert.deepEqual(
    issues.map((i) => [i.type, i.step_index, i.element ?? null]),
    [
      ['set_value_error', 0, 'cmi.bogus'],
      ['incomplete_interaction', 0, 'cmi.interactions.0'],
      ['console_error', 1, null],
    ],
  );
  assert.match(issues[1]!.message, /"q1"\) has no result and no learner_response/);
});

test('score and status set without a Commit afterwards; a later Commit or Terminate clears it', () => {
  const uncommitted = traceIssues('1.2', [step(0, set('cmi.core.score.raw', '80')), step(1)], null);
  assert.deepEqual(
    uncommitted.map((i) => [i.type, i.step_index, i.element]),
    [['missing_commit', 0, 'cmi.core.score.raw']],
  );
  assert.match(uncommitted[0]!.fix, /LMSCommit/);
  const committed = [
    step(0, set('cmi.success_status', 'passed')),
    step(1, { api_calls: [call('Terminate', [''])] }),
  ];
  assert.deepEqual(traceIssues('2004', committed, null), []);
  const commitBeforeSet = [
    step(0, { api_calls: [call('Commit', ['']), ...set('cmi.completion_status', 'completed').api_calls] }),
  ];
  assert.equal(traceIssues('2004', commitBeforeSet, null)[0]?.type, 'missing_commit');
});
