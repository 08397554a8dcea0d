import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measure, nextControl } from '../../bench/journey-run.js';

test('a result costs bytes/4 of its text and of its structured content (a client may show both), images apart', () => {
  const structured = { session_id: 's1', note: 'été' };
  const text = JSON.stringify(structured);
  const measured = measure('scorm_open_course', {
    content: [
      { type: 'text', text },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ],
    structuredContent: structured,
  });
  assert.equal(measured.tokens, (2 * Buffer.byteLength(text)) / 4);
  assert.equal(measured.image_bytes, 4);
  assert.equal(measured.failed, false);
});

test('an isError result is measured and marked failed with its error_code', () => {
  const measured = measure('scorm_dom_click', {
    content: [{ type: 'text', text: 'abcd' }],
    structuredContent: { error_code: 'ELEMENT_NOT_FOUND' },
    isError: true,
  });
  assert.deepEqual(measured, {
    tool: 'scorm_dom_click',
    tokens: (4 + Buffer.byteLength('{"error_code":"ELEMENT_NOT_FOUND"}')) / 4,
    image_bytes: 0,
    failed: true,
    error_code: 'ELEMENT_NOT_FOUND',
    answer: { error_code: 'ELEMENT_NOT_FOUND' },
  });
});

test("Next is the page state's navigation control first, else a control whose purpose is next (by selector)", () => {
  const elements = {
    buttons: [
      { ref: 'e1', purpose: 'submit' },
      { ref: 'e7', selector: '#next', purpose: 'next' },
    ],
  };
  assert.deepEqual(nextControl({ navigation_controls: { next: { selector: '.nav-next' } } }, elements), {
    selector: '.nav-next',
  });
  assert.deepEqual(nextControl({ navigation_controls: { next: null } }, elements), { selector: '#next' });
  assert.deepEqual(nextControl(undefined, { controls: [{ ref: 'e3', purpose: 'next' }] }), { ref: 'e3' });
  assert.equal(nextControl(undefined, { buttons: [{ ref: 'e1', purpose: 'previous' }] }), null);
});
