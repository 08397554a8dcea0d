import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  controlsKey,
  controlsWithoutQuestions,
  deliveredAnotherSco,
  leftPageAsItWas,
  statusAfter,
  type StepAnswer,
} from '../../bench/learner-answers.js';
import { BUDGET_RULE, fittedBudget } from '../../bench/learner-budget.js';

const click = (data: Record<string, unknown>, ok = true): StepAnswer => ({
  tool: 'scorm_dom_click',
  ok,
  data,
});

test('the page is left as it was only when every action said so: changed false, or a scroll that moved and recorded nothing', () => {
  assert.equal(leftPageAsItWas([click({ changed: false })]), true);
  assert.equal(
    leftPageAsItWas([
      { tool: 'scorm_scroll', ok: true, data: { moved: false, nothing_recorded: true } },
      click({ changed: false }),
    ]),
    true,
  );
  // A click that changed something, a scroll that moved, a refused call, a step that only waited: read again.
  assert.equal(leftPageAsItWas([click({ changed: false }), click({ changes: {} })]), false);
  assert.equal(leftPageAsItWas([{ tool: 'scorm_scroll', ok: true, data: { moved: true } }]), false);
  assert.equal(leftPageAsItWas([click({ changed: false }, false)]), false);
  assert.equal(leftPageAsItWas([]), false);
  // The LMS's menu read before a choice is no action.
  assert.equal(
    leftPageAsItWas([{ tool: 'scorm_nav_get_state', ok: true, data: {} }, click({ changed: false })]),
    true,
  );
});

test('the status follows the data-model changes the actions reported, before the action first', () => {
  const answers: StepAnswer[] = [
    click({
      changes: {
        before_action: {
          data_model_changes: [{ element: 'cmi.completion_status', from: null, to: 'incomplete' }],
        },
        data_model_changes: [
          { element: 'cmi.completion_status', from: 'incomplete', to: 'completed' },
          { element: 'cmi.location', from: null, to: '3' },
        ],
      },
    }),
  ];
  assert.deepEqual(statusAfter({ success_status: 'unknown' }, answers), {
    success_status: 'unknown',
    completion_status: 'completed',
  });
  assert.deepEqual(
    statusAfter(null, [
      click({ changes: { data_model_changes: [{ element: 'cmi.core.lesson_status', to: 'passed' }] } }),
    ]),
    { lesson_status: 'passed' },
  );
  assert.deepEqual(statusAfter({ lesson_status: 'incomplete' }, [click({ changed: false })]), {
    lesson_status: 'incomplete',
  });
  assert.equal(
    deliveredAnotherSco([{ tool: 'scorm_nav_next', ok: true, data: { outcome: 'delivered' } }]),
    true,
  );
  assert.equal(deliveredAnotherSco([click({ changes: {} })]), false);
});

const pageState = (controls: unknown[], over: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: 'Slide',
  interactive_count: controls.length,
  interactive_elements: controls,
  ...over,
});

test('the controls read last hold while page state lists the same controls in the same states; never when it listed only some', () => {
  const next = { ref: 'f1e2', role: 'button', name: 'Next', purpose: 'next' };
  const key = controlsKey('fp', pageState([next]));
  assert.equal(key, controlsKey('fp', pageState([{ ...next }])));
  // A Next the slide enables at the end of its timeline, a new element, another page: read again.
  assert.notEqual(key, controlsKey('fp', pageState([{ ...next, state: { disabled: true } }])));
  assert.notEqual(key, controlsKey('fp', pageState([{ ...next, ref: 'f2e2' }])));
  assert.notEqual(key, controlsKey('other', pageState([next])));
  assert.equal(controlsKey('fp', pageState([next], { interactive_count: 40 })), null);
});

test('page state stands for the element list on a page without a question, with the purpose it leaves out put back', () => {
  const listed = controlsWithoutQuestions(
    pageState([
      { ref: 'f1e1', role: 'button', name: 'Next', purpose: 'next' },
      { ref: 'f1e2', role: 'link', name: 'Glossary' },
      { ref: 'f1e3', role: 'slider', name: 'volume', purpose: 'player_control' },
    ]),
  );
  assert.deepEqual(listed, {
    interactive_elements: [
      { ref: 'f1e1', role: 'button', name: 'Next', purpose: 'next' },
      { ref: 'f1e2', role: 'link', name: 'Glossary', purpose: 'link' },
      { ref: 'f1e3', role: 'slider', name: 'volume', purpose: 'player_control' },
    ],
    assessments: [],
  });
  // An option, a field, a drag item: the element list is read for its questions; so when controls are left out.
  for (const control of [
    { ref: 'f1e3', role: 'button', name: 'Paris', purpose: 'answer_option' },
    { ref: 'f1e3', role: 'combobox', name: 'Capital', purpose: 'selection' },
    { ref: 'f1e3', role: 'textbox', name: 'Name', purpose: 'text_entry' },
    { ref: 'f1e3', role: 'img', name: 'Card', purpose: 'other', state: { draggable: true } },
  ])
    assert.equal(controlsWithoutQuestions(pageState([control])), null, JSON.stringify(control));
  assert.equal(controlsWithoutQuestions(pageState([], { interactive_count: 3 })), null);
});

test("the budget grows with the course's size our tools give: slides, activities or pages seen; the command line overrides", () => {
  assert.deepEqual(fittedBudget({ slides: null, activities: null, pages: 0 }), {
    calls: 80,
    ms: 240_000,
    rule: '80 (size unknown)',
  });
  assert.deepEqual(fittedBudget({ slides: 28, activities: null, pages: 3 }), {
    calls: 248,
    ms: 744_000,
    rule: '80 + 6 × 28 slides',
  });
  assert.equal(fittedBudget({ slides: 2, activities: 19, pages: 5 }).rule, '80 + 6 × 19 activities');
  assert.equal(fittedBudget({ slides: null, activities: null, pages: 40 }).rule, '80 + 6 × 40 pages seen');
  assert.equal(fittedBudget({ slides: 5000, activities: null, pages: 0 }).calls, 1_000);
  assert.deepEqual(fittedBudget({ slides: 28, activities: null, pages: 0 }, { calls: 110 }), {
    calls: 110,
    ms: 330_000,
    rule: '--budget-calls',
  });
  assert.equal(
    fittedBudget({ slides: 28, activities: null, pages: 0 }, { ms: 60_000 }).rule,
    '80 + 6 × 28 slides, --budget-minutes',
  );
  assert.match(BUDGET_RULE, /80 \+ 6 × units/);
});
