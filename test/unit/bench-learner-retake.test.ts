import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

const question = [
  { ref: 'o1', name: 'True', role: 'radio', purpose: 'answer_option', question: 'Is it?' },
  { ref: 'o2', name: 'False', role: 'radio', purpose: 'answer_option', question: 'Is it?' },
  { ref: 's1', name: 'Submit', role: 'button', purpose: 'submit' },
  { ref: 'n1', name: 'Next', role: 'button', purpose: 'next' },
];
const assessments: Array<Record<string, unknown>> = [
  { selector: '#q1', question: 'Is it?', type: 'single_choice', options: ['o1', 'o2'] },
];
const results = [{ ref: 'r1', name: 'Next', role: 'button', purpose: 'next' }];

const on = (page: string, controls: unknown[], withQuestion: boolean): StepContext => ({
  session_id: 's',
  fingerprint: page,
  place: page,
  page,
  elements: { interactive_elements: controls, assessments: withQuestion ? assessments : [] },
  slide: null,
});

test('a test the course takes the learner back into is answered again, with the next option (lectora-1 retake)', async () => {
  const calls: string[] = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push(`${tool} ${String(args.ref ?? '')}`);
    return { ok: true, data: {} };
  };
  const memory = newLearnerMemory();
  for (const page of ['Question 1', 'Results']) memory.scrolled.add(page);
  await learnerStep(call, on('Question 1', question, true), memory); // answers and submits
  await learnerStep(call, on('Question 1', question, true), memory); // its feedback read: goes on
  await learnerStep(call, on('Results', results, false), memory); // failed: back to the test
  await learnerStep(call, on('Question 1', question, true), memory); // the retake: answered anew
  assert.deepEqual(calls, [
    'scorm_dom_click o1',
    'scorm_dom_click s1',
    'scorm_dom_click n1',
    'scorm_dom_click r1',
    'scorm_dom_click o2',
    'scorm_dom_click s1',
  ]);
});

test("on a retake, an answer the course said was right is given again, one it said was wrong changes (lectora-1's alert after Next)", async () => {
  const noSubmit = question.filter((c) => c.purpose !== 'submit');
  let second: Record<string, unknown> = {
    selector: '#q2',
    question: 'And this?',
    type: 'single_choice',
    options: ['o1', 'o2'],
  };
  const page = (name: string, a: unknown): StepContext => ({
    ...on(name, noSubmit, true),
    elements: { interactive_elements: noSubmit, assessments: [a] },
  });
  const alerts = ['Correct', 'You answered the question incorrectly.'];
  const calls: string[] = [];
  let events = 0;
  const call: LearnerCall = async (tool, args) => {
    calls.push(`${tool} ${String(args.ref ?? '')}`.trim());
    if (tool === 'scorm_dom_click' && args.ref === 'n1')
      return { ok: true, data: { changes: { navigation: [{ frame: 'f', from: 'a', to: 'b' }] } } };
    if (tool !== 'scorm_session_events') return { ok: true, data: {} };
    // Where the events stand, asked once before the first look.
    if (args.since_event_id === Number.MAX_SAFE_INTEGER)
      return { ok: true, data: { latest_event_id: 0, events: [], events_remaining: 0 } };
    const message = alerts[events++ % alerts.length]!;
    return {
      ok: true,
      data: {
        latest_event_id: events,
        events: [{ type: 'dialog', payload: { course_text: { message: { text: message } } } }],
      },
    };
  };
  const memory = newLearnerMemory();
  for (const p of ['Question 1', 'Question 2', 'Results']) memory.scrolled.add(p);
  const walk = async (): Promise<void> => {
    // No Submit: answered, then Next and the course's verdict, in one step.
    await learnerStep(call, page('Question 1', assessments[0]), memory);
    await learnerStep(call, page('Question 2', second), memory);
    await learnerStep(call, on('Results', results, false), memory); // failed: back to the test
  };
  await walk();
  // The retake draws the questions again in another order: each is known by its text, not its page.
  [assessments[0], second] = [second, assessments[0]!];
  await walk();
  [assessments[0], second] = [second, assessments[0]!];
  assert.deepEqual(calls, [
    'scorm_dom_click o1',
    'scorm_session_events',
    'scorm_dom_click n1',
    'scorm_session_events',
    'scorm_dom_click o1',
    'scorm_dom_click n1',
    'scorm_session_events',
    'scorm_dom_click r1',
    // Drawn first now, question 2 was wrong: o2; question 1 was right: o1 again. A test begun again looks
    // from where the events stand then (learner-verdicts.ts).
    'scorm_dom_click o2',
    'scorm_session_events',
    'scorm_dom_click n1',
    'scorm_session_events',
    'scorm_dom_click o1',
    'scorm_dom_click n1',
    'scorm_session_events',
    'scorm_dom_click r1',
  ]);
});
