/** What Chromium's console messages say about refused loads, blocked navigations and our own player; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockedNavigation, isSandboxNote, refusedLoad } from '../../src/runtime/chromium-console-text.js';

test('refused loads: a local resource and an unsupported fetch scheme give the URL; a service worker its kind', () => {
  assert.deepEqual(refusedLoad('Not allowed to load local resource: file:///etc/passwd'), {
    kind: 'scheme_not_allowed',
    url: 'file:///etc/passwd',
  });
  assert.deepEqual(
    refusedLoad('Fetch API cannot load ftp://example.com/x. URL scheme "ftp" is not supported.'),
    { kind: 'scheme_not_allowed', url: 'ftp://example.com/x' },
  );
  assert.deepEqual(refusedLoad('Service Worker registration blocked by Playwright'), {
    kind: 'service_worker',
  });
});

test('other console text is no refused load', () => {
  assert.equal(refusedLoad('Failed to load resource: net::ERR_FAILED'), null);
  assert.equal(refusedLoad('hello Not allowed to load local resource: file:///x'), null);
  assert.equal(refusedLoad('Service Worker registration blocked by Playwright!'), null);
});

test('blocked navigations: the top window, then the target in a second message', () => {
  assert.deepEqual(
    blockedNavigation("Unsafe attempt to initiate navigation for frame with origin 'http://127.0.0.1:1'"),
    { kind: 'top_window' },
  );
  assert.deepEqual(
    blockedNavigation(
      "The frame attempting navigation of the top-level window is sandboxed, but the flag of 'allow-top-navigation' is not set. ... does not have permission to navigate the target frame to 'https://example.com/'.",
    ),
    { kind: 'target', url: 'https://example.com/' },
  );
  assert.equal(blockedNavigation('Uncaught TypeError: x is not a function'), null);
});

test("the player's sandbox note is ours, not the course's", () => {
  assert.equal(
    isSandboxNote(
      'An iframe which has both allow-scripts and allow-same-origin for its sandbox attribute can escape its sandboxing.',
    ),
    true,
  );
  assert.equal(isSandboxNote('console.log from the SCO'), false);
});
