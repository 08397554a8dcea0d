/** The capture scale of a screenshot; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SCREENSHOT_EDGE, screenshotScale } from '../../src/runtime/screenshot-scale.js';

test('a capture that fits keeps the device scale', () => {
  assert.deepEqual(screenshotScale(1280, 800, 1), { scale: 1, scaled: false });
  assert.deepEqual(screenshotScale(390, 844, 1.5), { scale: 1.5, scaled: false });
});

test('a capture too large is scaled so its long edge stays under MAX_SCREENSHOT_EDGE, the height included', () => {
  const wide = screenshotScale(1920, 1080, 1);
  assert.equal(wide.scaled, true);
  assert.ok(1920 * wide.scale < MAX_SCREENSHOT_EDGE);
  assert.ok(Math.round(1920 * wide.scale) <= MAX_SCREENSHOT_EDGE);
  const tall = screenshotScale(1280, 16_384, 1);
  assert.equal(tall.scaled, true);
  assert.ok(Math.round(16_384 * tall.scale) <= MAX_SCREENSHOT_EDGE);
  const retina = screenshotScale(390, 844, 3);
  assert.equal(retina.scaled, true);
  assert.ok(retina.scale < 3 && Math.round(844 * retina.scale) <= MAX_SCREENSHOT_EDGE);
});
