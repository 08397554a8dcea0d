/** The scales of a screenshot: the image a model is shown and the full-resolution PNG; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  fullResolutionScale,
  MAX_CAPTURE_EDGE,
  MAX_SCREENSHOT_EDGE,
  screenshotScale,
} from '../../src/runtime/screenshot-scale.js';

test('the image a model is shown is the viewport at device scale 1: its pixels are CSS px', () => {
  assert.deepEqual(screenshotScale(1366, 768, 1), { scale: 1, scaled: false });
  assert.deepEqual(screenshotScale(390, 844, 1.5), { scale: 1, scaled: true });
  assert.deepEqual(screenshotScale(390, 844, 3), { scale: 1, scaled: true });
});

test('an image too large is scaled so its long edge stays under MAX_SCREENSHOT_EDGE, the height included', () => {
  const wide = screenshotScale(1920, 1080, 1);
  assert.equal(wide.scaled, true);
  assert.ok(Math.round(1920 * wide.scale) <= MAX_SCREENSHOT_EDGE);
  const tall = screenshotScale(1280, 16_384, 1);
  assert.equal(tall.scaled, true);
  assert.ok(Math.round(16_384 * tall.scale) <= MAX_SCREENSHOT_EDGE);
});

test('the full-resolution PNG keeps the device scale, within what Chromium captures at once', () => {
  assert.equal(fullResolutionScale(390, 844, 3), 3);
  assert.equal(fullResolutionScale(1366, 12_000, 1), 1);
  const huge = fullResolutionScale(1366, 12_000, 2);
  assert.ok(huge < 2 && Math.round(12_000 * huge) <= MAX_CAPTURE_EDGE);
});
