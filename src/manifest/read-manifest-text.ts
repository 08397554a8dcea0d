/**
 * Manifest bytes -> text. UTF-8 (BOM stripped and reported), UTF-16 LE/BE (BOM or the XML
 * auto-detection pattern), and any encoding declared in the XML declaration that TextDecoder knows
 * (e.g. ISO-8859-1, which WHATWG decodes as windows-1252). Bytes that are not valid in the encoding
 * fail with the line and byte offset; nothing is replaced silently.
 */
import { ScormTesterError } from '../core/errors.js';
import { openRegularFile } from '../core/regular-file.js';

export const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export interface ManifestText {
  text: string;
  /** WHATWG name of the encoding used: "utf-8", "utf-16le", "utf-16be", "windows-1252", ... */
  encoding: string;
  /** True when the bytes started with a byte order mark (removed from `text`). */
  hadBom: boolean;
}

function tooLarge(file: string, size: number): ScormTesterError {
  const mib = (size / 1024 / 1024).toFixed(1);
  return new ScormTesterError(
    'MANIFEST_TOO_LARGE',
    `${file} is ${mib} MiB; manifests over ${MAX_MANIFEST_BYTES / 1024 / 1024} MiB are refused. Move inline metadata to separate files referenced with <adlcp:location>, or split the course.`,
    { file, size, limit: MAX_MANIFEST_BYTES },
  );
}

/**
 * Opened without blocking and checked on the descriptor (a FIFO named imsmanifest.xml must not hold the
 * open), and its size checked before it is read, so an oversized manifest is refused unread.
 */
export async function readManifestText(absPath: string, file = 'imsmanifest.xml'): Promise<ManifestText> {
  let opened: Awaited<ReturnType<typeof openRegularFile>>;
  try {
    opened = await openRegularFile(absPath, { followLinks: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new ScormTesterError(
      'MANIFEST_NOT_FOUND',
      `${file} could not be read (${code}) at ${absPath}. Put imsmanifest.xml at the package root.`,
      { file, path: absPath },
    );
  }
  const { handle, stats } = opened;
  try {
    if (stats.size > MAX_MANIFEST_BYTES) throw tooLarge(file, stats.size);
    return decodeManifestBytes(await handle.readFile(), file);
  } finally {
    await handle.close();
  }
}

function encodingError(
  file: string,
  message: string,
  details: Record<string, unknown> = {},
): ScormTesterError {
  return new ScormTesterError('MANIFEST_VALIDATION_ERROR', `${file}: ${message}`, {
    file,
    line: 0,
    column: 0,
    rule: 'xml.encoding',
    ...details,
  });
}

/** The encoding="..." label of the XML declaration, read as ASCII. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1');
  const m = /^<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._:-]*)\1/.exec(head);
  return m?.[2] ?? null;
}

function makeDecoder(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true });
  } catch {
    return null;
  }
}

export function decodeManifestBytes(bytes: Uint8Array, file = 'imsmanifest.xml'): ManifestText {
  if (bytes.length > MAX_MANIFEST_BYTES) throw tooLarge(file, bytes.length);
  const [b0, b1, b2, b3] = bytes;
  if ((b0 === 0 && b1 === 0) || (b1 === 0 && b2 === 0 && b3 === 0 && (b0 === 0x3c || b0 === 0xff))) {
    throw encodingError(
      file,
      'looks UTF-32 (or UCS-4) encoded, which is not supported. Save the file as UTF-8.',
    );
  }
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decodeUtf8(bytes.subarray(3), file, true);
  if (b0 === 0xff && b1 === 0xfe) return decodeUtf16(bytes.subarray(2), 'utf-16le', file, true);
  if (b0 === 0xfe && b1 === 0xff) return decodeUtf16(bytes.subarray(2), 'utf-16be', file, true);
  if (b0 === 0x3c && b1 === 0x00) return decodeUtf16(bytes, 'utf-16le', file, false);
  if (b0 === 0x00 && b1 === 0x3c) return decodeUtf16(bytes, 'utf-16be', file, false);

  const label = declaredEncoding(bytes);
  if (label === null) return decodeUtf8(bytes, file, false);
  const decoder = makeDecoder(label);
  if (!decoder) {
    throw encodingError(
      file,
      `the XML declaration names encoding "${label}", which is not supported. Save the file as UTF-8 and declare encoding="UTF-8".`,
      { encoding: label },
    );
  }
  if (decoder.encoding === 'utf-8') return decodeUtf8(bytes, file, false);
  if (decoder.encoding.startsWith('utf-16')) {
    throw encodingError(
      file,
      `the XML declaration says encoding="${label}" but the bytes are not UTF-16 (no byte order mark, ASCII-compatible). Save the file as UTF-8 and declare encoding="UTF-8", or fix the declaration.`,
      { encoding: label },
    );
  }
  if (decoder.encoding === 'windows-1252')
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', hadBom: false };
  try {
    return { text: decoder.decode(bytes), encoding: decoder.encoding, hadBom: false };
  } catch {
    throw encodingError(
      file,
      `contains bytes that are not valid ${label} (the encoding its XML declaration names). Save the file as UTF-8 and declare encoding="UTF-8".`,
      { encoding: label },
    );
  }
}

function decodeUtf16(
  bytes: Uint8Array,
  encoding: 'utf-16le' | 'utf-16be',
  file: string,
  hadBom: boolean,
): ManifestText {
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, encoding, hadBom };
  } catch {
    throw encodingError(
      file,
      `is not valid ${encoding.toUpperCase()} (odd byte count or unpaired surrogate). Save the file as UTF-8.`,
      { encoding },
    );
  }
}

function decodeUtf8(bytes: Uint8Array, file: string, hadBom: boolean): ManifestText {
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
      encoding: 'utf-8',
      hadBom,
    };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset; i++) {
      if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) {
        line++;
        lineStart = i + 1;
      }
    }
    const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset)).length + 1;
    const byteOffset = offset + (hadBom ? 3 : 0);
    const hex = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    throw new ScormTesterError(
      'MANIFEST_VALIDATION_ERROR',
      `${file}:${line}:${column}: invalid UTF-8 byte 0x${hex} at byte offset ${byteOffset}. Save the file as UTF-8 (or, if it really is in another encoding, declare it, e.g. <?xml version="1.0" encoding="ISO-8859-1"?>).`,
      { file, line, column, byteOffset, rule: 'xml.encoding' },
    );
  }
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (bytes.length if none). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  const cont = (j: number, lo = 0x80, hi = 0xbf): boolean =>
    j < n && (bytes[j] ?? 0) >= lo && (bytes[j] ?? 0) <= hi;
  while (i < n) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) i += 1;
    else if (b >= 0xc2 && b <= 0xdf && cont(i + 1)) i += 2;
    else if (b === 0xe0 && cont(i + 1, 0xa0) && cont(i + 2)) i += 3;
    else if (((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) && cont(i + 1) && cont(i + 2)) i += 3;
    else if (b === 0xed && cont(i + 1, 0x80, 0x9f) && cont(i + 2)) i += 3;
    else if (b === 0xf0 && cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3)) i += 4;
    else if (b >= 0xf1 && b <= 0xf3 && cont(i + 1) && cont(i + 2) && cont(i + 3)) i += 4;
    else if (b === 0xf4 && cont(i + 1, 0x80, 0x8f) && cont(i + 2) && cont(i + 3)) i += 4;
    else return i;
  }
  return n;
}

// 0x80-0x9F of windows-1252 (WHATWG index); unassigned bytes map to the same code point.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Node 20's TextDecoder drops or mangles bytes 0x80-0x9F for windows-1252 (the label WHATWG uses
 * for ISO-8859-1 too), so this table-driven decoder is used instead.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) =>
      b >= 0x80 && b <= 0x9f ? (CP1252_HIGH[b - 0x80] ?? b) : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}
