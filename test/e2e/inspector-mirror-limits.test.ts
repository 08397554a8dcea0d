/**
 * The player mirror on a page too large to mirror: a notice instead of the page, found without
 * serialising the whole page, and the mirror stays usable.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MAX_HTML_CHARS } from '../../src/inspector/mirror/mirror.js';
import { CHROMIUM_SKIP } from '../helpers/chromium.js';
import { openMirrorHarness, type MirrorHarness } from '../helpers/inspector-mirror.js';

const SKIP = CHROMIUM_SKIP;
let h: MirrorHarness;
before(async () => {
  if (SKIP) return;
  h = await openMirrorHarness('insp-mirror-huge');
});
after(async () => {
  await h?.close();
});

test('a page past the size limit gets a notice, not a cut page', { skip: SKIP }, async () => {
  const scoFrame = await h.sessions.get(h.sessionId).runtime!.scoFrame();
  await scoFrame.waitForFunction(() => document.querySelectorAll('p').length >= 60_000);
  const started = Date.now();
  h.mirror.start();
  const frame = await h.frame();
  const took = Date.now() - started;
  assert.equal(frame.truncated, true);
  assert.ok(frame.html.length < 2_000);
  assert.match(frame.html, /larger than the mirror shows \(more than 2\.0 MB of HTML\)/);
  assert.match(frame.html, /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"/);
  assert.equal(DEFAULT_MAX_HTML_CHARS, 2 * 1024 * 1024);
  console.log(`# a 4 MB page: notice after ${took} ms`);
});
