/** Remote browser endpoints: only ws:// and wss:// are taken, and no secret of a URL is ever shown. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScormTesterError } from '../../src/core/errors.js';
import { maskEndpoint, maskEndpointsIn, parseBrowserEndpoints } from '../../src/runtime/browser-endpoint.js';

test('ws:// and wss:// endpoints are taken in order, comma-separated or repeated, each once', () => {
  assert.deepEqual(
    parseBrowserEndpoints(
      ['ws://127.0.0.1:3000/a, wss://grid.example:443/b', 'ws://127.0.0.1:3000/a', ' '],
      '--browser-ws',
    ),
    ['ws://127.0.0.1:3000/a', 'wss://grid.example:443/b'],
  );
  assert.deepEqual(parseBrowserEndpoints([''], 'SCORM_TESTER_BROWSER_WS'), []);
});

test('anything else is INVALID_ARGUMENT naming the source and the endpoint, masked', () => {
  for (const bad of ['http://127.0.0.1:3000/', 'not a url', '127.0.0.1:3000', 'ws://', 'file:///tmp/x']) {
    assert.throws(
      () => parseBrowserEndpoints([bad], 'SCORM_TESTER_BROWSER_WS'),
      (err: unknown) =>
        isScormTesterError(err) &&
        err.code === 'INVALID_ARGUMENT' &&
        err.message.startsWith('SCORM_TESTER_BROWSER_WS: ') &&
        err.message.includes('ws:// or wss://'),
      bad,
    );
  }
  assert.throws(
    () => parseBrowserEndpoints(['https://bob:s3cret@grid.example/?token=abc'], '--browser-ws'),
    (err: unknown) => err instanceof Error && !err.message.includes('s3cret') && !err.message.includes('abc'),
  );
});

test('masking: user, password, every path segment and every query value never show', () => {
  assert.equal(
    maskEndpoint('wss://bob:s3cret@grid.example:4444/playwright/chromium?token=abc&launch=x'),
    'wss://***@grid.example:4444/***/***?token=***&launch=***',
  );
  // A short secret that looks like no token (review of issue 25, N1) is masked like any segment.
  assert.equal(maskEndpoint('ws://127.0.0.1:9/tok123secret'), 'ws://127.0.0.1:9/***');
  assert.equal(maskEndpoint('ws://127.0.0.1:9/a/b-c/'), 'ws://127.0.0.1:9/***/***/');
  assert.equal(
    maskEndpoint('ws://127.0.0.1:39451/4f6c0b0e8d2a4e5f9a1b2c3d4e5f6a7b'),
    'ws://127.0.0.1:39451/***',
  );
  assert.equal(maskEndpoint('ws://127.0.0.1:3000/'), 'ws://127.0.0.1:3000');
  assert.equal(maskEndpoint('::not a url::'), '<not a URL>');
  const said = maskEndpointsIn(
    'WebSocket error: ws://bob:s3cret@10.0.0.5:3000/4f6c0b0e8d2a4e5f9a1b?token=abc 401 Unauthorized',
  );
  assert.equal(said, 'WebSocket error: ws://***@10.0.0.5:3000/***?token=*** 401 Unauthorized');
});
