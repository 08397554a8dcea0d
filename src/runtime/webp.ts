/** Width and height from a WebP file's header (lossy VP8, lossless VP8L or extended VP8X; no image library needed). */
export function webpSize(webp: Buffer): { width: number; height: number } {
  if (
    webp.length < 30 ||
    webp.subarray(0, 4).toString() !== 'RIFF' ||
    webp.subarray(8, 12).toString() !== 'WEBP'
  ) {
    throw new Error('not a WebP image');
  }
  const chunk = webp.subarray(12, 16).toString();
  if (chunk === 'VP8X') return { width: webp.readUIntLE(24, 3) + 1, height: webp.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = webp.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ')
    return { width: webp.readUInt16LE(26) & 0x3fff, height: webp.readUInt16LE(28) & 0x3fff };
  throw new Error(`unknown WebP chunk ${chunk}`);
}
