/**
 * A drop-down the course draws itself out of buttons (storyline-2's person picker, a Storyline layer): a
 * box that says "--- SELECT ---" and, once clicked, a column of option rows of the box's size hanging
 * right under it. Runs in the page (bundled with scan.ts) and in Node (purpose.ts reads the prompt).
 */
import type { ScanCandidate } from './types.js';

// Drawn boxes and rows line up to the pixel; the player rounds its scaled positions.
const ALIGN_PX = 2;
/** Rows may sit apart by at most this share of a row's height (a drawn border between them). */
const ROW_GAP = 0.5;
const DECORATION = /^[\s\-–—_*<>[\]()]+|[\s\-–—_*<>[\]():.…]+$/g;

/** A box's words before any choice: "--- SELECT ---", "Select…", "[Choose one]"; never a bare "Select". */
export function isDropdownPrompt(name: string): boolean {
  const words = name.toLowerCase().replace(/\s+/g, ' ').trim();
  const bare = words.replace(DECORATION, '');
  return bare !== words && /^(select|choose|pick)( [a-z]+){0,3}$/.test(bare);
}

interface Row {
  index: number;
  box: DOMRect;
}

/**
 * Marks each drawn drop-down that is open: a button above at least two buttons of its size stacked right
 * under it, the box saying a prompt or one of the rows' names (the choice made before). The rows become
 * one group (kind "dropdown", from `newGroup(box)`), the box `dropdownBox`. A column of equal buttons whose
 * top one says something else (a list of tabs) is no drop-down.
 */
export function groupDrawnDropdowns(
  candidates: ScanCandidate[],
  elements: Element[],
  newGroup: (box: Element) => number,
): void {
  const pool: Row[] = [];
  candidates.forEach((c, index) => {
    if (!c.rendered || c.group >= 0 || c.ariaRole !== 'button') return;
    const box = (elements[index] as Element).getBoundingClientRect();
    if (box.height > 0) pool.push({ index, box });
  });
  pool.sort((a, b) => a.box.top - b.box.top);
  const used = new Set<number>();
  for (const head of pool) {
    if (used.has(head.index)) continue;
    const b = head.box;
    const sameSize = (r: DOMRect): boolean =>
      Math.abs(r.left - b.left) <= ALIGN_PX &&
      Math.abs(r.width - b.width) <= ALIGN_PX &&
      Math.abs(r.height - b.height) <= Math.max(ALIGN_PX, b.height * 0.2);
    const rows: Row[] = [];
    let bottom = b.bottom;
    for (const row of pool) {
      if (row === head || used.has(row.index) || !sameSize(row.box)) continue;
      if (row.box.top < bottom - ALIGN_PX) continue;
      if (row.box.top > bottom + b.height * ROW_GAP) break;
      rows.push(row);
      bottom = row.box.bottom;
    }
    if (rows.length < 2) continue;
    // Names as listed: under aria-hidden (a page behind Adapt's open drawer) every accessible name is empty,
    // and an empty box matching empty rows made its accordion a drop-down.
    const nameOf = (i: number): string => {
      const c = candidates[i] as ScanCandidate;
      return c.accName || c.label || c.text;
    };
    const boxName = nameOf(head.index);
    const names = rows.map((r) => nameOf(r.index));
    if (boxName === '' || (!isDropdownPrompt(boxName) && !names.includes(boxName))) continue;
    const group = newGroup(elements[head.index] as Element);
    (candidates[head.index] as ScanCandidate).dropdownBox = true;
    used.add(head.index);
    for (const row of rows) {
      (candidates[row.index] as ScanCandidate).group = group;
      used.add(row.index);
    }
  }
}
