/** The pixel size read from a WebP header, for the three kinds of WebP Chromium may write; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { webpSize } from '../../src/runtime/webp.js';

function riff(chunk: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0);
  head.writeUInt32LE(payload.length + 12, 4);
  head.write('WEBP', 8);
  head.write(chunk, 12);
  head.writeUInt32LE(payload.length, 16);
  return Buffer.concat([head, payload]);
}

test('lossy (VP8), lossless (VP8L) and extended (VP8X) headers give width and height', () => {
  const vp8 = Buffer.alloc(16);
  vp8.writeUInt16LE(1366, 6);
  vp8.writeUInt16LE(768, 8);
  assert.deepEqual(webpSize(riff('VP8 ', vp8)), { width: 1366, height: 768 });

  const vp8l = Buffer.alloc(16);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE((390 - 1) | ((844 - 1) << 14), 1);
  assert.deepEqual(webpSize(riff('VP8L', vp8l)), { width: 390, height: 844 });

  const vp8x = Buffer.alloc(16);
  vp8x.writeUIntLE(1024 - 1, 4, 3);
  vp8x.writeUIntLE(700 - 1, 7, 3);
  assert.deepEqual(webpSize(riff('VP8X', vp8x)), { width: 1024, height: 700 });
});

test('a buffer that is not a WebP image is refused', () => {
  assert.throws(() => webpSize(Buffer.from('not an image at all, thirty bytes long')), /not a WebP/);
});
