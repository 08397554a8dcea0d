/**
 * Schema hints on the elements below a manifest's root. XML Schema lets xsi:schemaLocation and
 * xsi:noNamespaceSchemaLocation stand on any element (Structures 4.3.2), and exports use that for
 * in-line metadata: `<lom xmlns="http://ltsc.ieee.org/xsd/LOM" xsi:schemaLocation="... lom.xsd">`.
 */
import { SaxesParser } from 'saxes';
import { MAX_XML_DEPTH } from '../../manifest/xml-parse.js';
import { feedUntil } from './saxes-feed.js';
import { readHintAttributes, type HintAttributes, type Position } from './schema-hints.js';
import { findAttributeOffset, startTagOffset, type TextPositions } from './text-position.js';

export interface ElementHints extends HintAttributes, Position {
  /** The element's name as written, e.g. `lom` or `lom:lom`. */
  element: string;
}

/**
 * Hints of every element but the root, in document order; the pass ends at the first XML error.
 * `root`: the root's own hints (schema-hints.ts), when known, so that a manifest without any below it is
 * not parsed again: an attribute's name is written out in the text (no entity can form it), so when
 * `chemaLocation` occurs no more often than the root has hint attributes, every occurrence is the root's.
 */
export function readElementHints(
  text: string,
  positions: TextPositions,
  root?: HintAttributes,
): ElementHints[] {
  if (root && occurrences(text, 'chemaLocation') <= hintCount(root)) return [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  const found: ElementHints[] = [];
  let depth = 0;
  let tagStart = 0;
  let stop = false;
  parser.on('opentagstart', (tag) => {
    tagStart = startTagOffset(text, parser.position, tag.name);
  });
  parser.on('opentag', (tag) => {
    depth++;
    // Deeper than this the manifest parser refuses the file; saxes would also turn slow.
    if (depth > MAX_XML_DEPTH) stop = true;
    if (depth === 1 || stop) return;
    const tagEnd = parser.position;
    const start = tagStart;
    const at = (qname: string): Position => {
      const offset = findAttributeOffset(text, start, tagEnd, qname);
      return positions.at(offset >= 0 ? offset : Math.max(start, 0));
    };
    const hints = readHintAttributes(tag, at);
    if (hints.schemaLocation || hints.noNamespaceSchemaLocation) {
      found.push({ element: tag.name, ...positions.at(Math.max(start, 0)), ...hints });
    }
  });
  parser.on('closetag', () => {
    depth--;
  });
  parser.on('error', () => {
    stop = true;
  });
  feedUntil(parser, text, () => stop);
  return found;
}

function occurrences(text: string, word: string): number {
  let count = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) count++;
  return count;
}

function hintCount(hints: HintAttributes): number {
  return (hints.schemaLocation ? 1 : 0) + (hints.noNamespaceSchemaLocation ? 1 : 0);
}
