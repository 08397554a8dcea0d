/** Whether the course is still loading a file we serve, from the network record; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOADING_HOLD_MS, servedFileLoading } from '../../src/runtime/served-file-loading.js';
import type { NetworkEntry } from '../../src/runtime/records.js';

const NOW = 1_000_000;
function request(
  scope: NetworkEntry['scope'],
  ageMs: number,
  settled: Partial<NetworkEntry> = {},
): NetworkEntry {
  return {
    id: 1,
    timestamp: NOW - ageMs,
    method: 'GET',
    url: 'http://127.0.0.1:1/t/a.js',
    resourceType: 'script',
    scope,
    ...settled,
  };
}

test('an unanswered request for a package or player file is loading; one answered or failed is not', () => {
  assert.equal(servedFileLoading([request('content', 10)], NOW), true);
  assert.equal(servedFileLoading([request('player', 10)], NOW), true);
  assert.equal(servedFileLoading([request('content', 10, { statusCode: 200 })], NOW), false);
  assert.equal(servedFileLoading([request('content', 10, { error: 'net::ERR_ABORTED' })], NOW), false);
});

test('external requests never count, nor served ones older than LOADING_HOLD_MS (dropped without a word)', () => {
  assert.equal(servedFileLoading([request('external', 10)], NOW), false);
  assert.equal(servedFileLoading([request('content', LOADING_HOLD_MS + 1)], NOW), false);
  assert.equal(
    servedFileLoading(
      [request('content', LOADING_HOLD_MS + 1), request('content', 5, { statusCode: 200 })],
      NOW,
    ),
    false,
  );
  assert.equal(servedFileLoading([], NOW), false);
});
