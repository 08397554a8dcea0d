/**
 * Pairs the heading nodes of Playwright's accessibility snapshot with the headings of our own page read,
 * so a heading's line in page_state's YAML carries the ref an agent scrolls to, and the answer need not
 * list the heading a second time. Both lists are in document order; a node takes the next heading whose
 * text and level agree with it, and a node left unpaired shows no ref.
 */
import type { AriaNode } from './aria.js';
import type { ScanHeading } from './page/types.js';

/** How many headings ahead a node looks for its own (past headings the snapshot does not list). */
const WINDOW = 8;
/** Characters compared: our page read clips a heading's text. */
const TEXT_PROBE = 60;

export function pairHeadings(nodes: AriaNode[], headings: ScanHeading[]): Map<AriaNode, string> {
  const pairs = new Map<AriaNode, string>();
  let front = 0;
  for (const node of nodes) {
    const end = Math.min(headings.length, front + WINDOW);
    for (let i = front; i < end; i++) {
      const heading = headings[i] as ScanHeading;
      if (heading.ref && agree(node, heading)) {
        pairs.set(node, heading.ref);
        front = i + 1;
        break;
      }
    }
  }
  return pairs;
}

function agree(node: AriaNode, heading: ScanHeading): boolean {
  if (node.level !== undefined && heading.level !== null && node.level !== heading.level) return false;
  const name = probe(node.name ?? '');
  return name !== '' && name === probe(heading.text);
}

function probe(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, TEXT_PROBE);
}
