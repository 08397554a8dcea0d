import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deadWayOn } from '../../bench/learner-dead-link.js';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

const broke = {
  success: true,
  changes: {
    navigation: [{ from: 'http://h/c/index.html#/id/p1', to: 'http://h/c/index.html#/id/gone' }],
    console_errors: [
      { text: "Cannot set properties of undefined (setting 'p1')", source: 'pageerror' },
      { text: 'Failed to load resource', source: 'console' },
    ],
  },
};

test('a way on whose click threw page errors is described with where it went; a quiet one is not', () => {
  const note = deadWayOn('Next module', broke);
  assert.match(note ?? '', /"Next module" went to #\/id\/gone and threw 1 page error\(s\)/);
  assert.equal(deadWayOn('Next', { success: true, changes: { console_errors: [] } }), null);
  assert.equal(deadWayOn('Next', undefined), null);
});

test('a course link to nothing (adapt-2\'s "Next module"): named dead once the learner is still on the page, then not followed again', async () => {
  const calls: Array<[string, unknown]> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push([tool, args.ref]);
    return { ok: true, data: tool === 'scorm_dom_click' && args.ref === 'f1e46' ? broke : { success: true } };
  };
  const memory = newLearnerMemory();
  memory.lmsNextUnavailable = true;
  const ctx = (): StepContext => ({
    session_id: 's',
    fingerprint: `fp${calls.length}`,
    place: '1. What is data?',
    page: 'page-1',
    slide: null,
    elements: {
      interactive_elements: [
        { ref: 'f1e46', role: 'link', name: 'Next module', purpose: 'next' },
        { ref: 'f1e14', role: 'button', name: 'Item 1', purpose: 'other' },
      ],
    },
  });
  memory.scrolled.add('fp0');
  await learnerStep(call, ctx(), memory);
  assert.deepEqual(calls, [['scorm_dom_click', 'f1e46']]);
  memory.scrolled.add(`fp${calls.length}`);
  await learnerStep(call, ctx(), memory);
  assert.match([...memory.deadWaysOn.values()].join(), /Next module/);
  assert.deepEqual(calls.at(-1), ['scorm_dom_click', 'f1e14']);
});
