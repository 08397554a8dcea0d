/**
 * A drag-and-drop the page draws without declaring it (runs in the page, bundled with scan.ts): cards the
 * pointer grabs (`cursor: grab`) and, near them, the zones they are let go on, named by their words.
 * Rise's sorting activity draws its cards as divs and its piles ("Legitimate", "Fake") as divs with a
 * nameless focusable area; a sighted learner sees the cards and the named piles and drags one onto the
 * other. Which card goes on which pile is never read: that is the learner's answer.
 */
import type { ScanCandidate, ScanGroup } from './types.js';

// Class tokens of a zone a card is let go on; the outermost element that carries one is the zone.
const ZONE_CLASS =
  /(^|[\s_-])(drop|dropzone|droppable|drop-?area|pile|bucket|bin|basket|category|zone)([\s_-]|$)/i;
// Levels above the cards' container looked through for their zones (Rise: the deck, its row, the activity).
const REGION_DEPTH = 6;
const MAX_ZONES = 12;

/** Grabbed by the pointer: the outermost element of a `cursor: grab` run (its children inherit it). */
export function grabbed(el: Element): boolean {
  const grab = (e: Element): boolean => /grab$/.test(getComputedStyle(e).cursor);
  return grab(el) && !(el.parentElement && grab(el.parentElement));
}

/**
 * Turns a group of clickable options that are all grabbed (`draggable`), or a grabbed card alone (the last
 * one left on Rise's deck), into a drag-and-drop when zones sit near them: each zone's nameless focusable
 * area (or the zone itself, through `listZone`) becomes a drop target of the group, named by the zone's words.
 */
export function groupDrawnDragDrop(
  candidates: ScanCandidate[],
  elements: Element[],
  groups: ScanGroup[],
  hooks: {
    listZone: (zone: Element, name: string) => number;
    newGroup: (item: Element) => number;
    clip: (s: string) => string;
  },
): void {
  const members = new Map<number, number[]>();
  const alone: number[] = [];
  candidates.forEach((c, i) => {
    if (c.group >= 0 && groups[c.group]?.kind === 'clickable') {
      const list = members.get(c.group);
      if (list) list.push(i);
      else members.set(c.group, [i]);
    } else if (c.group < 0 && c.clickable && c.draggable) {
      alone.push(i);
    }
  });
  const sets: Array<{ group: number | null; indices: number[] }> = [
    ...[...members].map(([group, indices]) => ({ group, indices })),
    ...alone.map((i) => ({ group: null, indices: [i] })),
  ];
  for (const set of sets) {
    if (!set.indices.every((i) => candidates[i]?.draggable)) continue;
    const items = set.indices.map((i) => elements[i] as Element);
    const zones = zonesNear(items);
    if (zones.length === 0) continue;
    let g = set.group;
    if (g === null) {
      g = hooks.newGroup(items[0] as Element);
      (candidates[set.indices[0] as number] as ScanCandidate).group = g;
    } else {
      (groups[g] as ScanGroup).kind = 'drag_drop';
    }
    for (const zone of zones) {
      const name = hooks.clip(zoneWords(zone, items));
      // An area judged hidden is left for the zone itself: Rise's pile area lets the pointer through
      // (pointer-events: none) and, until its block is scrolled into view, sits in a faded-out block.
      let index = elements.findIndex(
        (e, i) =>
          zone.contains(e) &&
          (candidates[i] as ScanCandidate).rendered &&
          !(candidates[i] as ScanCandidate).draggable &&
          (candidates[i] as ScanCandidate).group < 0 &&
          !(candidates[i] as ScanCandidate).accName,
      );
      if (index < 0) index = hooks.listZone(zone, name);
      const target = candidates[index];
      if (!target) continue;
      target.group = g;
      target.dropTarget = true;
      if (!target.accName) target.accName = name;
    }
  }
}

/** The zones in the closest region around the items that holds any: outermost, holding no item. */
function zonesNear(items: Element[]): Element[] {
  let region: Element | null = items[0]?.parentElement ?? null;
  while (region && !items.every((i) => region!.contains(i))) region = region.parentElement;
  for (let depth = 0; region && depth < REGION_DEPTH; depth++, region = region.parentElement) {
    if (region === region.ownerDocument.body) break;
    const zones = Array.from(region.querySelectorAll('[class], [aria-dropeffect]')).filter(
      (e) => isZone(e) && !items.some((i) => e.contains(i) || i.contains(e)),
    );
    const outermost = zones.filter((z) => !zones.some((o) => o !== z && o.contains(z)));
    if (outermost.length > 0) return outermost.slice(0, MAX_ZONES);
  }
  return [];
}

function isZone(el: Element): boolean {
  const effect = el.getAttribute('aria-dropeffect');
  if (effect && effect !== 'none') return true;
  const cls = typeof el.className === 'string' ? el.className : '';
  return ZONE_CLASS.test(cls);
}

/**
 * The zone's own words: the element of its first text outside the cards ("Legitimate", the pile's title
 * above the cards let go on it).
 */
function zoneWords(zone: Element, items: Element[]): string {
  const walker = zone.ownerDocument.createTreeWalker(zone, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || items.some((i) => i.contains(parent)) || parent.closest('[draggable="true"]')) continue;
    if ((n.textContent ?? '').trim()) return parent.textContent ?? '';
  }
  return '';
}
