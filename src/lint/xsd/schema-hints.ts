/**
 * Reads the schema hints (xsi:schemaLocation, xsi:noNamespaceSchemaLocation) from the start tag
 * of a manifest's root element, with their positions. Hints below the root: element-hints.ts.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { feedUntil, saxesMessage } from './saxes-feed.js';
import { findAttributeOffset, startTagOffset, TextPositions } from './text-position.js';

export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export interface Position {
  line: number;
  column: number;
}

export interface SchemaLocationPair {
  namespace: string;
  location: string;
}

export interface SchemaHints {
  root: { namespace: string; local: string } & Position;
  /** Namespace URI -> prefix declared on the root ('' for the default namespace). */
  prefixes: Map<string, string>;
  schemaLocation?: Position & {
    pairs: SchemaLocationPair[];
    /** The token left over when the value has an odd number of tokens. */
    unpaired?: string;
  };
  noNamespaceSchemaLocation?: Position & { location: string };
}

export type HintAttributes = Pick<SchemaHints, 'schemaLocation' | 'noNamespaceSchemaLocation'>;

/** The xsi:schemaLocation and xsi:noNamespaceSchemaLocation of one start tag; `at` places an attribute. */
export function readHintAttributes(tag: SaxesTagNS, at: (qname: string) => Position): HintAttributes {
  const hints: HintAttributes = {};
  for (const attr of Object.values(tag.attributes)) {
    if (attr.uri !== XSI_NAMESPACE) continue;
    if (attr.local === 'schemaLocation') {
      const tokens = attr.value.split(/[\t\n\r ]+/).filter((t) => t !== '');
      const pairs: SchemaLocationPair[] = [];
      for (let i = 0; i + 1 < tokens.length; i += 2) {
        pairs.push({ namespace: tokens[i] as string, location: tokens[i + 1] as string });
      }
      hints.schemaLocation = { ...at(attr.name), pairs };
      if (tokens.length % 2 === 1) hints.schemaLocation.unpaired = tokens[tokens.length - 1];
    } else if (attr.local === 'noNamespaceSchemaLocation') {
      hints.noNamespaceSchemaLocation = { ...at(attr.name), location: attr.value.trim() };
    }
  }
  return hints;
}

export type HintsResult = { ok: true; hints: SchemaHints } | ({ ok: false; message: string } & Position);

export function readSchemaHints(text: string, positions = new TextPositions(text)): HintsResult {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let root: SaxesTagNS | undefined;
  let rootStart = -1;
  let rootEnd = -1;
  let error: ({ message: string } & Position) | undefined;
  parser.on('opentagstart', (tag) => {
    if (rootStart < 0) rootStart = startTagOffset(text, parser.position, tag.name);
  });
  parser.on('opentag', (tag) => {
    if (root) return;
    root = tag;
    rootEnd = parser.position;
  });
  parser.on('error', (e) => {
    error ??= { message: saxesMessage(e), line: parser.line, column: parser.column + 1 };
  });
  // Small chunks: only the root start tag is needed, usually within the first kilobyte.
  feedUntil(parser, text, () => root !== undefined || error !== undefined, 1024);
  if (error) return { ok: false, ...error };
  if (!root) return { ok: false, message: 'the document has no root element', line: 1, column: 1 };

  const at = (qname: string): Position => {
    const offset = findAttributeOffset(text, rootStart, rootEnd, qname);
    return positions.at(offset >= 0 ? offset : Math.max(rootStart, 0));
  };
  const prefixes = new Map<string, string>();
  for (const [prefix, uri] of Object.entries(root.ns ?? {})) {
    if (!prefixes.has(uri)) prefixes.set(uri, prefix);
  }
  const hints: SchemaHints = {
    root: { namespace: root.uri, local: root.local, ...positions.at(Math.max(rootStart, 0)) },
    prefixes,
  };
  Object.assign(hints, readHintAttributes(root, at));
  return { ok: true, hints };
}
