/**
 * One pass over a schema document: its target namespace and every xs:import / xs:include /
 * xs:redefine, with the exact range of each schemaLocation value so it can be rewritten.
 */
import { SaxesParser } from 'saxes';
import { MAX_XML_DEPTH } from '../../manifest/xml-parse.js';
import { feedUntil, saxesMessage } from './saxes-feed.js';
import { startTagOffset, TextPositions } from './text-position.js';

export const XSD_NAMESPACE = 'http://www.w3.org/2001/XMLSchema';

export interface SchemaReference {
  kind: 'import' | 'include' | 'redefine';
  /** For imports: the namespace attribute; null when absent (a no-namespace import). */
  namespace: string | null;
  location?: string;
  /** Range of the schemaLocation value (without quotes) in the text. */
  valueStart?: number;
  valueEnd?: number;
  line: number;
  column: number;
}

export type SchemaScan =
  | { ok: true; targetNamespace: string | null; references: SchemaReference[] }
  | { ok: false; message: string; line: number; column: number };

export function scanSchema(text: string): SchemaScan {
  const positions = new TextPositions(text);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const references: SchemaReference[] = [];
  let depth = 0;
  let targetNamespace: string | null = null;
  let tagStart = 0;
  let error: { message: string; line: number; column: number } | undefined;
  let finished = false;

  parser.on('opentagstart', (tag) => {
    tagStart = startTagOffset(text, parser.position, tag.name);
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth > MAX_XML_DEPTH) {
      // The schema parses no deeper: past this saxes turns quadratic, and libxml2 never sees it.
      error ??= {
        message: `elements are nested more than ${MAX_XML_DEPTH} levels deep (the official schemas nest about ten)`,
        ...positions.at(tagStart),
      };
      return;
    }
    if (depth === 1) {
      if (tag.uri !== XSD_NAMESPACE || tag.local !== 'schema') {
        error = { message: `the root element is <${tag.name}>, not an xs:schema`, ...positions.at(tagStart) };
        return;
      }
      targetNamespace = tag.attributes['targetNamespace']?.value ?? null;
      return;
    }
    if (depth !== 2 || tag.uri !== XSD_NAMESPACE) return;
    if (tag.local !== 'import' && tag.local !== 'include' && tag.local !== 'redefine') return;
    const ref: SchemaReference = {
      kind: tag.local,
      namespace: tag.local === 'import' ? (tag.attributes['namespace']?.value ?? null) : null,
      ...positions.at(tagStart),
    };
    const location = tag.attributes['schemaLocation'];
    if (location) {
      ref.location = location.value.trim();
      const tagText = text.slice(tagStart, parser.position);
      const m = /\sschemaLocation\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tagText);
      if (m) {
        const raw = m[1] ?? m[2] ?? '';
        ref.valueEnd = tagStart + m.index + m[0].length - 1;
        ref.valueStart = ref.valueEnd - raw.length;
      }
    }
    references.push(ref);
  });
  parser.on('closetag', () => {
    depth--;
    if (depth === 0) finished = true;
  });
  parser.on('error', (e) => {
    error ??= { message: saxesMessage(e), line: parser.line, column: parser.column + 1 };
  });
  // Imports and includes must come first in a schema, but a whole pass is cheap and also proves
  // the file is well-formed before libxml2 sees it.
  feedUntil(parser, text, () => error !== undefined || finished);
  if (error) return { ok: false, ...error };
  return { ok: true, targetNamespace, references };
}
