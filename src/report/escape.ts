/** Escaping shared by the XML, HTML and terminal formats. Messages can quote hostile package content. */

// Code points XML 1.0 forbids even as character references: C0 controls other than tab/LF/CR,
// lone surrogates, and U+FFFE/U+FFFF.
const XML_INVALID =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for XML/HTML element content and (double- or single-quoted) attribute values. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '\uFFFD').replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Like escapeXml, but keeps line breaks and tabs readable inside attributes (XML normalises them away). */
export function escapeXmlAttribute(text: string): string {
  return escapeXml(text).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/**
 * Makes text safe to print on a terminal: control characters (including ESC, which could move the
 * cursor or rewrite the title) become visible \xNN / \uNNNN escapes; tab and newline are kept.
 */
export function sanitizeForTerminal(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
