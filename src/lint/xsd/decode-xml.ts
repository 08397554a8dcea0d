/**
 * Decodes the bytes of an XML file the way an XML parser would: byte order mark first, then the
 * encoding declaration, UTF-8 by default.
 */
export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared && declared !== 'utf-8' && declared !== 'utf8') {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An encoding name we cannot decode: fall back to UTF-8, libxml2 reports what is wrong.
    }
  }
  return utf8(bytes);
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** The text re-labelled as UTF-8 (we always hand libxml2 UTF-8 bytes). */
export function declareUtf8(text: string): string {
  return text.replace(/^(\uFEFF?<\?xml[^>]*?\sencoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2');
}
