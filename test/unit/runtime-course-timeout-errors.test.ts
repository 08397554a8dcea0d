/** The COURSE_TIMEOUT errors of a page interaction past its time limit; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slowPageError, stuckScriptError } from '../../src/runtime/course-timeout-errors.js';

test('a stuck script: COURSE_TIMEOUT naming the operation and the limit, cause script_stuck, the script stopped', () => {
  const err = stuckScriptError('the GetValue call', 15_000);
  assert.equal(err.code, 'COURSE_TIMEOUT');
  assert.match(err.message, /did not respond to the GetValue call within 15000 ms: its script is stuck/);
  assert.match(err.message, /The stuck script was stopped/);
  assert.deepEqual(err.details, { operation: 'the GetValue call', timeoutMs: 15_000, cause: 'script_stuck' });
});

test('a responsive page: renderer_slow with the time it answered in; the script was not stopped', () => {
  const err = slowPageError('the screenshot', 5_000, { state: 'responsive', answered_ms: 12 });
  assert.equal(err.code, 'COURSE_TIMEOUT');
  assert.match(
    err.message,
    /answered a trivial call in 12 ms, so the screenshot was held up by the renderer/,
  );
  assert.match(err.message, /Its script was not stopped/);
  assert.deepEqual(err.details, {
    operation: 'the screenshot',
    timeoutMs: 5_000,
    cause: 'renderer_slow',
    main_thread: 'responsive',
  });
});

test('a busy main thread running no script: renderer_slow, main_thread busy', () => {
  const err = slowPageError('the layout analysis', 5_000, { state: 'busy' });
  assert.match(err.message, /main thread answered nothing for \d+ ms while running no script/);
  assert.equal(err.details?.['main_thread'], 'busy');
  assert.equal(err.details?.['cause'], 'renderer_slow');
});
