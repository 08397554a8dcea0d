import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closedOntoPageBelow, nextInRow } from '../../bench/learner-popup-row.js';

const picture = (ref: string, role = 'generic') => ({ ref, role, name: '', purpose: 'other' });

test('the next picture of the row is the next unnamed control of the same role after the opener, not yet followed', () => {
  const row = [picture('f1e4'), picture('f1e5'), picture('f1e6'), picture('f1e7', 'img'), picture('f1e8')];
  const all = () => true;
  assert.equal(nextInRow(row, 'f1e4', all)?.ref, 'f1e5');
  assert.equal(nextInRow(row, 'f1e4', (c) => c.ref !== 'f1e5')?.ref, 'f1e6');
  assert.equal(nextInRow(row, 'f1e6', all)?.ref, 'f1e8', 'a picture of another role is skipped');
  assert.equal(nextInRow(row, 'f1e8', all), undefined, 'the row ends');
  assert.equal(nextInRow(row, 'f1e50', all), undefined, 'the opener is not on the page below');
  assert.equal(nextInRow(row, null, all), undefined);
  const named = [{ ref: 'f1e4', role: 'button', name: 'Tab 1', purpose: 'other' }, picture('f1e5', 'button')];
  assert.equal(nextInRow(named, 'f1e4', all), undefined, 'a named opener: the names choose, not the row');
  const next = [picture('f1e4'), { ref: 'f1e5', role: 'generic', name: '', purpose: 'next' }];
  assert.equal(nextInRow(next, 'f1e4', all), undefined, 'only controls of no known purpose');
});

test('a close that finished the course, left the page or failed is not followed by the next picture', () => {
  assert.equal(closedOntoPageBelow(true, { success: true, changes: { api_calls: [] } }), true);
  const completed = {
    success: true,
    changes: {
      data_model_changes: [{ element: 'cmi.core.lesson_status', from: 'incomplete', to: 'completed' }],
    },
  };
  assert.equal(closedOntoPageBelow(true, completed), false);
  const left = { success: true, changes: { navigation: [{ frame: 'sco', from: 'a.html', to: 'b.html' }] } };
  assert.equal(closedOntoPageBelow(true, left), false);
  assert.equal(closedOntoPageBelow(true, { success: true, windows_opened: 1 }), false);
  assert.equal(closedOntoPageBelow(false, { success: false }), false);
  assert.equal(closedOntoPageBelow(true, undefined), false);
});
