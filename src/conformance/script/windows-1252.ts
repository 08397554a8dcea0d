/**
 * windows-1252 decoding. Node's TextDecoder maps 0x80-0x9F to C1 controls (ISO-8859-1), but the ADL
 * scripts were written on windows-1252 machines (DDM.properties has 0x92, a right single quote).
 */
const HIGH_CONTROLS: readonly number[] = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const chunk: number[] = [];
  for (const byte of bytes) {
    chunk.push(byte >= 0x80 && byte <= 0x9f ? (HIGH_CONTROLS[byte - 0x80] ?? byte) : byte);
    if (chunk.length === 8192) {
      out += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return out + String.fromCharCode(...chunk);
}
